#!/usr/bin/env bash
# The cost bars of issue 48 ("Hostile input, round 4") on their own:
# - a note of 5.8 MB of `[[links]]` (450,000 of them): `vault status`,
#   `search` and `show` peak memory (before: 0.7-2 GB; libcmark now parses it a
#   256 kB window at a time);
# - an Anki package whose field is 400 kB of unclosed `\(` (before: 80 kB
#   took 23 s, quadratic): `vault import anki` time;
# - a package of 2 KB whose media file is a zstd frame of 512 MB of zeros
#   (before: 513 MB written, 551 MB resident): refused, peak memory.
# benchmarks/run.sh (make bench) runs the same rows.
#
#   VAULT_BIN         the binary to time (default .build/release/vault)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VAULT=${VAULT_BIN:-$ROOT/.build/release/vault}
export VAULT_NO_WATCHER=1 VAULT_NOW=2026-11-18T09:00:00Z
[ -x "$VAULT" ] || { echo "error: $VAULT is missing; run 'swift build -c release' first." >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() { /usr/bin/time -o "$work/time" -f '%e %M' "$@" >/dev/null 2>&1 || true; tail -1 "$work/time"; }

cp -r "$ROOT/ExampleVault" "$work/links"
python3 -c "
s = '# Links\n\n' + ''.join('[[Note %d]] ' % (i % 500) + ('\n' if i % 10 == 9 else '') for i in range(450000))
open('$work/links/big-links.md', 'w').write(s)"
# `vault check` names each of the 450,000 broken links at its line and column.
for command in status "search -l Note" "show big-links.md" "links big-links.md" check; do
  out=$(measure "$VAULT" --vault "$work/links" $command)
  echo "vault ${command%% *} on a 5.8 MB note of links: $(awk '{printf "%.0f ms, peak %.0f MB", $1 * 1000, $2 / 1024}' <<<"$out") (was 0.7-2 GB; show and check minutes)"
done
# The language server: the note opened as a buffer, to its diagnostics (450,000 broken links).
python3 - "$VAULT" "$work/links" <<'PY'
import pathlib, sys, time
sys.path.insert(0, "Tests/oracles/lsp")
from lsp_client import Client
vault, root = sys.argv[1], sys.argv[2]
path = pathlib.Path(root, "big-links.md")
client = Client([vault, "lsp"], cwd=root)
client.initialize(root)
start = time.perf_counter()
client.open(path.as_uri(), path.read_text())
client.wait_notification("textDocument/publishDiagnostics", path.as_uri())
ms = (time.perf_counter() - start) * 1000
peak = int(next(l for l in open(f"/proc/{client.proc.pid}/status") if l.startswith("VmHWM")).split()[1]) // 1024
client.close()
print(f"vault lsp, the note opened to its diagnostics: {ms:.0f} ms, peak {peak} MB")
PY

python3 - "$work" <<'PY'
import io, json, sqlite3, subprocess, sys, zipfile
work = sys.argv[1]
def collection(path, front):
    c = sqlite3.connect(path)
    c.executescript("""
    create table col (id integer primary key, crt integer, ver integer, models text, decks text);
    create table notes (id integer primary key, guid text, mid integer, tags text, flds text);
    create table cards (id integer primary key, nid integer, did integer, odid integer, ord integer, queue integer);
    create table revlog (id integer primary key, cid integer, ease integer, time integer, type integer);""")
    models = {"1600000000000": {"name": "Basic", "type": 0, "flds": [{"name": "Front", "ord": 0}, {"name": "Back", "ord": 1}],
              "tmpls": [{"name": "Card 1", "ord": 0, "qfmt": "{{Front}}", "afmt": "{{Back}}"}]}}
    c.execute("insert into col values (1, 1600000000, 11, ?, ?)", (json.dumps(models), json.dumps({"1": {"name": "Default"}})))
    c.execute("insert into notes values (1600000000001, 'g1', 1600000000000, '', ?)", (front + "\x1fback <img src=\"a.png\">",))
    c.execute("insert into cards values (1600000000002, 1600000000001, 1, 0, 0, 2)")
    c.commit(); c.close()
    return open(path, "rb").read()
with zipfile.ZipFile(work + "/quadratic.apkg", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("collection.anki2", collection(work + "/q.anki2", "\\(x" * 133_000))
    z.writestr("media", "{}")
zstd = lambda data: subprocess.run(["zstd", "-q", "-19", "-c"], input=data, capture_output=True, check=True).stdout
db = collection(work + "/b.anki2", "bomb")
entry = b"\x0a\x05a.png"
with zipfile.ZipFile(work + "/bomb.apkg", "w", zipfile.ZIP_STORED) as z:
    z.writestr("meta", b"\x08\x03")
    z.writestr("collection.anki21b", zstd(db))
    z.writestr("media", zstd(b"\x0a" + bytes([len(entry)]) + entry))
    z.writestr("0", zstd(bytes(512 << 20)))
PY
"$VAULT" init "$work/v" >/dev/null
out=$(measure "$VAULT" --vault "$work/v" import anki "$work/quadratic.apkg")
echo "import anki, a field of 400 kB of unclosed \\(: $(awk '{printf "%.0f ms, peak %.0f MB", $1 * 1000, $2 / 1024}' <<<"$out") (80 kB took 23 s)"
rm -rf "$work/v" && "$VAULT" init "$work/v" >/dev/null
out=$(measure "$VAULT" --vault "$work/v" import anki "$work/bomb.apkg")
echo "import anki, $(stat -c %s "$work/bomb.apkg")-byte package with a 512 MB zstd media frame: refused in $(awk '{printf "%.0f ms, peak %.0f MB", $1 * 1000, $2 / 1024}' <<<"$out") (was 513 MB written)"
