#!/usr/bin/env python3
"""Generate a deterministic vault kept with Obsidian's Spaced Repetition plugin (v1.15.4).

Usage: osr_vault.py OUT_DIR [--notes 10000] [--seed 1]

Each note holds five cards in the plugin's syntax, written as its users write
them: a one-line card without spaces around `::`, a reversed `:::` card (two
cards), a multi-line `?` card with a list answer, and a `==highlight==` cloze;
most questions carry the plugin's `<!--SR:!date,interval,ease-->` comment (one
group per card, `2000-01-01` for a sibling not reviewed yet), the rest are new.
Decks come from front matter tags (half the notes) or a tag line in the text,
under 100 subject folders; some notes hold a fenced code block with `::` in it
and an HTML comment, which hold no card. The plugin's data.json and
manifest.json are written under .obsidian/plugins/obsidian-spaced-repetition/.
No .vault/ folder: `vault init` adopts it. The same arguments give the same files.
"""
import argparse
import datetime as dt
import json
import os
import random

WORDS = ("cell membrane protein enzyme energy atom bond acid base salt wave force mass speed light "
         "river city king war treaty law verb noun tense case root stem graph tree node edge loop").split()


def day(d):
    return d.strftime("%Y-%m-%d")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--notes", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    today = dt.date(2026, 11, 18)

    def phrase(n):
        return " ".join(rng.choice(WORDS) for _ in range(n))

    def group():
        # 70% reviewed: due between 60 days ago and 120 days ahead, interval 1-200, ease 130-330.
        if rng.random() < 0.3:
            return "!2000-01-01,1,250"
        interval = rng.randint(1, 200)
        due = today + dt.timedelta(days=rng.randint(-60, 120))
        return f"!{day(due)},{interval},{rng.randrange(130, 331, 10)}"

    def comment(cards):
        if rng.random() < 0.15:
            return None  # a question never reviewed: no comment at all
        return "<!--SR:" + "".join(group() for _ in range(cards)) + "-->"

    plugin = os.path.join(a.out, ".obsidian", "plugins", "obsidian-spaced-repetition")
    os.makedirs(plugin, exist_ok=True)
    with open(os.path.join(plugin, "manifest.json"), "w") as f:
        json.dump({"id": "obsidian-spaced-repetition", "name": "Spaced Repetition", "version": "1.15.4"}, f, indent=4)
    with open(os.path.join(plugin, "data.json"), "w") as f:
        json.dump({"settings": {
            "flashcardTags": ["#flashcards"], "flashcardTagsToIgnore": [], "convertFoldersToDecks": False,
            "clozePatterns": ["==[123;;]answer[;;hint]=="], "singleLineCardSeparator": "::",
            "singleLineReversedCardSeparator": ":::", "multilineCardSeparator": "?",
            "multilineReversedCardSeparator": "??", "multilineCardEndMarker": "", "tagsToReview": ["#review"],
            "algorithm": "SM-2-OSR", "baseEase": 250, "lapsesIntervalChange": 0.5, "easyBonus": 1.3,
            "loadBalance": True, "maximumInterval": 36525, "dataStore": "NOTES", "cardCommentOnSameLine": False,
        }, "buryDate": "", "buryList": [], "historyDeck": None}, f, indent=2)

    for i in range(a.notes):
        subject = f"Subject {i % 100:02d}"
        folder = os.path.join(a.out, subject, f"Chapter {(i // 100) % 10}")
        os.makedirs(folder, exist_ok=True)
        tag = f"flashcards/subject-{i % 100:02d}"
        lines = []
        if i % 2 == 0:
            lines += ["---", f"tags: [{tag}]", f"aliases: [note {i}]", "---"]
        lines += [f"# Note {i}: {phrase(3)}", ""]
        if i % 2 == 1:
            lines += [f"#{tag}", ""]
        lines += [phrase(12).capitalize() + ".", ""]
        blocks = [
            ([f"What is {phrase(2)} {i}?::{phrase(4)}"], 1),
            ([f"{phrase(2)} {i}:::{phrase(3)}"], 2),
            ([f"Name three {phrase(1)} of note {i}", "?", f"- {phrase(2)}", f"- {phrase(2)}", f"- {phrase(2)}"], 1),
            ([f"The {phrase(2)} of ==note {i} {phrase(1)}== is {phrase(3)}."], 1),
        ]
        for block, cards in blocks:
            lines += block
            c = comment(cards)
            if c:
                lines.append(c)
            lines.append("")
        if i % 10 == 0:
            lines += ["```python", f"ratio = a::b  # no card {i}", "```", "", f"<!-- {phrase(2)}::not a card -->", ""]
        with open(os.path.join(folder, f"note {i}.md"), "w") as f:
            f.write("\n".join(lines))
    print(a.out)


if __name__ == "__main__":
    main()
