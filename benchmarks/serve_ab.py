#!/usr/bin/env python3
"""vault serve's page rows (serve_bench.py's "rendered each time" and "after a change")
for several builds at once, asked in turn so that a loaded machine slows each alike:
one server per build on its own copy of VAULT_DIR, each request sent to each server in
turn; per row the median wall time and the median of the server's CPU time per request
(the sum of its threads' run time in /proc/PID/task/*/schedstat, read before the request
and 5 ms after the answer).

    serve_ab.py VAULT_DIR [--runs N] [--change-runs N] [--pages /,/search] [--modes same,each,change]
                NAME=BINDIR ...

BINDIR holds vault-serve, and vault for the `vault status` that warms the copy's caches
first as serve_bench.py does (without a vault there, WARM_VAULT names one whose caches
are the same versions: a server that writes the caches itself keeps a scattered heap, and
its "after a change" rows then cost more). PIDS=FILE writes the servers' process ids to
FILE and waits 2 s before the rows (for `perf record -p`).
"""
import argparse, glob, http.client, os, re, shutil, statistics, subprocess, sys, tempfile, time, urllib.parse

NOW = "2026-11-18T09:00:00Z"

def cpu_ns(pid):
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(path) as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total

class Server:
    def __init__(self, name, bindir, source, watcher):
        self.name = name
        self.folder = os.path.join(tempfile.gettempdir(), f"serve-ab-{name}")
        shutil.rmtree(self.folder, ignore_errors=True)
        subprocess.run(["cp", "-a", source, self.folder], check=True)
        env = dict(os.environ, VAULT_NOW=NOW)
        if not watcher:
            env["VAULT_NO_WATCHER"] = "1"
        self.env = env
        warm = f"{bindir}/vault" if os.path.exists(f"{bindir}/vault") else os.environ.get("WARM_VAULT")
        if warm:
            subprocess.run([warm, "status", "--vault", self.folder], env=env, capture_output=True)
        t = time.perf_counter()
        self.proc = subprocess.Popen([f"{bindir}/vault-serve", "--port", "0", "--vault", self.folder], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        url = self.proc.stdout.readline().strip()
        self.ready = (time.perf_counter() - t) * 1000
        parts = urllib.parse.urlsplit(url)
        self.cookie = {"Cookie": f"vault_token={parts.query.split('=', 1)[1]}"}
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port)
        self.edited = os.path.join(self.folder, "serve-bench-edited.md")

    def get(self, path):
        try:
            self.conn.request("GET", path, headers=self.cookie)
            r = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # vault serve closes a connection idle for 10 s (ServeMain.readTimeout), as while
            # the other builds' copies are made: connect again, as a browser does.
            self.conn.close()
            self.conn.request("GET", path, headers=self.cookie)
            r = self.conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")

    def timed(self, path):
        c = cpu_ns(self.proc.pid)
        t = time.perf_counter()
        status, body = self.get(path)
        wall = (time.perf_counter() - t) * 1000
        time.sleep(0.005)  # let any work after the response land in this request's CPU
        return status, wall, (cpu_ns(self.proc.pid) - c) / 1e6

    def edit(self, i):
        with open(self.edited, "w") as f:
            f.write(f"# Edited\n\nEdit {i}.\n")

def main():
    p = argparse.ArgumentParser()
    p.add_argument("vault")
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--change-runs", type=int, default=10)
    p.add_argument("--pages", default="")
    p.add_argument("--modes", default="each,change")
    p.add_argument("--watcher", action="store_true")
    p.add_argument("builds", nargs="+")
    a = p.parse_args()
    servers = [Server(*b.split("=", 1), a.vault, a.watcher) for b in a.builds]
    for s in servers:
        print(f"{s.name}: ready {s.ready:.0f} ms", flush=True)
    _, home = servers[0].get("/")
    review = re.search(r'href="(/review/[^"]+)"', home)
    _, search = servers[0].get("/search?q=memory")
    note = re.search(r'href="(/notes/[^"]+)"', search)
    pages = ["/", "/study", "/stats", "/search?q=memory", "/sessions", "/loci"]
    pages += [review.group(1)] if review else []
    pages += [note.group(1)] if note else []
    if a.pages:
        pages = [x for x in pages if any(x.startswith(w) for w in a.pages.split(","))]
    for s in servers:
        for _ in range(3):
            for path in pages:
                s.get(path)
    if os.environ.get("PIDS"):
        with open(os.environ["PIDS"], "w") as f:
            f.write(" ".join(str(s.proc.pid) for s in servers))
        time.sleep(2)
    print(f"{'row':50s} " + " ".join(f"{s.name + ' wall':>12s} {s.name + ' cpu':>11s}" for s in servers))
    for mode in a.modes.split(","):
        for path in pages:
            walls = {s.name: [] for s in servers}
            cpus = {s.name: [] for s in servers}
            runs = a.runs if mode == "each" else a.change_runs
            for i in range(runs):
                for s in servers:
                    if mode == "same":
                        target = path
                    elif mode == "each":
                        sep = "&" if "?" in path else "?"
                        target = f"{path}{sep}bench={i}"
                    else:
                        s.edit(i)
                        target = path
                    status, w, c = s.timed(target)
                    if status != 200:
                        print(f"{s.name} {target}: status {status}")
                    walls[s.name].append(w)
                    cpus[s.name].append(c)
            label = path.split("?")[0] if path.startswith(("/review", "/notes")) else path
            row = f"{label} {dict(same='', each='rendered each time').get(mode, 'after a change')}"
            print(f"{row:50s} " + " ".join(
                f"{statistics.median(walls[s.name]):9.1f} ms {statistics.median(cpus[s.name]):8.1f} ms" for s in servers), flush=True)
    for s in servers:
        with open(f"/proc/{s.proc.pid}/status") as f:
            rss = re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)
        print(f"{s.name}: resident {int(rss) // 1024} MB")
        s.proc.terminate()
        s.proc.wait(timeout=30)

main()
