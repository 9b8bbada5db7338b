#!/usr/bin/env bash
# Installs the system libraries vault builds against, when they are missing:
# libcmark (Markdown), SQLite (search cache), zstd and zlib (Anki packages), tmux and git (end-to-end tests),
# python3 with venv (the FSRS test compares with py-fsrs, installed from PyPI),
# KaTeX (libjs-katex: vault serve and vault export html typeset math with it; on Debian and Ubuntu).
# With --test also what only the tests use: Chromium (the HTML report's
# screenshot test renders it headless), chafa (the loci screens draw pictures
# with it), and notify-send with a session bus, a
# notification daemon and a virtual X server (vault remind's real-notifier test),
# zbarimg (zbar-tools: it reads back the QR code vault serve draws),
# Neovim (vault lsp's run in a real editor, headless), pdftotext and pdfinfo
# (poppler-utils: they read back vault export pdf) and zstd (vault backup's
# archives; tar.gz is written without it).
set -euo pipefail

missing=()
pkg-config --exists libcmark 2>/dev/null || missing+=(libcmark-dev)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
pkg-config --exists libzstd 2>/dev/null || missing+=(libzstd-dev)
pkg-config --exists zlib 2>/dev/null || missing+=(zlib1g-dev)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
command -v git >/dev/null 2>&1 || missing+=(git)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
if command -v apt-get >/dev/null 2>&1; then
  [ -f /usr/share/javascript/katex/katex.min.js ] || missing+=(libjs-katex)
fi
if [ "${1:-}" = "--test" ] && command -v apt-get >/dev/null 2>&1; then
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
  command -v notify-send >/dev/null 2>&1 || missing+=(libnotify-bin)
  command -v chafa >/dev/null 2>&1 || missing+=(chafa)
  command -v dbus-run-session >/dev/null 2>&1 || missing+=(dbus)
  [ -x /usr/lib/notification-daemon/notification-daemon ] || missing+=(notification-daemon)
  command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
  command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
  command -v nvim >/dev/null 2>&1 || missing+=(neovim)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
  command -v zstd >/dev/null 2>&1 || missing+=(zstd)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install cmark sqlite zstd tmux git pkg-config python
else
  echo "error: please install ${missing[*]} (libcmark, SQLite 3 with headers, tmux, git, python3 with venv) with your package manager." >&2
  exit 1
fi
