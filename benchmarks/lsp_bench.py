"""`vault lsp` measured through a client (Tests/oracles/lsp/lsp_client.py),
as an editor sees it, on one vault: start to the first completion, completion
after `[[`, hover on a link, diagnostics after a change (the change sent to
the diagnostics received, the 40 ms quiet time included), a rename touching
500 notes, and the server's resident memory after the first answer (the
notes' summaries) and at the end (the notes read in full for the rename).

Prints one line per measurement: `LABEL<TAB>MILLISECONDS` (median of RUNS),
or `LABEL<TAB><TAB>NOTE` for memory. The vault is not written to: the 500
linking notes of the rename are open buffers, which count as notes."""
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests/oracles/lsp"))
from lsp_client import Client, timed  # noqa: E402

vault_bin, root, runs = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]), int(sys.argv[3])
env = dict(os.environ, VAULT_NOW="2026-11-18T09:00:00Z")
env.pop("VAULT_DIR", None)


def uri(path):
    return pathlib.Path(root, path).as_uri()


def at(path, line, character, **extra):
    return dict({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}}, **extra)


def median(values):
    """Two decimals below 10 ms, where one would make 0.35 against 0.34 ms read as 1.33x."""
    value = statistics.median(values)
    return "%.2f" % value if value < 10 else "%.1f" % value


notes = sorted(str(p.relative_to(root)) for p in pathlib.Path(root).rglob("*.md") if ".vault" not in p.parts)
note = next(n for n in notes if "[[" in pathlib.Path(root, n).read_text())
text = pathlib.Path(root, note).read_text()
lines = text.split("\n")
link_line = next(i for i, l in enumerate(lines) if "[[" in l)
link_column = lines[link_line].index("[[") + 3

# Start to the first answer that needs the notes.
start = time.perf_counter()
client = Client([vault_bin, "lsp"], cwd=root, env=env)
client.initialize(root)
client.open(uri(note), text)
client.request("textDocument/completion", at(note, len(lines) - 1, 0))
first = (time.perf_counter() - start) * 1000
print(f"vault lsp: start to first answer (initialize, open, completion)\t{first:.1f}")


def rss_mb():
    return "%.1f" % (int(next(l for l in open(f"/proc/{client.proc.pid}/status") if l.startswith("VmRSS")).split()[1]) / 1024)


print(f"vault lsp: resident memory after the first answer (VmRSS)\t\t{rss_mb()} MB")

# Completion after `[[` with a few letters typed, a new word each run.
words = [w for w in text.replace("[", " ").split() if w.isalpha() and len(w) > 4][:max(runs, 5)] or ["note"]
times = []
for i in range(max(runs, 5)):
    typed = lines + [f"See [[{words[i % len(words)][:4]}"]
    client.change(uri(note), "\n".join(typed), 2 + i)
    _, ms = timed(lambda: client.request("textDocument/completion", at(note, len(typed) - 1, 10)))
    times.append(ms)
print(f"vault lsp: completion after [[ (4 letters typed)\t{median(times)}")
client.change(uri(note), text, 100)

times = [timed(lambda: client.request("textDocument/hover", at(note, link_line, link_column)))[1] for _ in range(max(runs, 5))]
print(f"vault lsp: hover on a link\t{median(times)}")

times = []
for i in range(max(runs, 5)):
    client.notifications.clear()
    start = time.perf_counter()
    client.change(uri(note), text + f"\nEdit {i}: [[No such note {i}]]\n", 200 + i)
    client.wait_notification("textDocument/publishDiagnostics", uri(note))
    times.append((time.perf_counter() - start) * 1000)
print(f"vault lsp: diagnostics after a change (40 ms quiet time included)\t{median(times)}")

# A note with 500 notes linking to it: the links are open buffers.
target = notes[len(notes) // 2]
stem = pathlib.Path(target).stem
for i in range(500):
    client.open(uri(f"lsp-bench/link-{i}.md"), f"# Link {i}\n\nSee [[{stem}]] and more.\n")
target_text = pathlib.Path(root, target).read_text()
client.open(uri(target), target_text)
client.request("textDocument/hover", at(target, 0, 0))  # the buffers taken in
times = []
for i in range(max(runs, 5)):
    ms = timed(lambda: client.request("textDocument/rename", at(f"lsp-bench/link-0.md", 2, 7, newName=f"renamed-{i}")))
    answer = ms[0]
    changes = len(answer.get("result", {}).get("documentChanges", []))
    assert changes >= 501, answer
    times.append(ms[1])
print(f"vault lsp: rename a note with 500 linking notes\t{median(times)}")

print(f"vault lsp: resident memory at the end (VmRSS)\t\t{rss_mb()} MB")
client.close()
