#!/usr/bin/env python3
"""vault serve's speed bars (issue 35): each page's time (median of RUNS requests over
one kept-alive connection, request sent to last byte), the same with a note edited
before each request (the vault read again), an answer POST, the time from
start to the printed URL, 20 clients for 10 s with wrk (errors, p99), resident memory;
each page rendered afresh (another address each time, so the page memo cannot
answer); and the resident memory of a server that reads the vault first (no caches).

    serve_bench.py VAULT_BINARY VAULT_DIR [--runs N] [--wrk]

Prints `label: value` lines for benchmarks/run.sh. The vault is copied first (answers
are written to it). Needs the release build of vault and vault-serve side by side.
"""
import argparse
import calendar
import http.client
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
import urllib.parse
import uuid

NOW = "2026-11-18T09:00:00Z"


def rich_note(folder):
    """Writes serve-bench-rich.md: a 200-row table, 20 embeds of the vault's notes, math, a callout."""
    names = []
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        names += [f[:-3] for f in files if f.endswith(".md")]
        if len(names) >= 20:
            break
    lines = ["# Rich", "", "> [!tip] A callout with $x^2$", "> and a body", "",
             "| # | Word | Meaning | Link |", "| --: | :-- | :-: | --- |"]
    lines += [f"| {i} | word {i} | *meaning* with `code` and $a_{i}$ | [[{names[i % len(names)]}\\|n{i}]] |"
              for i in range(200)]
    lines += [""] + [f"![[{name}]]\n" for name in names[:20]]
    with open(os.path.join(folder, "serve-bench-rich.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return "serve-bench-rich.md"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("vault")
    parser.add_argument("folder")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--wrk", action="store_true")
    parser.add_argument("--watcher", action="store_true", help="let vault start its watcher (the default at 10,000 notes)")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="serve-bench-")
    folder = os.path.join(work, "vault")
    shutil.copytree(args.folder, folder, symlinks=True)
    env = dict(os.environ, VAULT_NOW=NOW)
    if args.watcher:
        env.pop("VAULT_NO_WATCHER", None)
    else:
        env["VAULT_NO_WATCHER"] = "1"
    # A note as Obsidian's help vault writes them (issue 43): a 200-row table, 20 embeds of
    # other notes, math, a callout; timed as a page and as `vault show`.
    rich = rich_note(folder)
    # Warm the caches as a person's first `vault` would have.
    subprocess.run([args.vault, "status", "--vault", folder], env=env, capture_output=True)
    started = time.perf_counter()
    server = subprocess.Popen([args.vault, "serve", "--port", "0", "--vault", folder], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = server.stdout.readline().strip()
        ready = (time.perf_counter() - started) * 1000
        print(f"ready: {ready:.0f} ms (start to the URL printed)")
        parts = urllib.parse.urlsplit(url)
        token = parts.query.split("=", 1)[1]
        connection = http.client.HTTPConnection(parts.hostname, parts.port)
        cookie = {"Cookie": f"vault_token={token}"}

        def get(path):
            connection.request("GET", path, headers=cookie)
            response = connection.getresponse()
            return response.status, response.read().decode("utf-8", "replace")

        def timed(path, runs, before=lambda i: None):
            times = []
            for i in range(runs):
                before(i)
                t = time.perf_counter()
                status, _ = get(path)
                times.append((time.perf_counter() - t) * 1000)
                if status != 200:
                    return f"status {status}"
            return milliseconds(statistics.median(times))

        def timed_each(address, runs):
            times = []
            for i in range(runs):
                t = time.perf_counter()
                status, _ = get(address(i))
                times.append((time.perf_counter() - t) * 1000)
                if status != 200:
                    return f"status {status}"
            return milliseconds(statistics.median(times))

        def label(path):
            return path.split('?')[0] if path.startswith('/review') or path.startswith('/notes') else path

        status, home = get("/")
        review = re.search(r'href="(/review/[^"]+)"', home)
        note = None
        _, search = get("/search?q=memory")
        found = re.search(r'href="(/notes/[^"]+)"', search)
        if found:
            note = found.group(1)
        pages = ["/", "/study", "/decks", "/list/daily", "/new", "/calendar.ics", "/stats", "/search?q=memory",
                 "/sessions", "/loci"]
        pages += [review.group(1)] if review else []
        pages += [note] if note else []
        for path in pages:
            print(f"page {label(path)}: {timed(path, args.runs)}")
        # The same pages each rendered afresh: another address each time (an unknown
        # field), so the page memo cannot answer; the vault's summaries and replay are kept.
        for path in pages:
            sep = "&" if "?" in path else "?"
            print(f"page {label(path)} rendered each time: "
                  f"{timed_each(lambda i: f'{path}{sep}bench={i}', args.runs)}")
        print(f"page /notes (200-row table, 20 embeds) rendered each time: "
              f"{timed_each(lambda i: f'/notes/{urllib.parse.quote(rich)}?bench={i}', args.runs)}")
        shows = []
        for _ in range(5):
            t = time.perf_counter()
            subprocess.run([args.vault, "show", rich, "--vault", folder], env=env, capture_output=True)
            shows.append((time.perf_counter() - t) * 1000)
        print(f"vault show (200-row table, 20 embeds): {statistics.median(shows):.1f} ms")
        # The same pages when a note changed just before each request (an edit in an editor):
        # the server reads the vault again (scan, catalog, replay), as a command would.
        edited = os.path.join(folder, "serve-bench-edited.md")

        def edit(i):
            with open(edited, "w") as f:
                f.write(f"# Edited\n\nEdit {i}.\n")

        for path in pages:
            print(f"page {label(path)} after a change: {timed(path, min(args.runs, 10), edit)}")
        if args.wrk and shutil.which("wrk"):
            out = subprocess.run(["wrk", "-t2", "-c20", "-d10s", "--latency", "-H", f"Cookie: vault_token={token}",
                                  f"http://{parts.hostname}:{parts.port}/"], capture_output=True, text=True).stdout
            p99 = re.search(r"99%\s+(\S+)", out)
            errors = re.search(r"Socket errors: (.*)", out)
            non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
            rate = re.search(r"Requests/sec:\s+(\S+)", out)
            print(f"wrk 20 clients 10 s: p99 {p99.group(1) if p99 else '?'}, {rate.group(1) if rate else '?'} requests/s, "
                  f"errors {errors.group(1) if errors else 'none'}, non-2xx {non2xx.group(1) if non2xx else 0}")
        print(f"resident memory after the requests: {resident(server.pid)}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    # Answer POSTs, each rating the card the study page shows, on a server whose clock
    # follows the ledger's last event (benchmarks/README.md, "The clock of the answers"):
    # the generated ledger runs past NOW, and an answer dated before an event replayed
    # is rightly a whole replay, which a person's ledger (never ahead of their clock) never asks.
    answer_env = dict(env, VAULT_NOW=after_last_event(folder, NOW))
    server = subprocess.Popen([args.vault, "serve", "--port", "0", "--vault", folder], env=answer_env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        parts = urllib.parse.urlsplit(server.stdout.readline().strip())
        connection = http.client.HTTPConnection(parts.hostname, parts.port)
        cookie = {"Cookie": f"vault_token={parts.query.split('=', 1)[1]}"}

        def get(path):
            connection.request("GET", path, headers=cookie)
            response = connection.getresponse()
            return response.status, response.read().decode("utf-8", "replace")

        get("/study")
        # Answer POSTs: each rates the card the study page shows.
        times = []
        after = []  # the study page that follows an answer (the card log extended, the schedules updated)
        for _ in range(min(args.runs, 10)):
            t = time.perf_counter()
            _, page = get("/study")
            if times:
                after.append((time.perf_counter() - t) * 1000)
            card = re.search(r'data-card="([^"]+)"', page)
            csrf = re.search(r'name="csrf" content="([^"]+)"', page)
            if not card:
                break
            # As the phone app sends it: with the id it was given in the page (written once).
            body = urllib.parse.urlencode({"card": card.group(1), "answer": "good", "response_ms": "1500",
                                           "given": str(uuid.uuid4()), "csrf": csrf.group(1)})
            t = time.perf_counter()
            connection.request("POST", "/study/rate", body=body, headers={
                **cookie, "Content-Type": "application/x-www-form-urlencoded"})
            response = connection.getresponse()
            response.read()
            times.append((time.perf_counter() - t) * 1000)
        print(f"answer POST: {statistics.median(times):.1f} ms" if times else "answer POST: no card to answer")
        if after:
            print(f"study page after an answer: {statistics.median(after):.1f} ms")
    finally:
        server.terminate()
        server.wait(timeout=30)
    # A vault the server reads first (a fresh clone: no caches): every page once.
    shutil.rmtree(os.path.join(folder, ".vault", "cache"), ignore_errors=True)
    server = subprocess.Popen([args.vault, "serve", "--port", "0", "--vault", folder], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        parts = urllib.parse.urlsplit(server.stdout.readline().strip())
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
        cookie = {"Cookie": f"vault_token={parts.query.split('=', 1)[1]}"}
        started = time.perf_counter()
        for path in pages:
            connection.request("GET", path, headers=cookie)
            connection.getresponse().read()
        seconds = time.perf_counter() - started
        print(f"resident memory after every page once, no caches at start: {resident(server.pid)} "
              f"(the pages took {seconds:.1f} s)")
    finally:
        server.terminate()
        server.wait(timeout=30)
        if args.watcher:
            subprocess.run(["pkill", "-f", "--", f"--vault {folder}"])
        shutil.rmtree(work, ignore_errors=True)


def after_last_event(folder, now):
    """`now`, or a day after the ledger's last event when that is later (ISO 8601, UTC; a day covers any
    zone offset a line's time is written with)."""
    last = now
    ledger = os.path.join(folder, ".vault", "ledger")
    for name in os.listdir(ledger):
        if name.endswith(".log"):
            with open(os.path.join(ledger, name), encoding="utf-8", errors="replace") as f:
                for line in f:
                    stamp = line.split("\t", 1)[0]
                    if not line.startswith("#") and stamp[:4].isdigit() and stamp > last:
                        last = stamp
    if last == now:
        return now
    moment = time.strptime(last[:19], "%Y-%m-%dT%H:%M:%S")
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(calendar.timegm(moment) + 86_400))


def milliseconds(value):
    """A median as the report reads it: two decimals below 10 ms, where one
    decimal would make 0.55 against 0.54 ms read as 0.6 against 0.5 (1.2x)."""
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"


def resident(pid):
    with open(f"/proc/{pid}/status") as f:
        rss = re.search(r"VmRSS:\s+(\d+) kB", f.read())
    return f"{int(rss.group(1)) / 1024:.0f} MB" if rss else "?"


if __name__ == "__main__":
    main()
