#!/usr/bin/env python3
"""Writes Sources/VaultServe/AssetsGenerated.swift from Sources/VaultServe/Assets/*: vault serve's
style sheet, script, service worker, manifest and icons, compiled into the binary: text as string
literals, the PNG icons and the favicon (drawn by scripts/serve-icons.py) as base64. Run it after
editing an asset; VaultServeTests checks the two agree."""
import base64
import os

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "VaultServe")
files = [
    ("app.css", "/assets/app.css", "text/css; charset=utf-8", "style"),
    ("app.js", "/assets/app.js", "text/javascript; charset=utf-8", "script"),
    ("sw.js", "/sw.js", "text/javascript; charset=utf-8", "serviceWorker"),
    ("manifest.webmanifest", "/manifest.webmanifest", "application/manifest+json", "manifest"),
    ("icon.svg", "/assets/icon.svg", "image/svg+xml", "icon"),
    ("icon-192.png", "/assets/icon-192.png", "image/png", "icon192"),
    ("icon-512.png", "/assets/icon-512.png", "image/png", "icon512"),
    ("apple-touch-icon.png", "/apple-touch-icon.png", "image/png", "appleTouchIcon"),
    ("favicon.ico", "/favicon.ico", "image/x-icon", "favicon"),
]
out = [
    "// Generated from Sources/VaultServe/Assets by scripts/serve-assets.py: edit those files, then run it.",
    "// The assets live in the binary (no bundle beside it to lose); VaultServeTests checks this file matches them.",
    "",
    "/// The style sheet, script, service worker, manifest and icons, served from the binary.",
    "enum Assets {",
]
for name, path, kind, symbol in files:
    data = open(os.path.join(root, "Assets", name), "rb").read()
    out.append(f"    /// `{name}`.")
    if name.endswith((".png", ".ico")):
        encoded = base64.b64encode(data).decode("ascii")
        lines = [encoded[i:i + 100] for i in range(0, len(encoded), 100)]
        out.append(f'    static let {symbol} = Asset(path: "{path}", contentType: "{kind}", file: "{name}", base64: """')
        out += lines
        out.append('""")')
    else:
        text = data.decode("utf-8")
        assert '"""#' not in text and "\\#" not in text, name
        out.append(f'    static let {symbol} = Asset(path: "{path}", contentType: "{kind}", file: "{name}", text: #"""')
        out.append(text.rstrip("\n"))
        out.append('"""#)')
    out.append("")
out.append("    static let all = [" + ", ".join(f[3] for f in files) + "]")
out.append("}")
open(os.path.join(root, "AssetsGenerated.swift"), "w", encoding="utf-8").write("\n".join(out) + "\n")
