#!/usr/bin/env python3
"""Times commands run in turn (one run of each, N times), so that a loaded
machine slows each alike: `python3 benchmarks/interleaved.py N 'CMD ARGS' ...`.
Each run is a posix_spawn and a wait, its standard output discarded; prints
the median, the 10th percentile and the fastest run of each command.
Arguments are split at spaces (no quoting); the first word is a full path."""
import os
import statistics
import sys
import time

runs = int(sys.argv[1])
commands = [c.split() for c in sys.argv[2:]]
times = [[] for _ in commands]
for _ in range(runs):
    for k, command in enumerate(commands):
        start = time.perf_counter()
        pid = os.posix_spawn(
            command[0], command, dict(os.environ),
            file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
        os.waitpid(pid, 0)
        times[k].append(time.perf_counter() - start)
for command, t in zip(commands, times):
    t.sort()
    print(f"{' '.join(command)[:70]:70s} median {statistics.median(t) * 1000:6.2f} ms  "
          f"p10 {t[len(t) // 10] * 1000:6.2f} ms  min {t[0] * 1000:6.2f} ms")
