"""Answering a Spaced Repetition plugin card from the editor (`vault lsp`'s code actions and
`vault.answer`), checked against what `vault study --rate` writes for the same answer at the
same VAULT_NOW: the same ledger line, and the same rewritten `<!--SR:…-->` comment."""
import os
import pathlib
import subprocess

import pytest
from lsprotocol import types

from conftest import ENV, uri

CELLS = "Biology/Cells.md"


def ledger(root):
    """The ledger's lines by file, each without its DEVICE column (every clone has its own)."""
    folder = pathlib.Path(root, ".vault", "ledger")
    return {p.name: ["\t".join(line.split("\t")[:1] + line.split("\t")[2:]) for line in p.read_text().splitlines()]
            for p in sorted(folder.glob("*.log"))}


def applied(text, edit):
    """`text` with one TextEdit applied (UTF-16 columns)."""
    units = text.encode("utf-16-le")

    def offset(position):
        lines = text.split("\n")
        before = "\n".join(lines[:position.line]) + ("\n" if position.line else "")
        return len(before.encode("utf-16-le")) + 2 * position.character

    start, end = offset(edit.range.start), offset(edit.range.end)
    return (units[:start] + edit.new_text.encode("utf-16-le") + units[end:]).decode("utf-16-le")


async def answers(client, line):
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(client.root, CELLS)),
        range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)),
        context=types.CodeActionContext(diagnostics=[])))
    return [a for a in actions or [] if isinstance(a, types.Command) and a.command == "vault.answer"]


@pytest.mark.asyncio
async def test_answering_a_plugin_card_writes_what_vault_study_writes(plugin):
    assert "vault.answer" in plugin.init_result.capabilities.execute_command_provider.commands
    text = pathlib.Path(plugin.root, CELLS).read_text()
    plugin.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(plugin.root, CELLS), language_id="markdown", version=1, text=text)))
    edits = []

    @plugin.feature(types.WORKSPACE_APPLY_EDIT)
    def apply_edit(params):
        edits.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    lines = text.split("\n")
    card_line = lines.index("The smallest unit of life?::The cell")
    assert lines[card_line + 1] == "<!--SR:!2026-11-15,10,250-->"
    # Offered on the card's line and on its comment's, one per answer of the osr scheduler.
    for line in (card_line, card_line + 1):
        offered = await answers(plugin, line)
        assert [a.title.split(" (")[0] for a in offered] == [
            "Answer this card: Again", "Answer this card: Hard", "Answer this card: Good", "Answer this card: Easy"]
    # Not due until 2026-12-01: nothing offered.
    assert await answers(plugin, lines.index("Powerhouse of the cell::mitochondria")) == []

    good = offered[2]
    card = good.arguments[1]
    result = await plugin.workspace_execute_command_async(
        types.ExecuteCommandParams(command=good.command, arguments=good.arguments))
    assert result.startswith("Answered Good: due in 3 weeks (2026-12-13)"), result
    assert len(edits) == 1
    change = edits[0].edit.document_changes[0]
    assert change.text_document.uri == uri(plugin.root, CELLS)
    assert [(e.range.start.line, e.range.end.line) for e in change.edits] == [(card_line + 1, card_line + 1)]
    buffer = applied(text, change.edits[0])
    # The editor owns the buffer: the file is untouched until it saves.
    assert pathlib.Path(plugin.root, CELLS).read_text() == text

    terminal = subprocess.run(
        [os.environ["VAULT_BIN"], "--vault", plugin.terminal_root, "study", "--rate", f"{card}=good"],
        capture_output=True, text=True, env=ENV)
    assert terminal.returncode == 0, terminal.stderr
    assert terminal.stdout == f"{card} good: osr review, due in 3 weeks (2026-12-13T00:00:00Z)\n"
    written = pathlib.Path(plugin.terminal_root, CELLS).read_text()
    assert written != text
    assert buffer == written
    assert ledger(plugin.root) == ledger(plugin.terminal_root)
    assert [line.split("\t")[:3] + [line.split("\t")[3]] for line in ledger(plugin.root)["2026.log"][1:]] == [
        ["2026-11-18T09:00:00.000Z", "1", "rate", f"card={card}"]]
    # Answered, the card is not up for study any more: no answer is offered.
    assert await answers(plugin, card_line) == []
