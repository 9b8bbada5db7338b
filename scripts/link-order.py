#!/usr/bin/env python3
"""Writes scripts/link-order.txt: the code that vault's everyday commands run,
in the order the release link lays it out (Package.swift passes the file to
gold as `--section-ordering-file`; `make release` compiles each function into
a section of its own with `-function-sections`).

Why: the kernel maps a program's code in runs of 64 KB or more around each
page it touches. The LSP ran 0.9 MB of functions spread over 15 MB of the
executable, so it kept 15 MB of it resident; side by side, those functions
fill a few runs (benchmarks/STARTUP.md, "the code the commands run, side by
side").

How: each scenario below runs the release binary under valgrind's callgrind
on a copy of ExampleVault, and every function it entered is listed, those of
earlier scenarios first (start-up, then the commands people type most), each
scenario's new ones in their present order in the binary. A name the link
no longer finds is skipped by gold, and a new function is laid out where it
would have been, so a stale list costs memory, never correctness.

Usage: scripts/link-order.py [BINARY] [OUTPUT]   (needs valgrind; `make link-order`)
"""
import http.cookiejar
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests/oracles/lsp"))
from lsp_client import Client  # noqa: E402

binary = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / ".build/release/vault").resolve()
output = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ROOT / "scripts/link-order.txt")
NOW = "2026-11-18T09:00:00Z"
for tool in ["valgrind", "objcopy", "nm"]:
    if not shutil.which(tool):
        sys.exit(f"error: scripts/link-order.py needs {tool} (apt-get install valgrind binutils).")
if not binary.is_file():
    sys.exit(f"error: {binary} is missing; `make link-order` builds it.")

work = pathlib.Path(tempfile.mkdtemp(prefix="vault-link-order-"))
# valgrind cannot read the DWARF of this toolchain; the symbol table is all it needs.
traced = work / "vault"
subprocess.run(["objcopy", "--strip-debug", str(binary), str(traced)], check=True)
(work / "vault-serve").symlink_to("vault")
vault = work / "ExampleVault"
shutil.copytree(ROOT / "ExampleVault", vault, ignore=shutil.ignore_patterns("cache"))
env = dict(os.environ, VAULT_NOW=NOW, VAULT_NO_WATCHER="1", NO_COLOR="1")
env.pop("VAULT_DIR", None)
outputs = []


def valgrind(name):
    out = work / f"{len(outputs):02d}-{name}.callgrind"
    outputs.append(out)
    return ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"]


def command(name, *arguments):
    subprocess.run(valgrind(name) + [str(traced), "--vault", str(vault), *arguments],
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)


def language_server():
    client = Client(valgrind("lsp") + [str(traced), "lsp"], cwd=vault, env=env)
    client.initialize(str(vault))
    note = next(p for p in sorted(vault.rglob("*.md")) if "[[" in p.read_text() and ".vault" not in p.parts)
    text = note.read_text()
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if "[[" in line)
    client.open(note.as_uri(), text)
    at = {"textDocument": {"uri": note.as_uri()}}
    client.request("textDocument/completion", dict(at, position={"line": row, "character": lines[row].index("[[") + 2}))
    client.request("textDocument/hover", dict(at, position={"line": row, "character": lines[row].index("[[") + 3}))
    client.request("textDocument/definition", dict(at, position={"line": row, "character": lines[row].index("[[") + 3}))
    client.request("shutdown")
    client.notify("exit")
    client.proc.wait(timeout=120)


def web_server():
    server = subprocess.Popen(valgrind("serve") + [str(work / "vault-serve"), "--vault", str(vault), "--port", "0"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    address = re.search(r"https?://\S+", server.stdout.readline()).group(0)
    base = address.split("?")[0].rstrip("/")
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    opener.open(address, timeout=120).read()
    for page in ["/study", "/list/all", "/stats", "/search?q=memory", "/loci"]:
        opener.open(base + page, timeout=120).read()
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=120)


command("version", "--version")
command("status")
command("status-line", "status", "--line")
command("search", "search", "memory")
command("search-list", "search", "-l", "memory")
command("list", "list")
command("cards", "cards")
command("check", "check")
command("stats", "stats")
language_server()
web_server()

symbols = subprocess.run(["nm", "--defined-only", str(traced)], capture_output=True, text=True, check=True).stdout
address = {}
for line in symbols.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "tTwW":
        address[parts[2]] = int(parts[0], 16)
order, seen = [], set()
for out in outputs:
    entered = set()
    for line in out.read_text(errors="replace").splitlines():
        match = re.match(r"^c?fn=\(\d+\) (\S+)$", line)
        if match and match.group(1) in address and match.group(1) not in seen:
            entered.add(match.group(1))
    seen |= entered
    order += sorted(entered, key=address.get)
# A `.cold.N` part lives in a section named after its function, which is listed already.
lines = [f".text.{name}\n" for name in order if ".cold." not in name]
output.write_text("".join(lines))
shutil.rmtree(work)
print(f"{output}: {len(lines)} functions from {len(outputs)} scenarios")
