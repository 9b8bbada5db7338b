/// The files a rendered note needs in the browser, shared by `vault serve`
/// (served under `/assets/`) and `vault export html` (written under
/// `assets/`): the style of Obsidian's constructs and the script that
/// typesets math with KaTeX.
///
/// Math is typeset in the browser, not at build time: a page holds the TeX
/// in `<span class="math">` (readable as it is when scripts are off or
/// KaTeX is missing), and ``mathScript``, an external script (the pages'
/// Content-Security-Policy allows no inline code), loads KaTeX from
/// `katex/` beside itself only when the page has math, then renders each
/// element with `katex.render` (DOM nodes, no `innerHTML`). KaTeX is
/// Debian's `libjs-katex` (``KaTeXFiles``), served from the page's own origin.
public enum MarkdownAssets {
    /// `math.js`.
    public static let mathScript = #"""
        // Typesets the math of the page (elements of class "math" holding TeX) with KaTeX,
        // loaded from katex/ beside this script, and only when the page has math.
        (function () {
          "use strict";
          var script = document.currentScript;
          function typeset() {
            var nodes = document.querySelectorAll(".math");
            if (!nodes.length || !script) return;
            var base = new URL("katex/", script.src);
            var style = document.createElement("link");
            style.rel = "stylesheet";
            style.href = new URL("katex.min.css", base).href;
            document.head.appendChild(style);
            var katexScript = document.createElement("script");
            katexScript.src = new URL("katex.min.js", base).href;
            katexScript.onload = function () {
              nodes.forEach(function (node) {
                try {
                  window.katex.render(node.textContent, node, {
                    displayMode: node.classList.contains("math-display"),
                    throwOnError: false,
                    maxExpand: 1000,
                    maxSize: 50
                  });
                  node.classList.add("math-typeset");
                } catch (error) {
                  node.classList.add("math-error");
                }
              });
            };
            document.head.appendChild(katexScript);
          }
          if (document.readyState === "loading") {
            document.addEventListener("DOMContentLoaded", typeset);
          } else {
            typeset();
          }
        })();

        """#

    /// `markdown.css`: tables, quotes (a rule at the left, not the browser's 40 px each side, which
    /// took a fifth of a phone's width), callouts (their colours by kind, light and dark), embeds, footnotes,
    /// task lists, highlights, code on a tinted ground, keys (`<kbd>`) as keys, `#tags` as pills, links to missing notes dimmed (as
    /// Obsidian's unresolved links; still 4.5:1 on the page), math and pictures never scaled past their size,
    /// and each block set in the direction of its first letter (right to left for Arabic and Hebrew).
    public static let style = #"""
        /* Obsidian's constructs in a rendered note: vault serve and vault export html. */
        /* Each block reads in the direction of its first letter, as Obsidian sets Arabic or Hebrew lines among others. */
        p, li, h1, h2, h3, h4, h5, h6, blockquote, td, th, dt, dd { unicode-bidi: plaintext; text-align: start; }
        .table-wrap { overflow-x: auto; margin: 1rem 0; }
        blockquote { margin: 1rem 0; padding: 0 0 0 0.9rem; border-left: 3px solid rgba(127, 127, 127, 0.45); }
        .table-wrap table { border-collapse: collapse; min-width: 50%; }
        .table-wrap th, .table-wrap td { border: 1px solid rgba(127, 127, 127, 0.45); padding: 0.3rem 0.6rem; vertical-align: top; }
        .table-wrap thead th { background: rgba(127, 127, 127, 0.12); }
        .table-wrap tbody tr:nth-child(even) { background: rgba(127, 127, 127, 0.05); }
        .table-wrap [align="left"] { text-align: left; }
        .table-wrap [align="center"] { text-align: center; }
        .table-wrap [align="right"] { text-align: right; }
        .callout { --callout: 8, 109, 221; margin: 1rem 0; padding: 0.6rem 0.9rem; border-left: 4px solid rgb(var(--callout)); border-radius: 4px; background: rgba(var(--callout), 0.1); }
        .callout-title { display: flex; gap: 0.45rem; align-items: center; font-weight: 600; color: rgb(var(--callout)); }
        details.callout > summary { cursor: pointer; list-style: none; }
        details.callout > summary::-webkit-details-marker { display: none; }
        details.callout > summary::after { content: "\203A"; margin-left: auto; transition: transform 0.15s; font-size: 1.3em; line-height: 1; }
        details.callout[open] > summary::after { transform: rotate(90deg); }
        .callout-icon { display: inline-flex; flex: none; }
        .callout-content > :first-child { margin-top: 0.4rem; }
        .callout-content > :last-child { margin-bottom: 0; }
        .callout[data-kind="abstract"] { --callout: 0, 150, 170; }
        .callout[data-kind="info"], .callout[data-kind="todo"] { --callout: 8, 109, 221; }
        .callout[data-kind="tip"] { --callout: 0, 140, 130; }
        .callout[data-kind="success"] { --callout: 20, 135, 60; }
        .callout[data-kind="question"], .callout[data-kind="warning"] { --callout: 180, 95, 0; }
        .callout[data-kind="failure"], .callout[data-kind="danger"], .callout[data-kind="bug"] { --callout: 200, 40, 50; }
        .callout[data-kind="example"] { --callout: 120, 82, 238; }
        .callout[data-kind="quote"] { --callout: 110, 110, 120; }
        @media (prefers-color-scheme: dark) {
          .callout { --callout: 80, 160, 255; }
          .callout[data-kind="abstract"] { --callout: 60, 200, 220; }
          .callout[data-kind="info"], .callout[data-kind="todo"] { --callout: 80, 160, 255; }
          .callout[data-kind="tip"] { --callout: 60, 210, 190; }
          .callout[data-kind="success"] { --callout: 90, 210, 120; }
          .callout[data-kind="question"], .callout[data-kind="warning"] { --callout: 240, 170, 70; }
          .callout[data-kind="failure"], .callout[data-kind="danger"], .callout[data-kind="bug"] { --callout: 255, 110, 110; }
          .callout[data-kind="example"] { --callout: 170, 140, 255; }
          .callout[data-kind="quote"] { --callout: 170, 170, 180; }
        }
        .markdown-embed { margin: 1rem 0; padding: 0.2rem 0 0.2rem 0.9rem; border-left: 3px solid rgba(127, 127, 127, 0.5); }
        .markdown-embed-title { font-size: 0.85rem; opacity: 0.8; }
        .markdown-embed-content > :first-child { margin-top: 0.3rem; }
        .embed-missing { font-style: italic; opacity: 0.75; }
        mark { background: #ffe08a; color: #1b1b1f; padding: 0 0.1em; border-radius: 2px; }
        @media (prefers-color-scheme: dark) { mark { background: #7a5c00; color: #fff4d6; } }
        code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; padding: 0.1em 0.3em; border-radius: 4px; background: rgba(127, 127, 127, 0.16); }
        pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.9em; padding: 0.7rem 0.9rem; border-radius: 6px; background: rgba(127, 127, 127, 0.12); overflow-x: auto; }
        pre code { font-size: inherit; padding: 0; border-radius: 0; background: none; }
        .hashtag { padding: 0 0.45em; border-radius: 1em; background: rgba(99, 102, 241, 0.14); color: #3730a3; text-decoration: none; white-space: nowrap; }
        a.hashtag:hover { background: rgba(99, 102, 241, 0.26); }
        @media (prefers-color-scheme: dark) { .hashtag { background: rgba(129, 140, 248, 0.2); color: #c7d2fe; } }
        kbd { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.85em; padding: 0.05em 0.35em; border: 1px solid rgba(127, 127, 127, 0.6); border-bottom-width: 2px; border-radius: 4px; background: rgba(127, 127, 127, 0.1); }
        a[href="#unresolved"] { color: #56617f; text-decoration-style: dotted; }
        @media (prefers-color-scheme: dark) { a[href="#unresolved"] { color: #9aa6c8; } }
        li.task { list-style: none; }
        li.task > input.task, li.task > p > input.task { margin: 0 0.4rem 0 -1.3rem; vertical-align: middle; }
        .footnotes { margin-top: 2rem; padding-top: 0.5rem; border-top: 1px solid rgba(127, 127, 127, 0.4); font-size: 0.9rem; }
        .footnote-ref { font-size: 0.75em; line-height: 0; }
        .footnote-backref { text-decoration: none; }
        .math-display { display: block; overflow-x: auto; overflow-y: hidden; margin: 0.8rem 0; text-align: center; }
        .math:not(.math-typeset) { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
        img { max-width: 100%; height: auto; }
        audio { display: block; max-width: 100%; margin: 0.5rem 0; }

        """#
}
