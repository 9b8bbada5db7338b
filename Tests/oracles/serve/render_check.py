"""Obsidian's Markdown in a real browser: vault serve and vault export html on a vault shaped like
Obsidian's help vault (Tests/Fixtures/ObsidianHelp), with Playwright driving Debian's Chromium.

Run by Tests/VaultServeTests/BrowserTests.swift in its virtual environment. Environment: VAULT_BIN
(the debug `vault`), VAULT_FIXTURE (the fixture vault), CHROMIUM, SHOTS (a folder for screenshots,
optional). Checks, at 390x844 (touch) and 1280x800, light and dark: a table, a callout, an embed,
math typeset by KaTeX (`.katex` elements), a card's picture loaded (naturalWidth > 0), the page's
own origin only. Prints one line per check and `N passed, N failed`.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

from harness import check, env_for, shot, tally

VAULT = os.environ["VAULT_BIN"]
FIXTURE = os.environ["VAULT_FIXTURE"]
CHROMIUM = os.environ["CHROMIUM"]
KATEX = os.environ.get("VAULT_KATEX_DIR", "/usr/share/javascript/katex")


def main():
    if not os.path.isfile(os.path.join(KATEX, "katex.min.js")):
        print(f"KaTeX is not installed at {KATEX} (apt-get install libjs-katex)")
        print("0 passed, 1 failed")
        return 1
    tmp = tempfile.mkdtemp(prefix="vault-render-")
    root = os.path.join(tmp, "Help vault")
    shutil.copytree(FIXTURE, root)
    server = subprocess.Popen([VAULT, "serve", "--port", "0"], env=env_for(root), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        check("vault serve prints its URL", url.startswith("http://127.0.0.1:"), url)
        base = url.split("?")[0].rstrip("/")
        site = os.path.join(tmp, "site")
        made = subprocess.run([VAULT, "export", "html", site], env=env_for(root), capture_output=True, text=True,
                              timeout=120)
        check("vault export html writes the site", made.returncode == 0, made.stderr)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                run_checks(browser, url, base, site)
            except Exception as error:  # a step that could not run is a failed check, with its reason
                import traceback
                traceback.print_exc()
                check("the browser steps ran to the end", False, repr(error))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(tmp, ignore_errors=True)
    return tally()


SIZES = (("phone", {"width": 390, "height": 844}, True), ("desktop", {"width": 1280, "height": 800}, False))


def contexts(browser):
    for size, viewport, touch in SIZES:
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, color_scheme=scheme)
            yield f"{size}-{scheme}", context


def watch(page, problems):
    # A plain HTTP server has no /favicon.ico, which Chromium asks for on its own: not the page's doing.
    page.on("console", lambda m: problems.append(m.text) if m.type == "error"
            and not m.location.get("url", "").endswith("/favicon.ico") else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    # A request the browser cancels because the page moved on (net::ERR_ABORTED: the tab's
    # icon, app.js's reminder poll) is not one the server failed; a 404 is a console error above.
    page.on("requestfailed", lambda r: None if r.failure == "net::ERR_ABORTED"
            else problems.append(f"failed {r.url} ({r.failure})"))


def typeset(page):
    page.wait_for_function("() => document.querySelectorAll('.math').length > 0 && "
                           "[...document.querySelectorAll('.math')].every(m => m.querySelector('.katex'))",
                           timeout=15000)


CODE_AND_LINKS = """() => {
  const style = s => getComputedStyle(document.querySelector(s));
  const parse = c => c.match(/[\\d.]+/g).map(Number);
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  let ground = null;
  for (let e = document.querySelector('a[href="#unresolved"]'); e && !ground; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor); if (c.length < 4 || c[3] > 0.5) ground = c; }
  const [a, b] = [lum(parse(style('a[href="#unresolved"]').color)), lum(ground)].sort((x, y) => y - x);
  return {inline: [style('p code').backgroundColor, parseFloat(style('p code').paddingLeft)],
          block: [style('pre').backgroundColor, parseFloat(style('pre').paddingLeft)],
          inBlock: style('pre code').backgroundColor,
          missing: style('a[href="#unresolved"]').color, found: style('article a[href^="/notes/"]').color,
          contrast: (a + 0.05) / (b + 0.05)};
}"""


# For the first paragraph in Arabic and the English one after it: the gaps between its text and the
# article's left and right content edges, in px.
BIDI_SIDES = """() => {
  const gaps = (start) => {
    const p = [...document.querySelectorAll('article p')].find(e => e.textContent.startsWith(start));
    if (!p) return null;
    const range = document.createRange(); range.selectNodeContents(p);
    const text = range.getBoundingClientRect(), box = p.getBoundingClientRect();
    return [Math.round(text.left - box.left), Math.round(box.right - text.right)];
  };
  return {arabic: gaps('هذه فقرة'), english: gaps('An English paragraph')};
}"""


def run_checks(browser, url, base, site):
    for label, context in contexts(browser):
        page = context.new_page()
        problems = []
        watch(page, problems)
        page.goto(url)
        origins = set()
        page.on("request", lambda r: origins.add(r.url.split("/")[2]))

        page.goto(base + "/notes/" + "Editing%20and%20formatting/Advanced%20formatting%20syntax.md")
        typeset(page)
        cells = page.eval_on_selector_all("table th", "els => els.map(e => e.textContent.trim())")
        check(f"{label}: the table has its header", cells == ["First name", "Last name", "Role"], cells)
        aligned = page.eval_on_selector_all("table th", "els => els.map(e => getComputedStyle(e).textAlign)")
        check(f"{label}: the columns are aligned left, center, right", aligned == ["left", "center", "right"], aligned)
        link = page.get_attribute("table a", "href")
        check(f"{label}: [[Start here\\|Physicist]] in a cell is a link with its alias",
              link == "/notes/Start%20here.md" and page.inner_text("table a") == "Physicist", link)
        katex = page.eval_on_selector_all(".math .katex", "els => els.length")
        check(f"{label}: KaTeX typeset every formula", katex >= 4, katex)
        display = page.eval_on_selector(".math-display .katex-display", "e => e.getBoundingClientRect().height")
        check(f"{label}: the display formula (a matrix) is drawn tall", display > 30, display)
        fonts = page.evaluate("() => document.fonts.check('16px KaTeX_Main')")
        check(f"{label}: KaTeX's fonts load from the server", fonts, fonts)
        check(f"{label}: no emphasis inside math", page.eval_on_selector_all(".math em", "els => els.length") == 0)
        check(f"{label}: footnotes are listed", page.eval_on_selector_all(".footnotes li", "els => els.length") == 2)
        check(f"{label}: highlights are <mark>", page.eval_on_selector_all("mark", "els => els.length") == 2)
        wide = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        check(f"{label}: the page does not scroll sideways", wide)
        shot(page, f"render-formatting-{label}")

        page.goto(base + "/notes/" + "Editing%20and%20formatting/Callouts.md")
        callouts = page.eval_on_selector_all(".callout", "els => els.map(e => e.dataset.kind)")
        check(f"{label}: five callouts with their kinds", callouts == ["note", "tip", "question", "warning", "example"],
              callouts)
        check(f"{label}: a callout title is shown, not [!tip]",
              page.inner_text(".callout[data-kind=tip] .callout-title").strip() == "Callouts can have custom titles"
              and "[!tip]" not in page.inner_text("main"))
        icon = page.eval_on_selector(".callout[data-kind=tip] .callout-icon svg", "e => e.getBoundingClientRect().width")
        check(f"{label}: the icon is drawn", icon > 10, icon)
        folded = page.eval_on_selector("details.callout[data-kind=question]", "e => e.open")
        check(f"{label}: a [!faq]- callout starts folded", folded is False)
        page.click("details.callout[data-kind=question] summary")
        check(f"{label}: a tap unfolds it", page.eval_on_selector("details.callout[data-kind=question]", "e => e.open"))
        check(f"{label}: the table inside a callout", page.eval_on_selector_all(".callout table td", "els => els.length") == 2)
        shot(page, f"render-callouts-{label}")

        page.goto(base + "/notes/" + "Editing%20and%20formatting/Embed%20files.md")
        embeds = page.eval_on_selector_all(".markdown-embed", "els => els.length")
        check(f"{label}: three notes embedded (a note, a heading, a block)", embeds == 3, embeds)
        texts = page.eval_on_selector_all(".markdown-embed-content", "els => els.map(e => e.innerText)")
        check(f"{label}: the heading's section is the table", len(texts) == 3 and "Lovelace" in texts[1]
              and "quadratic" not in texts[1], texts)
        check(f"{label}: the block is its sentence", len(texts) == 3 and texts[2].strip() == "This sentence can be embedded on its own.",
              texts)
        image = page.eval_on_selector("img[alt='Engelbart.png']", "e => [e.naturalWidth, e.getAttribute('width')]")
        check(f"{label}: ![[Engelbart.png|150]] loads at width 150", image[0] == 240 and image[1] == "150", image)
        audio = page.eval_on_selector("audio", "e => e.getAttribute('src')")
        check(f"{label}: ![[chime.wav]] is an <audio>", audio == "/files/Attachments/chime.wav", audio)
        shot(page, f"render-embeds-{label}")

        page.goto(base + "/notes/" + "Editing%20and%20formatting/Basic%20formatting%20syntax.md")
        picture = page.eval_on_selector("img[alt=Engelbart]", "e => [e.naturalWidth, e.getAttribute('src')]")
        check(f"{label}: ![Engelbart|200](<../Attachments/Engelbart.png>) loads from the note's folder",
              picture[0] == 240 and picture[1] == "/files/Attachments/Engelbart.png", picture)
        sides = page.evaluate(BIDI_SIDES)
        check(f"{label}: an Arabic paragraph reads right to left, set against the right edge; the next English one left",
              sides["arabic"] is not None and sides["arabic"][1] <= 2 and sides["arabic"][0] > 20
              and sides["english"] is not None and sides["english"][0] <= 2, sides)
        boxes = page.eval_on_selector_all("input.task", "els => els.map(e => [e.checked, e.disabled])")
        check(f"{label}: task lists are disabled checkboxes", boxes == [[True, True], [False, True], [False, True]], boxes)
        check(f"{label}: comments are hidden", "like this one" not in page.inner_text("main")
              and "block comment" not in page.inner_text("main"))
        struck = page.eval_on_selector_all("article del", "els => els.map(e => e.textContent)")
        check(f"{label}: ~~struck~~ is <del>", struck == ["struck"], struck)
        code = page.evaluate(CODE_AND_LINKS)
        check(f"{label}: inline code and a code block sit on a tinted ground with padding",
              code["inline"][0] != "rgba(0, 0, 0, 0)" and code["inline"][1] > 0
              and code["block"][0] != "rgba(0, 0, 0, 0)" and code["block"][1] > 0
              and code["inBlock"] == "rgba(0, 0, 0, 0)", code)
        check(f"{label}: a link to a missing note is dimmed, still 4.5:1",
              code["missing"] != code["found"] and code["contrast"] >= 4.5, code)

        page.goto(base + "/study")
        card = page.eval_on_selector("#card img", "e => [e.naturalWidth, e.getAttribute('src')]")
        check(f"{label}: the card's picture loads on the study page",
              card[0] > 0 and card[1] == "/files/Attachments/Engelbart.png", card)
        shot(page, f"render-study-{label}")

        check(f"{label}: only the server's own origin was asked", origins <= {base.split('/')[2]}, origins)
        check(f"{label}: no script error, no failed request", not problems, problems)
        context.close()

    # The exported site, served from a plain HTTP server on loopback, as a published site is
    # (opened from file://, Chromium 156 lets 'self' load the sheet and KaTeX too: docs/FORMAT.md).
    http = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = http.stdout.readline()
        port = line.split("port ")[1].split(" ")[0]
        for label, context in contexts(browser):
            page = context.new_page()
            problems = []
            watch(page, problems)
            page.goto(f"http://127.0.0.1:{port}/Editing%20and%20formatting/Advanced%20formatting%20syntax.html")
            typeset(page)
            check(f"site {label}: math typeset by the copied KaTeX",
                  page.eval_on_selector_all(".math .katex", "els => els.length") >= 4)
            check(f"site {label}: the table", page.eval_on_selector_all("table tr", "els => els.length") == 4)
            page.goto(f"http://127.0.0.1:{port}/Editing%20and%20formatting/Embed%20files.html")
            image = page.eval_on_selector("img[alt='Engelbart.png']", "e => e.naturalWidth")
            check(f"site {label}: embeds and pictures", image == 240
                  and page.eval_on_selector_all(".markdown-embed", "els => els.length") == 3, image)
            shot(page, f"render-site-embeds-{label}")
            check(f"site {label}: no script error, no failed request", not problems, problems)
            context.close()
    finally:
        http.terminate()
        try:
            http.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a SIGTERM ignored since the parent's start: end it for sure
            http.kill()
            http.wait()


if __name__ == "__main__":
    sys.exit(main())
