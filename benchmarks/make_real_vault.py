#!/usr/bin/env python3
"""Generate a deterministic vault shaped like a real Obsidian vault (Obsidian's
own help vault): the benchmark's "real vault".

Usage: make_real_vault.py OUT_DIR [--languages L] [--notes-per-language N] [--seed S]

What /work/shared/bench/make_vault.py makes is uniform: short notes of one
made-up language, each with an id and a created date. Obsidian's help vault
(6,280 notes in 40 languages) is not, and vault was 30-49x slower than
ripgrep there. This generator makes the same shape:

- L language folders (default 40) of N notes each (default 157), in twelve
  topic subfolders, with the same page tree in every language. Scripts:
  Latin with diacritics, Vietnamese, Cyrillic, Greek, Arabic, Hebrew,
  Devanagari, Bengali, Tamil, Georgian, Armenian, Thai (no spaces), Chinese
  and Japanese (no spaces), Korean; each language has its own vocabulary
  (Zipf-distributed syllable words of its script), and product words
  (Obsidian, Markdown, vault, plugin, callout, YAML...) stay in English
  everywhere, as they do in the translations.
- File names are titles with spaces and the language's letters
  (`fr/Modifier et formater/Liens internes.md`); no id, no created date
  (front matter only on some notes: aliases, permalink, cssclasses, tags,
  description, publish), so dates come from the files, as in a fresh clone.
- Note lengths are log-normal: median ~2.5 KB, one in ten over 8 KB, a few
  of 30-60 KB (the long reference pages).
- Bodies hold what the help vault's do: headings, paragraphs with bold,
  italics, highlights and inline code, bulleted, numbered, nested and task
  lists, tables (3-6 columns, up to 25 rows, links and code in cells),
  callouts (`> [!note]`, foldable `> [!tip]-`, nested), fenced code (some
  with `[[links]]` inside, which are not links), `%%comments%%`, math,
  footnotes, `<kbd>` HTML, embeds (`![[Screenshot.png]]`, `![[Note#Heading]]`),
  and many wiki links (`[[Page]]`, `[[Page#Heading]]`, `[[Page|label]]`,
  `[[Folder/Page]]`), about 2% of them broken; Markdown links to the web
  and to notes (`[x](Other%20page.md)`).
- An `Attachments/` folder of small PNG files and an `.obsidian/` folder,
  as a real vault has.

The same arguments always produce byte-identical output.
"""
import argparse
import math
import os
import random

# (folder, script, diacritics) for each language, in the order folders are made.
LANGUAGES = [
    ("en", "english", ""), ("fr", "latin", "éèêàçôùî"), ("de", "latin", "äöüß"), ("es", "latin", "ñáéíóú"),
    ("it", "latin", "àèéìòù"), ("pt-br", "latin", "ãõçáéêó"), ("nl", "latin", "ëï"), ("pl", "latin", "ąćęłńóśźż"),
    ("cs", "latin", "čďěňřšťůž"), ("sv", "latin", "åäö"), ("da", "latin", "æøå"), ("no", "latin", "æøå"),
    ("fi", "latin", "äö"), ("hu", "latin", "áéíóöőúüű"), ("ro", "latin", "ăâîșț"), ("tr", "latin", "çğıöşü"),
    ("id", "latin", ""), ("ms", "latin", ""), ("vi", "latin", "ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ"),
    ("ca", "latin", "àçèéíïòóúü"), ("sk", "latin", "áäčďéíľňóôŕšťúýž"), ("hr", "latin", "čćđšž"),
    ("lt", "latin", "ąčęėįšųūž"), ("lv", "latin", "āčēģīķļņšūž"), ("et", "latin", "äöõüšž"),
    ("ru", "cyrillic", ""), ("uk", "cyrillic", "іїєґ"), ("bg", "cyrillic", ""), ("sr", "cyrillic", "ђјљњћџ"),
    ("el", "greek", ""), ("ar", "arabic", ""), ("fa", "arabic", "پچژگ"), ("he", "hebrew", ""),
    ("hi", "devanagari", ""), ("bn", "bengali", ""), ("ta", "tamil", ""), ("ka", "georgian", ""),
    ("th", "thai", ""), ("zh", "han", ""), ("ja", "japanese", ""), ("ko", "hangul", ""), ("hy", "armenian", ""),
]

SCRIPTS = {
    "cyrillic": "абвгдежзийклмнопрстуфхцчшщыэюя",
    "greek": "αβγδεζηθικλμνξοπρστυφχψωάέήίόύώ",
    "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهوي",
    "hebrew": "אבגדהוזחטיכלמנסעפצקרשת",
    "devanagari": "कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह",
    "bengali": "কখগঘচছজঝটঠডঢণতথদধনপফবভমযরলশসহ",
    "tamil": "கஙசஞடணதநபமயரலவழளறன",
    "georgian": "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
    "armenian": "աբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆ",
    "thai": "กขคงจฉชซญดตถทนบปผพฟมยรลวสหอฮ",
    "han": "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞观争究包组造落视济喜离虽坏兴切",
    "japanese_kana": "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン",
    "hangul_initial": "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ",
}

ENGLISH_WORDS = (
    "the of and to a in is you that it for on with as can be your this are or from at an by not "
    "have all we will more use which one about when there if their note notes file files link links "
    "folder page text view editor setting settings open create new select command palette option "
    "heading block list table image embed search graph template property properties workspace pane "
    "tab mode reading source live preview syntax format formatting insert shortcut key keyboard "
    "right left click menu sidebar ribbon theme snippet community core feature features help "
    "support account device mobile desktop sync publish share export import attachment attachments "
    "default custom change changes show hide display enable disable toggle add remove move rename "
    "delete restore version history backup local remote start started guide learn example examples "
    "internal external reference references alias aliases tag tags nested inline code math "
    "diagram footnote comment comments highlight bold italic strikethrough quote checkbox task "
    "item items first last next previous other another each every some any only also however "
    "instead because while where how what why who these those them they it's don't doesn't "
    "information content contents section sections type types value values name names title "
    "titles date time day week month year order sort filter query result results match matches "
    "window windows screen size font color style styles icon icons button buttons field fields "
    "data file's note's vault's user users team teams people work working works way ways thing things"
).split()
PRODUCT_WORDS = ("Obsidian Markdown vault plugin plugins callout callouts YAML CSS PDF Canvas Sync Publish URI "
                 "Mermaid MathJax JSON HTML Dataview Excalidraw GitHub iCloud Dropbox Android iOS macOS Windows Linux").split()
FOLDERS = ["Getting started", "Editing and formatting", "Linking notes and files", "Files and folders",
           "Plugins", "Customization", "Obsidian Sync", "Obsidian Publish", "User interface", "Advanced topics",
           "Teams", "Contributing to Obsidian"]
CALLOUT_TYPES = ["note", "abstract", "info", "todo", "tip", "success", "question", "warning", "failure",
                 "danger", "bug", "example", "quote"]
LANG_CODES = ["md", "js", "css", "python", "json", "yaml", "bash", "dataview", "mermaid", "query"]


def zipf_cumulative(n):
    total, cum = 0.0, []
    for i in range(n):
        total += 1.0 / (i + 1) ** 1.05
        cum.append(total)
    return cum


class Language:
    """A language's vocabulary, and how its sentences are joined."""

    def __init__(self, rng, code, script, diacritics):
        self.code = code
        self.script = script
        self.spaced = script not in ("thai", "han", "japanese")
        if script == "english":
            words = list(ENGLISH_WORDS)
            syll = ["ka", "lo", "mi", "ten", "ra", "su", "ve", "dor", "pan", "zen", "mar", "lis", "gro", "fa"]
            while len(words) < 3000:
                words.append("".join(rng.choice(syll) for _ in range(rng.randint(2, 4))))
        else:
            words, seen = [], set()
            while len(words) < 3000:
                w = self.word(rng, diacritics)
                if w not in seen:
                    seen.add(w)
                    words.append(w)
        self.words = words
        self.cum = zipf_cumulative(len(words))

    def word(self, rng, diacritics):
        s = self.script
        if s == "latin":
            cons, vow = "bcdfghjklmnprstvz", "aeiou" + diacritics
            return "".join(rng.choice(cons) + rng.choice(vow) for _ in range(rng.randint(1, 4))) + (
                rng.choice("nrslt") if rng.random() < 0.4 else "")
        if s == "han":
            return "".join(rng.choice(SCRIPTS["han"]) for _ in range(rng.randint(1, 3)))
        if s == "japanese":
            k = SCRIPTS["japanese_kana"]
            return "".join(rng.choice(SCRIPTS["han"]) for _ in range(rng.randint(0, 2))) + "".join(
                rng.choice(k) for _ in range(rng.randint(1, 3)))
        if s == "hangul":
            return "".join(chr(0xAC00 + rng.randrange(11172)) for _ in range(rng.randint(1, 4)))
        alphabet = SCRIPTS[s] + diacritics
        return "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 8)))

    def words_of(self, rng, n):
        ws = rng.choices(self.words, cum_weights=self.cum, k=n)
        # Product names stay in English in every translation.
        for i in range(n):
            if rng.random() < 0.035:
                ws[i] = rng.choice(PRODUCT_WORDS)
        return ws

    def join(self, words):
        return " ".join(words) if self.spaced else "".join(words)

    def sentence(self, rng, lo=5, hi=18):
        ws = self.words_of(rng, rng.randint(lo, hi))
        if self.spaced and self.script in ("english", "latin", "cyrillic", "greek", "armenian", "georgian"):
            ws[0] = ws[0][:1].upper() + ws[0][1:]
        end = {"han": "。", "japanese": "。", "thai": " ", "devanagari": "।", "bengali": "।", "arabic": ".",
               "armenian": "։"}.get(self.script, ".")
        return self.join(ws) + end

    def title(self, rng):
        ws = self.words_of(rng, rng.randint(1, 4))
        t = self.join(ws)
        return t[:1].upper() + t[1:]


def inline(rng, lang, text_words, pages):
    """A paragraph's words with inline markup, links and code sprinkled in."""
    out = []
    for w in text_words:
        r = rng.random()
        if r < 0.02:
            out.append(f"**{w}**")
        elif r < 0.035:
            out.append(f"*{w}*")
        elif r < 0.04:
            out.append(f"=={w}==")
        elif r < 0.05:
            out.append(f"`{w}`")
        elif r < 0.075:
            out.append(wiki_link(rng, pages))
        elif r < 0.08:
            out.append(f"[{w}](https://obsidian.md/{lang.code}/{rng.randrange(999)})")
        elif r < 0.083:
            target = rng.choice(pages)
            out.append(f"[{w}]({target['name'].replace(' ', '%20')}.md)")
        elif r < 0.085:
            out.append(f"<kbd>Ctrl</kbd>")
        else:
            out.append(w)
    return lang.join(out) if lang.spaced else "".join(out)


def wiki_link(rng, pages):
    p = rng.choice(pages)
    r = rng.random()
    if r < 0.02:
        return f"[[{p['name']} {rng.randrange(10**6)}]]"  # a broken link
    if r < 0.25:
        return f"[[{p['name']}#{rng.choice(p['headings'])}]]"
    if r < 0.40:
        return f"[[{p['name']}|{p['name'].lower()}]]"
    if r < 0.50:
        return f"[[{p['folder']}/{p['name']}]]"
    return f"[[{p['name']}]]"


def paragraph(rng, lang, pages):
    words = []
    for _ in range(rng.randint(2, 6)):
        words += lang.sentence(rng).split(" ") if lang.spaced else [lang.sentence(rng)]
    return inline(rng, lang, words, pages)


def table(rng, lang, pages):
    cols = rng.randint(3, 6)
    rows = rng.randint(3, 25)
    head = [lang.title(rng) for _ in range(cols)]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(rng.choice(["---", ":--", ":-:", "--:"]) for _ in range(cols)) + "|"]
    for _ in range(rows):
        cells = []
        for _ in range(cols):
            r = rng.random()
            if r < 0.15:
                cells.append(f"`{rng.choice(PRODUCT_WORDS)}`")
            elif r < 0.25:
                cells.append(wiki_link(rng, pages).replace("|", "\\|"))
            else:
                cells.append(lang.join(lang.words_of(rng, rng.randint(1, 6))))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def callout(rng, lang, pages, depth=0):
    kind = rng.choice(CALLOUT_TYPES)
    fold = rng.choice(["", "", "-", "+"])
    lines = [f"> [!{kind}]{fold} {lang.title(rng)}"]
    for _ in range(rng.randint(1, 3)):
        lines.append("> " + paragraph(rng, lang, pages))
        lines.append(">")
    if depth == 0 and rng.random() < 0.15:
        lines += ["> " + line for line in callout(rng, lang, pages, 1).split("\n")]
    if rng.random() < 0.2:
        lines += ["> - " + lang.sentence(rng, 3, 8) for _ in range(rng.randint(2, 4))]
    return "\n".join(lines).rstrip(">\n")


def code_block(rng, lang, pages):
    code = rng.choice(LANG_CODES)
    lines = [f"```{code}"]
    for _ in range(rng.randint(2, 12)):
        r = rng.random()
        if r < 0.3:
            lines.append(f"[[{rng.choice(pages)['name']}]]")  # not a link: code
        elif r < 0.5:
            lines.append(f"> [!{rng.choice(CALLOUT_TYPES)}] {lang.title(rng)}")
        else:
            lines.append("    " * rng.randint(0, 2) + " ".join(rng.choice(ENGLISH_WORDS) for _ in range(rng.randint(2, 8))))
    lines.append("```")
    return "\n".join(lines)


def lists(rng, lang, pages):
    kind = rng.random()
    lines = []
    for i in range(rng.randint(3, 9)):
        marker = f"{i + 1}." if kind < 0.3 else ("- [ ]" if kind < 0.4 and rng.random() < 0.5 else
                                                  "- [x]" if kind < 0.4 else "-")
        lines.append(f"{marker} " + inline(rng, lang, lang.sentence(rng, 3, 12).split(" ") if lang.spaced else [lang.sentence(rng, 3, 12)], pages))
        if rng.random() < 0.25:
            lines += [f"    - {lang.sentence(rng, 2, 8)}" for _ in range(rng.randint(1, 3))]
    return "\n".join(lines)


def note_body(rng, lang, page, pages, target_bytes):
    out = []
    if rng.random() < 0.4:
        out.append(f"# {page['name']}")
    out.append(paragraph(rng, lang, pages))
    headings = iter(page["headings"])
    size = sum(len(x.encode()) for x in out)
    while size < target_bytes:
        r = rng.random()
        if r < 0.12:
            h = next(headings, None) or lang.title(rng)
            block = f"{'#' * rng.choice([2, 2, 3, 3, 4])} {h}"
        elif r < 0.45:
            block = paragraph(rng, lang, pages)
        elif r < 0.57:
            block = lists(rng, lang, pages)
        elif r < 0.65:
            block = table(rng, lang, pages)
        elif r < 0.74:
            block = callout(rng, lang, pages)
        elif r < 0.80:
            block = code_block(rng, lang, pages)
        elif r < 0.84:
            block = f"![[{rng.choice(page['images'])}]]"
        elif r < 0.86:
            p = rng.choice(pages)
            block = f"![[{p['name']}#{rng.choice(p['headings'])}]]"
        elif r < 0.88:
            block = f"%% {lang.sentence(rng)} [[{rng.choice(pages)['name']}]] %%"
        elif r < 0.90:
            block = "$$\n\\sum_{i=1}^{n} x_i^2 = \\frac{a}{b}\n$$"
        elif r < 0.92:
            n = rng.randint(1, 9)
            block = paragraph(rng, lang, pages) + f"[^{n}]\n\n[^{n}]: {lang.sentence(rng)}"
        elif r < 0.93:
            block = "---"
        else:
            block = paragraph(rng, lang, pages) + f" #{rng.choice(['obsidian', 'help', 'howto', 'plugins/core', 'formatting'])}"
        out.append(block)
        size += len(block.encode()) + 2
    return "\n\n".join(out) + "\n"


def front_matter(rng, lang, page):
    if rng.random() < 0.4:
        return ""
    fm = ["---"]
    if rng.random() < 0.7:
        fm.append(f"permalink: {lang.code}/{page['slug']}")
    if rng.random() < 0.3:
        fm.append("aliases:")
        fm += [f"  - {lang.title(rng)}" for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.2:
        fm.append("cssclasses:\n  - reference\n  - wide-table")
    if rng.random() < 0.3:
        fm.append(f"description: {lang.sentence(rng, 4, 12).replace(':', ' ')}")
    if rng.random() < 0.2:
        fm.append("publish: true")
    if rng.random() < 0.15:
        fm.append("tags: [help, " + rng.choice(["plugins", "editing", "sync", "publish"]) + "]")
    if len(fm) == 1:
        return ""
    fm.append("---")
    return "\n".join(fm) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--languages", type=int, default=40)
    ap.add_argument("--notes-per-language", type=int, default=157)
    ap.add_argument("--seed", type=int, default=47)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    langs = [Language(rng, *spec) for spec in LANGUAGES[: a.languages]]
    os.makedirs(os.path.join(a.out, "Attachments"), exist_ok=True)
    images = [f"Screenshot {i}.png" for i in range(60)] + ["Obsidian logo.png", "graph-view.gif"]
    for name in images:
        with open(os.path.join(a.out, "Attachments", name), "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n" + bytes(rng.getrandbits(8) for _ in range(rng.randint(200, 2000))))
    os.makedirs(os.path.join(a.out, ".obsidian"), exist_ok=True)
    with open(os.path.join(a.out, ".obsidian", "app.json"), "w") as f:
        f.write('{"alwaysUpdateLinks": true, "newLinkFormat": "shortest"}\n')
    for lang in langs:
        pages, names = [], set()
        for i in range(a.notes_per_language):
            while True:
                name = lang.title(rng).replace("/", " ").replace("#", "").replace("|", "").replace("[", "").replace("]", "")
                if name and name.lower() not in names:
                    names.add(name.lower())
                    break
            pages.append({
                "name": name, "folder": FOLDERS[i % len(FOLDERS)], "slug": f"page-{i}",
                "headings": [lang.title(rng) for _ in range(rng.randint(2, 6))],
                "images": rng.sample(images, 3),
            })
        for page in pages:
            # Log-normal lengths: median ~2.5 KB, a tenth over 8 KB, a few long reference pages.
            target = int(min(60000, max(150, rng.lognormvariate(math.log(2500), 0.9))))
            if rng.random() < 0.01:
                target = rng.randint(30000, 60000)
            text = front_matter(rng, lang, page) + note_body(rng, lang, page, pages, target)
            folder = os.path.join(a.out, lang.code, page["folder"])
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, page["name"] + ".md"), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)


if __name__ == "__main__":
    main()
