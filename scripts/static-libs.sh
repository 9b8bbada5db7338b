#!/usr/bin/env bash
# Links the static archives of libsqlite3, libcmark, libzstd, libz and libstdc++ into
# .build/static-libs, the folder Package.swift puts first on the release
# link's library path: the release binary then carries them instead of
# loading them at start (benchmarks/STARTUP.md, "fourth pass"). An archive
# this machine lacks is left out, and that library stays a shared one.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.build/static-libs
mkdir -p "$dir"
compiler=$(command -v clang || command -v cc || command -v gcc || true)
for archive in libsqlite3.a libcmark.a libzstd.a libz.a libstdc++.a; do
  rm -f "$dir/$archive"
  [ -n "$compiler" ] || continue
  # Prints the archive's full path when the compiler's library path holds it, else just its name.
  path=$("$compiler" -print-file-name="$archive" 2>/dev/null || true)
  if [ "${path#/}" != "$path" ] && [ -f "$path" ]; then
    ln -s "$path" "$dir/$archive"
  fi
done
