"""Every feature of `vault lsp` through a real LSP client (pytest-lsp
checks each answer against the protocol and the client's capabilities)."""
import asyncio
import json
import os
import pathlib
import subprocess

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound

from conftest import ENV, uri

DRILL = "2026/11/drill-the-weakest-link-then-put-it-back-in-context.md"
ONE_ON_ONES = "2026/11/one-on-ones-are-high-leverage.md"


def read(root, path):
    return pathlib.Path(root, path).read_text()


def opened(client, path, text=None):
    text = read(client.root, path) if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(client.root, path), language_id="markdown", version=1, text=text)))
    return text


async def diagnostics(client, path):
    target = uri(client.root, path)
    for _ in range(200):
        if target in client.diagnostics:
            return client.diagnostics.pop(target)
        await asyncio.sleep(0.02)
    raise AssertionError(f"no diagnostics for {path}")


def at(client, path, line, character):
    return dict(text_document=types.TextDocumentIdentifier(uri=uri(client.root, path)),
                position=types.Position(line=line, character=character))


@pytest.mark.asyncio
async def test_initialize_states_the_features(example):
    capabilities = example.init_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert list(capabilities.completion_provider.trigger_characters[:2]) == ["[", "#"]
    assert capabilities.hover_provider and capabilities.definition_provider and capabilities.rename_provider


@pytest.mark.asyncio
async def test_an_unknown_method_is_answered_method_not_found(example):
    with pytest.raises(JsonRpcMethodNotFound):
        await example.protocol.send_request_async("vault/noSuchMethod", {})


@pytest.mark.asyncio
async def test_diagnostics_on_change_have_vault_checks_words(example):
    text = opened(example, DRILL)
    assert list(await diagnostics(example, DRILL)) == []
    example.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(example.root, DRILL), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text + "\nSee [[No such note]].\n")]))
    found = await diagnostics(example, DRILL)
    assert [d.code for d in found] == ["broken-link"]
    # The same sentence `vault check` gives once the text is saved.
    pathlib.Path(example.root, DRILL).write_text(text + "\nSee [[No such note]].\n")
    check = subprocess.run([os.environ["VAULT_BIN"], "--vault", example.root, "check", "--json"],
                           capture_output=True, text=True, env=ENV)
    problems = [p for p in json.loads(check.stdout) if p["path"] == DRILL]
    assert [p["message"] for p in problems] == [found[0].message]
    assert problems[0]["line"] == found[0].range.start.line + 1


@pytest.mark.asyncio
async def test_completion_after_brackets_offers_the_note_best_first(example):
    text = opened(example, DRILL, "See [[interl")
    answer = await example.text_document_completion_async(types.CompletionParams(**at(example, DRILL, 0, 12)))
    first = answer.items[0]
    assert first.label == "Interleaving feels worse and works better"
    assert first.text_edit.new_text == "interleaving-feels-worse-and-works-better]]"


@pytest.mark.asyncio
async def test_completion_of_tags_and_front_matter(example):
    opened(example, DRILL, "---\ncategory: Lea\n---\nText #hab")
    tags = await example.text_document_completion_async(types.CompletionParams(**at(example, DRILL, 3, 9)))
    assert tags.items[0].label == "habits"
    values = await example.text_document_completion_async(types.CompletionParams(**at(example, DRILL, 1, 13)))
    assert "Learning" in [item.label for item in values.items]


@pytest.mark.asyncio
async def test_definition_and_hover_on_a_link(example):
    text = opened(example, DRILL)
    line = next(i for i, l in enumerate(text.split("\n")) if "[[Interleaving" in l)
    column = text.split("\n")[line].index("[[") + 3
    found = await example.text_document_definition_async(types.DefinitionParams(**at(example, DRILL, line, column)))
    assert found[0].uri.endswith("2026/09/interleaving-feels-worse-and-works-better.md")
    hover = await example.text_document_hover_async(types.HoverParams(**at(example, DRILL, line, column)))
    assert hover.contents.value.startswith("**Interleaving feels worse and works better**")
    assert "#memory #practice" in hover.contents.value


@pytest.mark.asyncio
async def test_hover_on_the_title_and_on_a_card(example):
    text = opened(example, ONE_ON_ONES)
    lines = text.split("\n")
    title = next(i for i, l in enumerate(lines) if l.startswith("# "))
    hover = await example.text_document_hover_async(types.HoverParams(**at(example, ONE_ON_ONES, title, 3)))
    assert "Curation: daily" in hover.contents.value
    assert "Next review: weekly 2026-W46" in hover.contents.value
    card = next(i for i, l in enumerate(lines) if " :: " in l)
    hover = await example.text_document_hover_async(types.HoverParams(**at(example, ONE_ON_ONES, card, 3)))
    assert "Scheduler: fsrs" in hover.contents.value


@pytest.mark.asyncio
async def test_references_and_symbols(example):
    target = "2026/09/interleaving-feels-worse-and-works-better.md"
    opened(example, target)
    found = await example.text_document_references_async(types.ReferenceParams(
        **at(example, target, 0, 0), context=types.ReferenceContext(include_declaration=False)))
    assert uri(example.root, DRILL) in [location.uri for location in found]
    symbols = await example.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri(example.root, target))))
    assert symbols[0].name == "Interleaving feels worse and works better"
    notes = await example.workspace_symbol_async(types.WorkspaceSymbolParams(query="interleaving"))
    assert notes[0].name == "Interleaving feels worse and works better"


@pytest.mark.asyncio
async def test_rename_from_a_link_renames_the_file_and_rewrites_links(example):
    text = opened(example, DRILL)
    line = next(i for i, l in enumerate(text.split("\n")) if "[[Interleaving" in l)
    column = text.split("\n")[line].index("[[") + 3
    edit = await example.text_document_rename_async(types.RenameParams(**at(example, DRILL, line, column), new_name="Mixing works"))
    renames = [c for c in edit.document_changes if isinstance(c, types.RenameFile)]
    assert [(r.old_uri.rsplit("/", 1)[1], r.new_uri.rsplit("/", 1)[1]) for r in renames] == [
        ("interleaving-feels-worse-and-works-better.md", "mixing-works.md")]
    edited = {c.text_document.uri: c.edits for c in edit.document_changes if isinstance(c, types.TextDocumentEdit)}
    assert [e.new_text for e in edited[uri(example.root, DRILL)]] == ["Mixing works"]


@pytest.mark.asyncio
async def test_obsidian_heading_link_across_folders_with_spaces_and_accents(obsidian):
    path = "de/Oberfläche/Darstellung.md"
    opened(obsidian, path)
    found = await obsidian.text_document_definition_async(types.DefinitionParams(**at(obsidian, path, 6, 9)))
    assert found[0].uri == uri(obsidian.root, "en/User interface/Appearance.md")
    assert found[0].range.start.line == 7  # "## Fonts"
    assert list(await diagnostics(obsidian, path)) == []


@pytest.mark.asyncio
async def test_obsidian_completion_of_headings_and_rename_of_a_heading(obsidian):
    path = "fr/Édition/Encadrés.md"
    opened(obsidian, path, "[[Callouts#Sup")
    answer = await obsidian.text_document_completion_async(types.CompletionParams(**at(obsidian, path, 0, 14)))
    assert [item.label for item in answer.items] == ["Supported types"]
    target = "en/Help/Foo.md"
    opened(obsidian, target)
    edit = await obsidian.text_document_rename_async(types.RenameParams(**at(obsidian, target, 5, 4), new_name="First part"))
    files = sorted(c.text_document.uri.rsplit("/", 1)[1] for c in edit.document_changes)
    assert files == ["Basic%20formatting%20syntax.md", "Foo.md"]


@pytest.mark.asyncio
async def test_code_actions_keep_a_due_note_with_vault_reviews_event(example):
    text = opened(example, ONE_ON_ONES)
    title = next(i for i, l in enumerate(text.split("\n")) if l.startswith("# "))
    position = types.Position(line=title, character=0)
    found = await example.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(example.root, ONE_ON_ONES)),
        range=types.Range(start=position, end=position), context=types.CodeActionContext(diagnostics=[])))
    keep = next(a for a in found if a.title.startswith("Keep in the weekly review"))
    assert isinstance(keep, types.Command)
    answer = await example.workspace_execute_command_async(types.ExecuteCommandParams(
        command=keep.command, arguments=keep.arguments))
    assert answer.startswith("Kept ")
    history = subprocess.run([os.environ["VAULT_BIN"], "--vault", example.root, "history", ONE_ON_ONES, "--json"],
                             capture_output=True, text=True, env=ENV)
    assert '"curate"' in history.stdout and '"keep"' in history.stdout, history.stdout + history.stderr
    hover = await example.text_document_hover_async(types.HoverParams(**at(example, ONE_ON_ONES, title, 3)))
    assert "Curation: weekly" in hover.contents.value


@pytest.mark.asyncio
async def test_tag_rename_and_will_rename_files(example):
    text = opened(example, DRILL, "Text #habits here.\n")
    edit = await example.text_document_rename_async(types.RenameParams(**at(example, DRILL, 0, 7), new_name="routines"))
    edited = [c for c in edit.document_changes if isinstance(c, types.TextDocumentEdit)]
    assert len(edited) > 3
    assert all(e.new_text == "routines" for c in edited for e in c.edits)
    old = "2026/09/interleaving-feels-worse-and-works-better.md"
    # Links by title still lead there after a file rename: only a link by file name is rewritten.
    example.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(example.root, DRILL), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(
            text="See [[interleaving-feels-worse-and-works-better]].\n")]))
    edit = await example.workspace_will_rename_files_async(types.RenameFilesParams(files=[
        types.FileRename(old_uri=uri(example.root, old), new_uri=uri(example.root, "2026/09/mixing.md"))]))
    assert not [c for c in edit.document_changes if isinstance(c, types.RenameFile)]
    assert [(c.text_document.uri, [e.new_text for e in c.edits]) for c in edit.document_changes] == [
        (uri(example.root, DRILL), ["mixing"])]


@pytest.mark.asyncio
async def test_code_actions_create_a_linked_note_and_add_an_id(example):
    opened(example, DRILL, "# Drill\n\nSee [[A brand new idea]].\n")
    position = types.Position(line=2, character=8)
    found = await example.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(example.root, DRILL)),
        range=types.Range(start=position, end=position), context=types.CodeActionContext(diagnostics=[])))
    titles = [a.title for a in found]
    create = next(a for a in found if a.title.startswith('Create the note "A brand new idea"'))
    assert isinstance(create.edit.document_changes[0], types.CreateFile)
    assert "# A brand new idea" in create.edit.document_changes[1].edits[0].new_text
    assert "Add an id to this note" in titles
