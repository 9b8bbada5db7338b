#!/usr/bin/env python3
"""The command-line rows that `make bench` found more than 10% slower than a
baseline build, measured again with the two builds in turn (one run of
this build, one of the baseline, N times), so that whatever else the
machine does slows both alike. `make bench` measures a block of rows with
one build, then the block with the other: minutes apart, on a machine
whose speed drifts (STARTUP.md, "a baseline in the same make bench").

Usage: benchmarks/recheck.py NEW_VAULT BASE_VAULT [--runs N] [--sizes 1000,10000]
                             [--only TEXT]

Each build runs on its own copy of the vaults, as in `make bench`:
VAULT_BENCH_DIR (default ~/.cache/vault-bench) for this build and
VAULT_BENCH_DIR-baseline for the baseline, and its own copy of ExampleVault
(made here, in a temporary folder). Rows with a watcher start one watcher
per build (`vault index --watch`) and wait for both. An "edited" row appends a line to
ten notes before each run, untimed, and puts their bytes back after the row;
a "page cache dropped" row removes the note catalog and drops the page cache
before each run (root only). Prints a Markdown table: the
medians, their ratio, and the 10th percentiles' ratio.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# As in make bench: no background watcher started by a command (a row with one starts its own).
NOW = {"VAULT_NOW": "2026-11-18T09:00:00Z", "VAULT_NO_WATCHER": "1"}
RARE, MEDIUM, COMMON = "belcorpanion", "quiveerlo", "memory"

EDIT = "edit"  # a line appended to ten notes of the vault (``edited``) before each run
COLD = "cold"  # the note catalog removed and the page cache dropped before each run (root only)
APPEND = "append"  # one ledger event appended before each run (benchmarks/append_event.sh), as make bench does


def rows(sizes):
    """(section, label, argv template, EDIT, COLD or None, watcher?)"""
    out = [("startup", "vault search -l sleep, ExampleVault (74 notes)", "{V} search --vault {E} -l sleep", None, False)]
    for n in sizes:
        s = f"{n} notes"
        out += [
            (s, "refresh, nothing changed (vault index)", "{V} index --vault {D}", None, False),
            (s, "refresh after editing 10 notes (vault index)", "{V} index --vault {D}", EDIT, False),
            (s, "first vault status, no catalog, page cache dropped", "{V} status --vault {D}", COLD, False),
            (s, "search rare word, scan (vault search --limit 20)", f"{{V}} search --vault {{D}} --limit 20 {RARE}", None, False),
            (s, "search medium word, scan", f"{{V}} search --vault {{D}} --limit 20 {MEDIUM}", None, False),
            (s, "search common word, scan", f"{{V}} search --vault {{D}} --limit 20 {COMMON}", None, False),
            (s, "search -l common word (every hit), scan", f"{{V}} search --vault {{D}} -l {COMMON}", None, False),
            (s, "search -l rare word, scan", f"{{V}} search --vault {{D}} -l {RARE}", None, False),
            (s, "search rare word, watcher", f"{{V}} search --vault {{D}} --limit 20 {RARE}", None, True),
            (s, "search medium word, watcher", f"{{V}} search --vault {{D}} --limit 20 {MEDIUM}", None, True),
            (s, "search -l rare word (every hit), watcher", f"{{V}} search --vault {{D}} -l {RARE}", None, True),
            (s, "search -l medium word (every hit), watcher", f"{{V}} search --vault {{D}} -l {MEDIUM}", None, True),
            (s, "search -l common word (every hit), watcher", f"{{V}} search --vault {{D}} -l {COMMON}", None, True),
            (s, "search filters only (category:Health created:2026-10)",
             "{V} search --vault {D} --limit 20 category:Health created:2026-10", None, True),
        ]
        # The ledger rows, at every size as in make bench.
        out += [
            (s, "vault status (ledger events)", "{V} status --vault {D}", None, False),
            (s, "vault status --line (ledger events)", "{V} status --line --vault {D}", None, False),
            (s, "vault review weekly --list (ledger events)", "{V} review weekly --list --vault {D}", None, False),
            (s, "vault remind --dry-run (ledger events)", "{V} remind --dry-run --vault {D}", None, False),
            (s, "vault status, watcher", "{V} status --vault {D}", None, True),
            (s, "vault review weekly --list, watcher", "{V} review weekly --list --vault {D}", None, True),
            (s, "vault status right after editing 10 notes, watcher", "{V} status --vault {D}", EDIT, True),
            (s, "vault status, one event appended before each run, watcher", "{V} status --vault {D}", APPEND, True),
            (s, "search rare word right after editing 10 notes, watcher",
             f"{{V}} search --vault {{D}} --limit 20 {RARE}", EDIT, True),
        ]
    return out


class Watchers:
    """One `vault index --watch` per build, on its own vault."""

    def __init__(self):
        self.procs = []

    def start(self, pairs):
        self.stop()
        for vault, folder in pairs:
            log = tempfile.NamedTemporaryFile("w+", delete=False)
            proc = subprocess.Popen([vault, "index", "--vault", folder, "--watch"], stdout=subprocess.DEVNULL, stderr=log)
            self.procs.append((proc, log.name))
        for proc, log in self.procs:
            for _ in range(1200):
                if "search cache:" in open(log).read():
                    break
                time.sleep(0.1)
            else:
                sys.exit(f"a watcher did not start: {open(log).read()}")

    def stop(self):
        for proc, log in self.procs:
            proc.terminate()
            proc.wait()
            os.unlink(log)
        self.procs = []


def edited(folder):
    """The bytes of the ten notes EDIT appends to, to put back after the row."""
    paths = sorted(os.path.relpath(os.path.join(r, f), folder)
                   for r, _, fs in os.walk(os.path.join(folder, "2025")) for f in fs if f.endswith(".md"))[:10]
    return {os.path.join(folder, p): open(os.path.join(folder, p), "rb").read() for p in paths}


def timed(argv, notes):
    """Seconds `argv` took, after a line was appended to each of `notes`, or
    (`notes` a catalog's path in a one-element tuple) the catalog removed and
    the page cache dropped, or (`notes` is `(APPEND, folder)`) one ledger event
    appended (untimed)."""
    if isinstance(notes, tuple) and notes[0] == APPEND:
        subprocess.run([os.path.join(ROOT, "benchmarks/append_event.sh"), notes[1]], check=True)
        notes = None
    elif isinstance(notes, tuple):
        if os.path.exists(notes[0]):
            os.unlink(notes[0])
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
        notes = None
    for path in notes or []:
        with open(path, "a") as f:
            f.write(f"recheck edit {time.time_ns()}\n")
    start = time.perf_counter()
    subprocess.run(argv, env={**os.environ, **NOW}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd="/tmp")
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("new")
    parser.add_argument("base")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    args.new, args.base = os.path.abspath(args.new), os.path.abspath(args.base)
    bench = os.environ.get("VAULT_BENCH_DIR", os.path.expanduser("~/.cache/vault-bench"))
    work = tempfile.mkdtemp()
    examples = []
    for name in ("new", "base"):
        copy = os.path.join(work, name)
        shutil.copytree(os.path.join(ROOT, "ExampleVault"), copy, symlinks=True,
                        ignore=shutil.ignore_patterns("cache", "local"))
        examples.append(copy)
    builds = [(args.new, bench, examples[0]), (args.base, bench + "-baseline", examples[1])]
    watchers = Watchers()
    watching = None
    print(f"| section | what | this build | baseline | ratio | p10 ratio |\n|---|---|---:|---:|---:|---:|")
    try:
        for section, label, template, prepare, watcher in rows([int(s) for s in args.sizes.split(",")]):
            if args.only not in f"{section} {label}":
                continue
            n = section.split()[0]
            commands = []
            for vault, folder, example in builds:
                d = os.path.join(folder, f"notes-{n}")
                fill = lambda t: t.format(V=vault, D=d, E=example)
                made = {EDIT: lambda: list(edited(d)), COLD: lambda: (os.path.join(d, ".vault/cache/notes.bin"),),
                        APPEND: lambda: (APPEND, d)}
                commands.append((fill(template).split(), made[prepare]() if prepare else None, vault, d))
            wanted = [(c[2], c[3]) for c in commands] if watcher else None
            if wanted != watching:
                watchers.stop()
                if wanted:
                    watchers.start(wanted)
                watching = wanted
            kept = [edited(c[3]) for c in commands] if prepare == EDIT else []
            for argv, prep, _, _ in commands:  # one warm-up run each
                timed(argv, prep)
            times = [[], []]
            for _ in range(args.runs):
                for k, (argv, prep, _, _) in enumerate(commands):
                    times[k].append(timed(argv, prep))
            for saved in kept:  # the edited notes' bytes back, and the caches told
                for path, data in saved.items():
                    with open(path, "wb") as f:
                        f.write(data)
            for _, _, vault, d in commands if kept else []:
                subprocess.run([vault, "index", "--vault", d], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            med = [statistics.median(t) * 1000 for t in times]
            p10 = [sorted(t)[len(t) // 10] * 1000 for t in times]
            print(f"| {section} | {label} | {med[0]:.1f} ms | {med[1]:.1f} ms | {med[0] / med[1]:.2f}x | "
                  f"{p10[0] / p10[1]:.2f}x |", flush=True)
    finally:
        watchers.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
