"""References and renames against `vault links` on a vault that holds every
link form Obsidian writes (aliases, a table's `\\|`, heading and block links,
embeds, Markdown links with relative paths and `<…>`), and the forms that
are no links (escaped, code, comments): the language server must find and
edit exactly the backlinks `vault links` lists, open or not."""
import collections
import json
import os
import pathlib
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import ENV, start, uri

TARGET = "Editing/Callouts.md"

NOTES = {
    TARGET: "# Callouts\n\nUse callouts to stand out.\n\n## Supported types\n\nNote, tip. ^types\n",
    "Editing/Same folder.md": (
        "# Same folder\n\n[plain](Callouts.md) and [with heading](Callouts.md#Supported%20types)\n"
    ),
    "Index.md": (
        "# Index\n\n"
        "See [[Callouts]], [[Callouts|the boxes]] and [[Editing/Callouts]].\n\n"
        "| Page | Name |\n| --- | --- |\n| [[Callouts\\|مربعات التنبيه]] | x |\n| [[Callouts#Supported types\\|types]] | y |\n\n"
        "Heading [[Callouts#Supported types]], block [[Callouts#^types]], embed ![[Callouts]].\n"
        "Relative [up](Editing/Callouts.md) and angled [angled](<Editing/Callouts.md>).\n\n"
        "None of these: \\[\\[Callouts\\]\\], `[[Callouts]]`, %%[[Callouts]]%%, <!-- [[Callouts]] -->.\n\n"
        "```\n[[Callouts]]\n```\n"
    ),
    "Deep/Down/Under.md": "# Under\n\nFrom below: [x](../../Editing/Callouts.md) and ![[Callouts#Supported types]].\n",
    "Elsewhere.md": "# Elsewhere\n\nNo link to it, only [[Index]].\n",
}


def vault(root, *args):
    where = [] if args[0] == "init" else ["--vault", root]
    run = subprocess.run([os.environ["VAULT_BIN"], *where, *args], env=ENV, capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    return run.stdout


def backlinks(root, path):
    """(source, count) of every backlink `vault links` lists."""
    found = json.loads(vault(root, "links", path, "--json"))
    return collections.Counter(link["source"] for link in found["backlinks"])


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[os.environ["VAULT_BIN"], "lsp"], server_env=ENV))
async def crafted(lsp_client: LanguageClient):
    root = tempfile.mkdtemp(prefix="vault-links-")
    for path, text in NOTES.items():
        pathlib.Path(root, path).parent.mkdir(parents=True, exist_ok=True)
        pathlib.Path(root, path).write_text(text)
    vault(root, "init", root, "--timezone", "UTC")
    vault(root, "index")
    lsp_client.root = root
    lsp_client.init_result = await start(lsp_client, root)
    yield
    await lsp_client.shutdown_session()


def relative(root, location_uri):
    return str(pathlib.Path(location_uri.removeprefix("file://")).relative_to(root)).replace("%20", " ")


def apply(text, edits):
    """The text after the edits (UTF-16 positions, applied from the last)."""
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        line = lines[edit.range.start.line].encode("utf-16-le")
        start, end = edit.range.start.character * 2, edit.range.end.character * 2
        lines[edit.range.start.line] = (line[:start] + edit.new_text.encode("utf-16-le") + line[end:]).decode("utf-16-le")
    return "\n".join(lines)


@pytest.mark.asyncio
async def test_references_list_every_backlink_vault_links_lists(crafted):
    root = crafted.root
    expected = backlinks(root, TARGET)
    assert expected == {"Index.md": 10, "Editing/Same folder.md": 2, "Deep/Down/Under.md": 2}
    # None of the linking notes is open; the target is, at its title and at its first character.
    crafted.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(root, TARGET), language_id="markdown", version=1, text=NOTES[TARGET])))
    for position in [types.Position(line=0, character=4), types.Position(line=2, character=0)]:
        found = await crafted.text_document_references_async(types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri=uri(root, TARGET)), position=position,
            context=types.ReferenceContext(include_declaration=False)))
        assert collections.Counter(relative(root, l.uri) for l in found) == expected
    # From a link to it, in a note not open.
    index = NOTES["Index.md"].split("\n")
    line = next(i for i, text in enumerate(index) if "مربعات" in text)
    found = await crafted.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri(root, "Index.md")),
        position=types.Position(line=line, character=5), context=types.ReferenceContext(include_declaration=False)))
    assert collections.Counter(relative(root, l.uri) for l in found) == expected


@pytest.mark.asyncio
async def test_rename_edits_every_backlink_and_vault_links_agrees_after(crafted):
    root = crafted.root
    expected = backlinks(root, TARGET)
    crafted.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(root, TARGET), language_id="markdown", version=1, text=NOTES[TARGET])))
    # Renaming from a table row's link (`[[Callouts\|…]]`) renames the file.
    index = NOTES["Index.md"].split("\n")
    line = next(i for i, text in enumerate(index) if "مربعات" in text)
    edit = await crafted.text_document_rename_async(types.RenameParams(
        text_document=types.TextDocumentIdentifier(uri=uri(root, "Index.md")),
        position=types.Position(line=line, character=5), new_name="Boxes"))
    edited = collections.Counter()
    for change in edit.document_changes:
        if isinstance(change, types.TextDocumentEdit):
            path = relative(root, change.text_document.uri)
            edited[path] += len(change.edits)
            file = pathlib.Path(root, path)
            file.write_text(apply(file.read_text(), change.edits))
    renames = [c for c in edit.document_changes if isinstance(c, types.RenameFile)]
    assert [(relative(root, r.old_uri), relative(root, r.new_uri)) for r in renames] == [(TARGET, "Editing/Boxes.md")]
    assert edited == expected
    pathlib.Path(root, TARGET).rename(pathlib.Path(root, "Editing/Boxes.md"))
    # Every link now leads to the renamed note, in the forms they had.
    assert backlinks(root, "Editing/Boxes.md") == expected
    assert "broken-link" not in vault(root, "check", "--json")
    text = pathlib.Path(root, "Index.md").read_text()
    for written in ["[[Boxes\\|مربعات التنبيه]]", "[[Boxes|the boxes]]", "[[Boxes#Supported types\\|types]]",
                    "[[Boxes#^types]]", "![[Boxes]]", "(Editing/Boxes.md)", "(<Editing/Boxes.md>)",
                    "\\[\\[Callouts\\]\\]", "`[[Callouts]]`", "%%[[Callouts]]%%", "<!-- [[Callouts]] -->",
                    "```\n[[Callouts]]\n```"]:
        assert written in text, written
    assert "(../../Editing/Boxes.md)" in pathlib.Path(root, "Deep/Down/Under.md").read_text()
    assert "(Boxes.md#Supported%20types)" in pathlib.Path(root, "Editing/Same folder.md").read_text()
