"""vault serve in a real browser: Playwright driving Debian's Chromium (no browser download).

Run by Tests/VaultServeTests/BrowserTests.swift in a virtual environment it makes under .build/.
Environment: VAULT_BIN (the debug `vault`), VAULT_EXAMPLE (ExampleVault), CHROMIUM (the browser),
SHOTS (a folder for screenshots, optional). Prints one line per check and `N passed, N failed`.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from harness import check, env_for, shot, tally

VAULT = os.environ["VAULT_BIN"]
EXAMPLE = os.environ["VAULT_EXAMPLE"]
CHROMIUM = os.environ["CHROMIUM"]


def vault(root, *args):
    return subprocess.run([VAULT, *args], env=env_for(root), capture_output=True, text=True, timeout=120)


def ledger(root):
    folder = os.path.join(root, ".vault", "ledger")
    lines = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".log"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                lines += [l for l in f.read().split("\n") if l]
    return lines


def comparable(line, drop=()):
    columns = line.split("\t")
    fields = [c for c in columns[3:] if c.split("=")[0] not in drop]
    return "\t".join([columns[0]] + fields)


def wait_for(predicate, seconds=15):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


CONTRAST = """() => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(',').map(Number); return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const background = el => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c.a > 0.5) return c; } return parse(getComputedStyle(document.documentElement).backgroundColor) || {r: 255, g: 255, b: 255}; };
  const low = [];
  for (const el of document.querySelectorAll('body *')) {
    if (!el.offsetParent && el.tagName !== 'BODY') continue;
    const text = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
    if (!text) continue;
    const fg = parse(getComputedStyle(el).color), bg = background(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) low.push(text.slice(0, 30) + ' ' + ratio.toFixed(2));
  }
  return low;
}"""


def main():
    tmp = tempfile.mkdtemp(prefix="vault-browser-")
    web, cli = os.path.join(tmp, "web"), os.path.join(tmp, "cli")
    shutil.copytree(EXAMPLE, web)
    shutil.copytree(EXAMPLE, cli)
    with open(os.path.join(web, "Inbox", "hostile.md"), "w", encoding="utf-8") as f:
        f.write('---\ntitle: "<script>window.__pwned=1</script>"\n---\n'
                'Text <script>window.__pwned=2</script> <img src=x onerror="window.__pwned=3"> '
                '[link](javascript:window.__pwned=4)\n')
    server = subprocess.Popen([VAULT, "serve", "--port", "0"], env=env_for(web), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        check("the first line is the URL with a token", url.startswith("http://127.0.0.1:") and "?token=" in url, url)
        base = url.split("?")[0].rstrip("/")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            phone = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            desk = browser.new_context(viewport={"width": 1280, "height": 800})
            try:
                run_checks(browser, phone, desk, url, base, web, cli)
            except Exception as error:  # a step that could not run is a failed check, with its reason
                import traceback
                traceback.print_exc()
                check("the browser steps ran to the end", False, repr(error))
            browser.close()
    finally:
        server.terminate()
        code = server.wait(timeout=20)
        check("SIGTERM ends the server with status 0", code == 0, code)
        shutil.rmtree(tmp, ignore_errors=True)
    return tally()


def run_checks(browser, phone, desk, url, base, web, cli):
    stranger = browser.new_context()
    for path in ["/", "/study", "/assets/app.js", "/notes/Inbox/hostile.md", "/files/loci/x.png"]:
        r = stranger.request.get(base + path, max_redirects=0)
        check(f"no token, no {path}", r.status in (401, 403), r.status)
    stranger.close()

    pages = {}
    for name, context in (("phone", phone), ("desktop", desk)):
        page = context.new_page()
        page.goto(url)
        check(f"{name}: the token URL lands on the dashboard without the token", page.url == base + "/", page.url)
        pages[name] = page
    page = pages["desktop"]

    # Installable: the manifest reads and Chromium finds nothing missing (a test profile is incognito).
    cdp = desk.new_cdp_session(page)
    wait_for(lambda: page.evaluate("() => !!navigator.serviceWorker.controller"), 10)
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    check("installable: a manifest and a service worker Chromium accepts",
          not [e for e in errors if e != "in-incognito"] and not cdp.send("Page.getAppManifest").get("errors"), errors)
    cdp.detach()

    # Reminders while the app is open: notifications allowed, the dashboard shows the waiting
    # reminder through the service worker, with Study now and Snooze.
    alerted = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    alerted.grant_permissions(["notifications"], origin=base)
    pg = alerted.new_page()
    # The page's first check raises the reminder and shows it once the service worker is
    # ready; the page stays put meanwhile (a reload then would lose it: it counts as seen).
    pg.goto(url)
    listed = "() => navigator.serviceWorker.ready.then(r => r.getNotifications()).then(ns => ns.map(n => [n.body, n.actions.map(a => a.action)]))"
    wait_for(lambda: pg.evaluate(listed), 20)
    shown = pg.evaluate(listed)
    waiting = pg.request.post(base + "/reminders/check", form={"csrf": pg.get_attribute('meta[name="csrf"]', "content")}).json()
    check("a waiting reminder is shown as a notification with Study now and Snooze",
          waiting["reminders"] and shown and all(actions == ["study", "snooze"] for _, actions in shown)
          and shown[0][0] == waiting["reminders"][0]["title"], (waiting, shown))
    alerted.close()

    # Offline before any visit: the service worker keeps the app shell and the study queue at
    # install, so a phone that has only opened the dashboard studies with no network.
    fresh = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    pg = fresh.new_page()
    pg.goto(url)
    wait_for(lambda: pg.evaluate("() => !!navigator.serviceWorker.controller"), 15)
    wait_for(lambda: pg.evaluate("() => caches.open('vault-serve-v2').then(c => c.match('/study')).then(r => !!r)"), 15)
    fresh.set_offline(True)
    answers = {}
    for path in ("/study", "/decks"):
        try:
            r = pg.goto(base + path)
            answers[path] = (r.status if r else None, pg.query_selector("#card") is not None)
        except Exception as error:
            answers[path] = repr(error)
    check("offline before any visit: the study queue and the decks open from the app's own copy",
          answers.get("/study", (0,))[0] == 200 and answers["/study"][1] and answers.get("/decks", (0,))[0] == 200, answers)
    fresh.close()

    # The dashboard's counts are vault status --json's.
    status = json.loads(vault(web, "status", "--json").stdout)
    counts = {el.get_attribute("data-count"): int(el.inner_text()) for el in page.query_selector_all("[data-count]")}
    for key in ["notes", "notes_to_review", "due_flashcards", "new_flashcards", "session_reviews_due", "loci_due"]:
        check(f"dashboard {key} = vault status --json", counts.get(key) == status.get(key), (counts.get(key), status.get(key)))
    for name in pages:
        shot(pages[name], f"dashboard-{name}")

    # A review by keys: keep, then archive; the ledger lines equal the CLI's for the same decisions.
    link = page.query_selector("a[href^='/review/']")
    check("the dashboard links to a review", link is not None)
    if link:
        href = link.get_attribute("href")
        _, _, level, period = href.split("/")[:4]
        page.goto(base + href)
        pages["phone"].goto(base + href)
        for name in pages:
            shot(pages[name], f"review-{name}")
        key_bar_checks(pages, base, href)
        for name in pages:
            pages[name].goto(base + href)
        before = len(ledger(web))
        decided = []
        for key, decision in (("k", "keep"), ("a", "archive")):
            path = page.get_attribute("input[name=path]", "value")
            with page.expect_navigation():
                page.keyboard.press(key)
            decided.append((decision, path))
        for decision, path in decided:
            r = vault(cli, "review", level, period, f"--{decision}", path)
            check(f"vault review --{decision} runs", r.returncode == 0, r.stderr)
        web_lines = [comparable(l) for l in ledger(web)[before:]]
        cli_lines = [comparable(l) for l in ledger(cli)[before:]]
        check("review keep/archive: the ledger lines equal the CLI's", web_lines == cli_lines and len(web_lines) == 2,
              (web_lines, cli_lines))
        pages["phone"].goto(base + href)
        box = pages["phone"].query_selector("article.note").bounding_box()
        before = len(ledger(web))
        path = pages["phone"].get_attribute("input[name=path]", "value")
        with pages["phone"].expect_navigation():
            # A swipe to the right keeps, as on a phone.
            pages["phone"].dispatch_event("article.note", "touchstart", {"touches": [{"clientX": 40, "clientY": box["y"] + 20, "identifier": 0}]})
            pages["phone"].evaluate("""() => {
                const el = document.querySelector('article.note');
                const t = new Touch({identifier: 0, target: el, clientX: 300, clientY: 20});
                el.dispatchEvent(new TouchEvent('touchend', {changedTouches: [t], bubbles: true}));
            }""")
        lines = ledger(web)[before:]
        check("a swipe right keeps the note", len(lines) == 1 and "decision=keep" in lines[0], lines)

    # Study by keys on the desktop: space reveals, the rating's key (3 good, or 4 for an sm2 card) rates.
    page.goto(base + "/study")
    shot(page, "study-question-desktop")
    card = page.get_attribute("#card", "data-card")
    check("study shows a card with its answer hidden", card is not None and page.is_hidden("#answer"))
    page.keyboard.press("Space")
    check("space reveals the answer and the ratings with their intervals",
          page.is_visible("#answer") and page.is_visible("#rate-bar button.rate .interval"))
    shot(page, "study-answer-desktop")
    buttons = page.query_selector_all("#rate-bar form")
    good = buttons[2]  # fsrs: again hard GOOD easy; sm2: q0 q1 Q2… (the third either way)
    key = good.query_selector("button").get_attribute("data-key")
    answer = good.query_selector("input[name=answer]").get_attribute("value")
    before = len(ledger(web))
    with page.expect_navigation():
        page.keyboard.press(key)
    lines = ledger(web)[before:]
    check(f"key {key} rates {answer}: one rate event", len(lines) == 1 and "\trate\t" in lines[0] and f"card={card}" in lines[0], lines)
    r = vault(cli, "study", "--rate", f"{card}={answer}")
    cli_lines = [l for l in ledger(cli) if f"card={card}" in l and "\trate\t" in l]
    # The page's answer carries the id it was given there (id=, first); the CLI's has none.
    check("the rate line equals vault study --rate's (the response time and the page's id aside)",
          bool(cli_lines) and comparable(lines[0], drop=("response_ms", "id")) == comparable(cli_lines[-1], drop=("response_ms", "id")),
          (lines, cli_lines[-1:]))
    check("the next card is another", page.get_attribute("#card", "data-card") != card)

    # Study by taps on the phone.
    phone_page = pages["phone"]
    phone_page.goto(base + "/study")
    shot(phone_page, "study-question-phone")
    card = phone_page.get_attribute("#card", "data-card")
    phone_page.tap("a.reveal")
    check("a tap reveals the answer", phone_page.is_visible("#answer"))
    shot(phone_page, "study-answer-phone")
    sizes = phone_page.eval_on_selector_all("#rate-bar button, a.button, header nav a",
                                            "els => els.filter(e => e.offsetParent).map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])")
    check("touch targets are at least 44 px", all(w >= 44 and h >= 44 for w, h in sizes), sizes)
    outside = phone_page.eval_on_selector_all(
        "header nav a",
        "els => els.filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth + 1 })"
        ".map(e => e.textContent)")
    check("on the phone every place of the navigation is in sight, none past the edge", not outside, outside)
    before = len(ledger(web))
    with phone_page.expect_navigation():
        phone_page.tap("#rate-bar form:last-child button")
    lines = ledger(web)[before:]
    check("a tap on a rating rates the card", len(lines) == 1 and f"card={card}" in lines[0] and "\trate\t" in lines[0], lines)

    # Offline: the answer is kept in IndexedDB and sent when the network returns.
    card = phone_page.get_attribute("#card", "data-card")
    before = len(ledger(web))
    phone.set_offline(True)
    phone_page.tap("a.reveal")
    phone_page.tap("#rate-bar form:first-child button")
    waited = wait_for(lambda: "1 answer waiting" in (phone_page.text_content("#waiting") or ""), 10)
    check("offline: the answer is kept and shown as waiting", waited, phone_page.text_content("#waiting"))
    shot(phone_page, "study-offline-phone")
    check("offline: nothing reached the ledger", len(ledger(web)) == before)
    check("offline: the next kept card is shown", phone_page.get_attribute("#card", "data-card") != card)
    phone.set_offline(False)
    phone_page.evaluate("window.dispatchEvent(new Event('online'))")
    check("back online: the kept answer is written as a rate event",
          wait_for(lambda: any(f"card={card}" in l and "\trate\t" in l for l in ledger(web)[before:]), 15),
          ledger(web)[before:])

    # A note holding <script> and onerror= runs nothing.
    for name, pg in pages.items():
        dialogs = []
        pg.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        pg.goto(base + "/notes/Inbox/hostile.md")
        pwned = pg.evaluate("() => window.__pwned === undefined ? null : window.__pwned")
        check(f"{name}: a hostile note runs nothing", pwned is None and not dialogs, (pwned, dialogs))
        check(f"{name}: its title is shown as text", "<script>window.__pwned=1</script>" in pg.inner_text("h1"))
        shot(pg, f"note-{name}")

    # No path outside the vault, nor in .vault/, is served.
    for path in ["/files/../../../../etc/passwd", "/files/%2e%2e/%2e%2e/etc/passwd", "/files/.vault/config.yml",
                 "/notes/..%2f..%2f..%2fetc%2fpasswd", "/files/a%00.png"]:
        r = page.request.get(base + path, max_redirects=0)
        body = r.text()
        check(f"{path} is not served", r.status != 200 and "root:x:0" not in body and "timezone:" not in body, r.status)

    # A session timer started on the phone and stopped on the desktop: its state is the ledger's.
    before = len(ledger(web))
    phone_page.goto(base + "/sessions")
    with phone_page.expect_navigation():
        phone_page.tap("text=Start a session")
    page.goto(base + "/sessions")
    shot(page, "sessions-desktop")
    shot(phone_page, "sessions-phone")
    with page.expect_navigation():
        page.click("form[action='/sessions/stop'] button")
    kinds = [l.split("\t")[3] for l in ledger(web)[before:]]
    # Under a fixed VAULT_NOW the session lasted no minute: stop cancels it, as vault session stop does.
    check("a session started on the phone is stopped on the desktop", kinds == ["session-start", "session-cancel"], kinds)
    for name, pg in pages.items():
        pg.goto(base + "/stats")
        shot(pg, f"stats-{name}")
        widths = pg.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        check(f"{name}: /stats fits the width, no sideways scrolling", widths[0] <= widths[1], widths)
    blocked = []
    phone_page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    phone_page.reload()
    check("/stats: the policy blocks nothing on the page", not blocked, blocked[:3])
    check("/stats draws the report's charts with its style sheet",
          page.evaluate("() => document.querySelectorAll('svg').length") > 0
          and page.evaluate("() => getComputedStyle(document.body).fontFamily") != "")

    # Memory palaces: the real pictures load; a review by keys writes a loci-rate event.
    for name, pg in pages.items():
        pg.goto(base + "/loci/Home%20walk/learn")
        width = pg.evaluate("() => { const i = document.querySelector('figure.locus img'); return i && i.complete ? i.naturalWidth : 0; }")
        check(f"{name}: the location's picture loads (naturalWidth > 0)", width > 0, width)
        shot(pg, f"loci-learn-{name}")
    page.goto(base + "/loci/Home%20walk/review")
    with page.expect_navigation():
        page.keyboard.press("Space")
    with page.expect_navigation():
        page.keyboard.press("Space")
    shot(page, "loci-review-desktop")
    before = len(ledger(web))
    with page.expect_navigation():
        page.keyboard.press("4")
    lines = ledger(web)[before:]
    check("loci review: key 4 writes a loci-rate event", len(lines) == 1 and "\tloci-rate\t" in lines[0] and "quality=4" in lines[0], lines)

    # Contrast of every text at least 4.5:1 (WCAG AA) in both colour schemes, and a visible focus.
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
        pg = context.new_page()
        pg.goto(url)
        for path in ["/", "/study?reveal=1", "/sessions", "/search?q=habit", "/loci/Home%20walk/review?s=2", "/notes/Inbox/hostile.md"]:
            pg.goto(base + path)
            low = pg.evaluate(CONTRAST)
            check(f"{scheme}: {path} text contrast at least 4.5:1", not low, low[:5])
        pg.goto(base + "/")
        pg.keyboard.press("Tab")
        pg.keyboard.press("Tab")
        outline = pg.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        check(f"{scheme}: the keyboard focus is visible", outline not in ("none", ""), outline)
        if scheme == "dark":
            shot(pg, "dashboard-dark-desktop")
        context.close()

    # Search, and every page's controls named in Chromium's accessibility tree.
    page.goto(base + "/search?q=habit")
    for name, pg in pages.items():
        if name == "phone":
            pg.goto(base + "/search?q=habit")
        shot(pg, f"search-{name}")
    for path in ["/", "/study", "/search?q=habit", "/sessions", "/notes/Inbox/hostile.md", "/loci", "/loci/Home%20walk/learn"]:
        page.goto(base + path)
        cdp = desk.new_cdp_session(page)
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
        unnamed = [n for n in nodes if n.get("role", {}).get("value") in ("button", "link", "textbox", "searchbox")
                   and not n.get("ignored") and not (n.get("name", {}).get("value") or "").strip()]
        check(f"{path}: every control has an accessible name", not unnamed, unnamed[:3])
        cdp.detach()

    phone_app_checks(browser, phone, desk, url, base, web)


KEY_BAR = """() => {
  const bar = document.querySelector('main > nav.keys.sticky');
  if (!bar) return null;
  const atFoot = Math.abs(bar.getBoundingClientRect().bottom - innerHeight) <= 1;
  window.scrollTo(0, document.documentElement.scrollHeight);
  const shown = [...document.querySelectorAll('main *')].filter(e => !bar.contains(e) && !e.classList.contains('above-keys'))
    .map(e => e.getBoundingClientRect()).filter(r => r.height > 0);
  const b = bar.getBoundingClientRect();
  const buttons = [...bar.querySelectorAll('.button')].filter(e => e.offsetParent);
  return {contentBottom: Math.max(...shown.map(r => r.bottom)), barTop: b.top, barBottom: b.bottom, innerHeight, atFoot,
          buttons: buttons.length, rows: new Set(buttons.map(e => Math.round(e.getBoundingClientRect().top))).size,
          direction: getComputedStyle(bar).flexDirection};
}"""


def key_bar_checks(pages, base, review):
    """The bar of keys under a review, a palace walk and a study card: the end of the page is never
    under it at the last scroll, it stays at the foot of the screen, and a review's or a walk's keys
    are one row that wraps (not one per row; the study page keeps its groups one above another)."""
    for name, pg in pages.items():
        for path, kind in ((review, "review"), ("/loci/Home%20walk/review?s=2", "walk"), ("/study?reveal=1", "study")):
            pg.goto(base + path)
            m = pg.evaluate(KEY_BAR)
            if m is None:
                check(f"{name}: {path} has a key bar", False)
                continue
            check(f"{name}: {path}: the end of the page is above the key bar at the last scroll",
                  m["contentBottom"] <= m["barTop"] + 0.5 and m["barBottom"] <= m["innerHeight"] + 0.5, m)
            check(f"{name}: {path}: the key bar is at the foot of the screen", m["atFoot"], m)
            if kind == "study":
                check(f"{name}: {path}: the study bar keeps its groups one above another", m["direction"] == "column", m)
            else:
                one_row = m["rows"] == 1 if name == "desktop" else m["rows"] < m["buttons"]
                check(f"{name}: {path}: the keys are a row that wraps, not one per row",
                      m["direction"] == "row" and one_row, m)


def field(line, name):
    for column in line.split("\t")[4:]:
        if column.startswith(name + "="):
            return column[len(name) + 1:]
    return None


def phone_app_checks(browser, phone, desk, url, base, web):
    """The phone app (issue 43): the counter, undo, capture, edit and conflict, two tabs offline."""
    page = desk.new_page()
    page.goto(url)

    # The counter advances with each answer; undo takes the last back and restores the card in vault cards --json.
    page.goto(base + "/study")
    first = page.get_attribute("#counter", "data-position")
    card = page.get_attribute("#card", "data-card")
    cards_before = vault(web, "cards", "--json").stdout
    page.keyboard.press("Space")
    focused = page.evaluate("() => document.activeElement && document.activeElement.className")
    check("after the reveal the usual answer has the focus", "usual" in (focused or ""), focused)
    tones = page.eval_on_selector_all("#rate-bar button.rate", "els => els.map(e => e.className)")
    check("the rating buttons carry their tones", all("tone-" in t for t in tones) and len(tones) >= 4, tones)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    second = page.get_attribute("#counter", "data-position")
    check("the counter advances after an answer", first == "1" and second == "2", (first, second))
    check("the live accuracy shows after the first answer", page.is_visible("#accuracy"), page.inner_text(".progress"))
    shot(page, "study-counter-desktop")
    before = len(ledger(web))
    with page.expect_navigation():
        page.keyboard.press("u")
    lines = ledger(web)[before:]
    check("u writes one answer-undo", len(lines) == 1 and "\tanswer-undo\t" in lines[0], lines)
    check("undo: the card is shown again", page.get_attribute("#card", "data-card") == card)
    check("undo restores the card's state in vault cards --json", vault(web, "cards", "--json").stdout == cards_before)

    # Capture: the form's fields land in a note file.
    for name, context in (("phone", phone), ("desktop", desk)):
        pg = context.new_page()
        pg.goto(base + "/new")
        shot(pg, f"new-{name}")
        labels = pg.eval_on_selector_all("form label", "els => els.map(e => e.htmlFor)")
        check(f"{name}: /new labels every field", all(pg.query_selector('#' + l) for l in labels) and len(labels) >= 5, labels)
        pg.close()
    page.goto(base + "/new")
    page.fill("#new-title", "Written in the browser")
    page.fill("#new-text", "A capture from the phone app.")
    with page.expect_navigation():
        page.click("form[action='/new'] button[type=submit]")
    def notes_with(text):
        found = []
        for root, _, files in os.walk(web):
            if "/.vault" in root:
                continue
            for f in files:
                if f.endswith(".md") and text in open(os.path.join(root, f), encoding="utf-8").read():
                    found.append(os.path.relpath(os.path.join(root, f), web))
        return found
    found = notes_with("A capture from the phone app.")
    check("capture lands in one note file", len(found) == 1, found)
    check("after the capture its note is shown", "created=1" in page.url, page.url)

    # Capture offline: kept on the device with its id, written once when the network returns.
    page.goto(base + "/new")
    page.context.set_offline(True)
    page.fill("#new-title", "Captured offline")
    page.fill("#new-text", "Written with no network.")
    page.click("form[action='/new'] button[type=submit]")
    said = wait_for(lambda: "kept on this device" in (page.text_content("main") or ""), 10)
    check("offline: a capture is kept on the device and said so, nothing written",
          said and not notes_with("Written with no network."), page.text_content("main")[:200])
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_for(lambda: notes_with("Written with no network."), 15)
    page.reload()
    time.sleep(1)
    check("back online: the kept capture lands in one note file, once", len(notes_with("Written with no network.")) == 1,
          notes_with("Written with no network."))

    # Edit: the text lands, the front matter kept; an edit after the file changed on disk keeps both.
    path = found[0] if found else "Inbox/hostile.md"
    full = os.path.join(web, path)
    original = open(full, encoding="utf-8").read()
    front = original[: original.index("\n---", 3) + 4] if original.startswith("---") else ""
    page.goto(base + "/notes/" + path + "/edit")
    shot(page, "edit-desktop")
    page.fill("#edit-text", "Edited in the browser.\n")
    with page.expect_navigation():
        page.click("form button[type=submit]")
    edited = open(full, encoding="utf-8").read()
    check("an edit lands in the file, its front matter kept", edited.startswith(front) and edited.endswith("Edited in the browser.\n"), edited[-80:])
    page.goto(base + "/notes/" + path + "/edit")
    with open(full, "a", encoding="utf-8") as f:
        f.write("Changed on the laptop.\n")
    page.fill("#edit-text", "Changed on the phone.\n")
    page.click("form button[type=submit]")
    page.wait_for_selector(".conflict")
    shot(page, "edit-conflict-desktop")
    on_disk = open(full, encoding="utf-8").read()
    copies = []
    for root, _, files in os.walk(web):
        for f in files:
            if f.endswith(".md") and "/.vault" not in root and "Changed on the phone." in open(os.path.join(root, f), encoding="utf-8").read():
                copies.append(f)
    check("a conflicting edit keeps both: the disk's version stays, the phone's is a copy",
          on_disk.endswith("Changed on the laptop.\n") and len(copies) == 1, (on_disk[-60:], copies))

    # Two tabs offline: one answer kept, both tabs back online at once, a reload, the POST sent again: one event.
    tab_a, tab_b = phone.new_page(), phone.new_page()
    tab_a.goto(base + "/study")
    tab_b.goto(base + "/study")
    card = tab_a.get_attribute("#card", "data-card")
    before = len(ledger(web))
    phone.set_offline(True)
    tab_a.tap("a.reveal")
    tab_a.tap("#rate-bar form:first-child button")
    wait_for(lambda: "waiting" in (tab_a.text_content("#waiting") or ""), 10)
    phone.set_offline(False)
    tab_a.evaluate("window.dispatchEvent(new Event('online'))")
    tab_b.evaluate("window.dispatchEvent(new Event('online'))")
    wait_for(lambda: any(f"card={card}" in l and "\trate\t" in l for l in ledger(web)[before:]), 15)
    time.sleep(2)
    tab_a.reload()
    tab_b.reload()
    time.sleep(2)
    lines = [l for l in ledger(web)[before:] if "\trate\t" in l]
    check("two tabs offline, back online at once and reloaded: one rate event", len(lines) == 1, lines)
    given = field(lines[0], "id") if lines else None
    check("the answer's event carries the id it was given in the page", given is not None and len(given) == 36, lines)
    if lines and given:
        csrf = tab_a.get_attribute('meta[name="csrf"]', "content")
        form = {"card": card, "answer": field(lines[0], "rating"), "given": given, "csrf": csrf}
        r = phone.request.post(base + "/study/rate", form=form, max_redirects=0)
        after = [l for l in ledger(web)[before:] if "\trate\t" in l]
        check("the same POST sent again writes no second event", r.status == 303 and len(after) == 1, (r.status, after))

    # Every new page at both sizes, light and dark.
    for scheme in ("light", "dark"):
        for name, size in (("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 800})):
            context = browser.new_context(viewport=size, color_scheme=scheme, has_touch=name == "phone")
            pg = context.new_page()
            pg.goto(url)
            for path, shot_name in (("/", "dashboard"), ("/decks", "decks"), ("/list/daily", "list"), ("/stats", "stats"),
                                    ("/search?q=the", "search"), ("/sessions", "sessions")):
                r = pg.goto(base + path)
                check(f"{scheme} {name}: {path} answers 200", r.status == 200, r.status)
                widths = pg.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
                check(f"{scheme} {name}: {path} fits the width", widths[0] <= widths[1], widths)
                if scheme == "dark" or name == "phone":
                    shot(pg, f"{shot_name}-{name}-{scheme}")
            context.close()


if __name__ == "__main__":
    sys.exit(main())
