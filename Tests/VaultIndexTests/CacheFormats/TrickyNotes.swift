import Foundation

/// Hand-made notes and ledger lines that every rule a cache depends on has
/// something to say about: cards of every kind (and text that is no card),
/// tags and links in every spelling, front matter oddities, titles by each
/// rule, dates from every source, bytes that are not UTF-8, Markdown nested
/// too deep. Added to ExampleVault's to make the cache fingerprints' corpus
/// (``CacheCorpus``); changing them changes the recorded fingerprints.
enum TrickyNotes {
    /// Vault-relative path and bytes of each note.
    static var notes: [(path: String, bytes: [UInt8])] {
        var notes = texts.map { ($0.path, Array($0.text.utf8)) }
        // Bytes that are not UTF-8 (read with U+FFFD and reported), a BOM before the front matter.
        notes.append(
            (
                "tricky/bytes/latin1.md",
                Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\nbody \u{FF}".utf8) + [0xFF, 0xFE]
                    + Array(" text #ok\n".utf8)
            ))
        notes.append(
            (
                "tricky/bytes/bom.md",
                [0xEF, 0xBB, 0xBF] + Array("---\ncreated: 2026-03-04\ntags: bom\n---\n# With a BOM\n\nq :: a\n".utf8)
            ))
        // Markdown nested past the 64 levels a renderer descends.
        notes.append(
            (
                "tricky/bytes/deep.md",
                Array(("# Deep\n\n" + String(repeating: "> ", count: 80) + "deep q :: deep a #deeptag\n").utf8)
            ))
        // Twenty notes dated only by files modified in the same minute: a copy, not when they were written.
        for k in 0..<21 {
            notes.append(("tricky/copied/note \(k).md", Array("Copied paragraph \(k) ==gap \(k)==.\n".utf8)))
        }
        return notes
    }

    /// The notes that are text.
    static let texts: [(path: String, text: String)] = [
        (
            "tricky/cards/every kind.md",
            """
            ---
            id: 11111111-2222-4333-8444-555555555555
            created: 2026-02-03T04:05:06+01:00
            category: Learning
            tags: [cards, "spaced repetition"]
            cards: true
            ---
            # Every kind of card

            What is the capital of *France*? :: Paris
            Capital of Australia %%hint: not Sydney%% :: Canberra
            Two-way term ::: two-way definition
            std::vector and http://host/a::b are no cards

            Question over
            two lines
            ?
            Answer over
            two lines

            The ==mitochondria== is the ==powerhouse== of the cell, ==*emphasised*== too.

            Anki clozes {{c1::one::a hint}} and {{c2::two}} and {{c1::uno}} %%hint: counting%%.

            - list item q :: list item a
            > quoted q :: quoted a

            > [!note] ==Title== :: not a card
            > Callout body q :: callout body a

            | Style | Output |
            |---|---|
            | Highlight | ==Highlighted text== |

            ```
            code q :: code a
            ```

            `inline q :: a` and <span>html</span> q :: a

            What is the capital of France :: again Paris
            What is the capital of France :: and again

            ![[door.png|300]] Picture question :: picture answer

            Empty deletion ==== and {{c1::}} stay text.
            """
        ),
        (
            "tricky/cards/off.md",
            """
            ---
            cards: false
            created: 2026-02-04
            ---
            Not studied :: but still read
            """
        ),
        (
            "tricky/tags/every spelling.md",
            """
            ---
            created: 2026-02-05 10:11
            tags: "#alpha, beta gamma"
            aliases: first alias, Second Alias
            ---
            #start of a line and #Alpha again, #area/sub and #project/alpha- and #2026 and #2026-review
            **bold** #yes and *x*#no, page#section, (#paren), `#code`, [#x](y.md), https://example.com/page#frag
            see [[#Details]] and [[Callouts#Supported types]] and [[Note|#label]]
            中文 #标签 and #émigré and #under_score

            ## Details
            """
        ),
        (
            "tricky/tags/list.md",
            """
            ---
            created: 2026-02-06T08:00:00Z
            tags:
              - "#listed"
              - two words
              - Listed
            ---
            Setext title
            ============

            body
            """
        ),
        (
            "tricky/links/links.md",
            """
            ---
            created: 2026-02-07T09:00:00.250Z
            source: https://www.youtube.com/watch?v=abc
            ---
            ## Not a title heading

            [[every kind]] [[tricky/cards/off|shown alias]] [[every spelling#Details]] [[#own heading]]
            ![[door.png]] ![alt](figures/door.png) [md link](../cards/every%20kind.md#part) [other](my%20note.md)
            [external](https://example.com/x.md) <https://autolink.org> [[missing note]]
            """
        ),
        (
            "tricky/links/hidden.md",
            #"""
            Links where Obsidian shows none: \[\[escaped\]\], `[[code span]]`, %% [[commented]] %%,
            <!-- [[html comment]] --> and a link after them: [[every kind|shown]].

            ```
            [[in a fence]]
            ```

                [[indented code]]

            | note | alias |
            |---|---|
            | [[every spelling\|in a table]] | ![[off]] |

            [angle](<../cards/every kind.md>) [[never closed
            """#
        ),
        (
            "tricky/front matter/oddities.md",
            """
            ---
            id: not-a-uuid-id
            title: "Given: title"
            created: 2026-02-08T10:00:00.5
            category: unknown category
            source: Atomic Habits
            source_type: BOOK
            extra_key: {nested: [1, 2]}
            number_tags: 5
            ...
            # Heading that is not the title
            """
        ),
        (
            "tricky/front matter/bad yaml.md",
            """
            ---
            created: 2026-02-09
            tags: [unclosed
            key: : value
            ---
            # Bad YAML

            body q :: body a
            """
        ),
        (
            "tricky/front matter/anchors.md",
            """
            ---
            base: &b {a: 1}
            other: *b
            created: 2026-02-10
            ---
            Anchors are refused.
            """
        ),
        (
            "tricky/front matter/unclosed.md",
            """
            ---
            created: 2026-02-11
            never closed q :: a
            """
        ),
        (
            "tricky/front matter/types.md",
            """
            ---
            created: 12345-01-01
            tags: {a: b}
            category: [a, b]
            source: 42
            aliases: 7
            cards: maybe
            id: 0BA8E0C6-1E2A-4C3B-9D4E-5F6A7B8C9D0E
            ---
            Types that are not what the keys want.
            """
        ),
        (
            "tricky/front matter/crlf.md",
            "---\r\ncreated: 2026-02-12T23:30:00-05:00\r\ntags: [crlf]\r\n---\r\n# CRLF lines\r\n\r\nq crlf :: a crlf\r\n"
        ),
        (
            "tricky/dates/2026-02-13 Dated by name.md",
            """
            No created key: the file name dates it. ==named==
            """
        ),
        (
            "tricky/dates/2026-02-14.md",
            """
            # Only a date for a name
            """
        ),
        (
            "tricky/dates/by file time.md",
            """
            A paragraph first, so the file name is the title; no date but the file's time.
            """
        ),
        (
            "tricky/dates/year zero.md",
            """
            ---
            created: 0000-01-01
            ---
            Years outside 1-9999 are not dates.
            """
        ),
        (
            "tricky/empty.md",
            ""
        ),
        (
            "tricky/only front matter.md",
            """
            ---
            created: 2026-02-15
            ---
            """
        ),
    ]

    /// Ledger lines the replay and the card log must keep or report: another
    /// device deciding the same notes (and an undo), a finish, a baseline,
    /// card links, resets, holds, answers in every scale, feature events of
    /// kinds no replay reads, and lines that do not parse. In a file of its
    /// own (any `*.log` is read).
    static let ledger = """
        # vault-ledger v1
        2026-08-02T19:05:00.000+02:00\tabcdef012345\t1\tcurate\tnote=5ea40c14-e452-48d0-b9fe-64d16fe169d8\tlevel=weekly\tperiod=2026-W31\tdecision=archive
        2026-08-02T19:06:00.000+02:00\tabcdef012345\t2\tcurate\tnote=5ea40c14-e452-48d0-b9fe-64d16fe169d8\tlevel=weekly\tperiod=2026-W31\tdecision=undo
        2026-08-02T19:07:00.000+02:00\tabcdef012345\t3\tcurate\tnote=0d138bde-6e6d-49e5-84ec-f483ce755f47\tlevel=weekly\tperiod=2026-W31\tdecision=archive
        2026-08-02T19:08:00.000+02:00\tabcdef012345\t4\tcurate\tnote=tricky/dates/by file time.md\tlevel=weekly\tperiod=2026-W31\tdecision=keep
        2026-08-03T10:00:00.000+02:00\tabcdef012345\t5\tfinish\tlevel=weekly\tperiod=2026-W30
        2026-08-03T10:00:00.000+02:00\tabcdef012345\t6\tfinish\tlevel=monthly\tperiod=2026-06
        2026-01-05T10:00:00.000+01:00\tabcdef012345\t7\tbaseline\tbefore=2026-01-01
        2026-10-08T09:30:00.000+02:00\tabcdef012345\t8\tcard-link\tnote=f272138e-3478-404b-9fb1-de8adc80c76c\tfrom=e3e19f7eb5f7\tto=0123456789ab\tsimilarity=0.9
        2026-10-09T09:30:00.000+02:00\tabcdef012345\t9\tcard-reset\tcard=36c0df399d41\tnote=8454495b-76c2-41f4-8abe-bf48364caf71\treset=forget
        2026-10-09T09:31:00.000+02:00\tabcdef012345\t10\tcard-reset\tcard=57ee53e02f34\tnote=77bf91d0-0ef3-4fd6-9ba8-2769453d8945\treset=reschedule
        2026-10-10T09:30:00.000+02:00\tabcdef012345\t11\tcard-hold\tcard=fdac5bd48c15\tnote=f503df31-b124-4e59-9b90-5446cc193d71\thold=suspend
        2026-10-10T09:31:00.000+02:00\tabcdef012345\t12\tcard-hold\tcard=b626efb1f1f5\tnote=0ea961fd-3bac-4d4c-be50-ca03f97c35ee\thold=bury
        2026-10-11T09:30:00.000+02:00\tabcdef012345\t13\trate\tcard=36c0df399d41\tnote=8454495b-76c2-41f4-8abe-bf48364caf71\tscheduler=fsrs\trating=again\tresponse_ms=1200\tpos=0\ttext=x\tcard_kind=basic
        2026-10-12T09:30:00.000+02:00\tabcdef012345\t14\trate\tcard=36c0df399d41\tnote=8454495b-76c2-41f4-8abe-bf48364caf71\tscheduler=fsrs\trating=hard\tresponse_ms=99999999999
        2026-10-14T09:30:00.000+02:00\tabcdef012345\t15\trate\tcard=36c0df399d41\tnote=8454495b-76c2-41f4-8abe-bf48364caf71\tscheduler=fsrs\trating=easy\tresponse_ms=
        2026-10-15T09:30:00.000+02:00\tabcdef012345\t16\trate\tcard=0189ad6b22ff\tnote=0d138bde-6e6d-49e5-84ec-f483ce755f47\tscheduler=sm2\trating=q0
        2026-10-16T09:30:00.000+02:00\tabcdef012345\t17\trate\tcard=0189ad6b22ff\tnote=0d138bde-6e6d-49e5-84ec-f483ce755f47\tscheduler=sm2\trating=q5
        2026-10-17T09:30:00.000+02:00\tabcdef012345\t18\trate\tcard=ad318747f5a2\tnote=03318df0-36a5-471a-950b-2deefbfd325a\tscheduler=ladder\trating=wrong
        2026-10-18T09:30:00.000+02:00\tabcdef012345\t19\trate\tcard=ad318747f5a2\tnote=03318df0-36a5-471a-950b-2deefbfd325a\tscheduler=ladder\trating=correct
        2026-10-19T09:30:00.000+02:00\tabcdef012345\t20\ttier\tcard=217f3893ca66\tnote=b0257498-1774-4eee-874b-4e816c903250\ttier=mastered
        2026-10-20T09:30:00.000+02:00\tabcdef012345\t21\tcram\tcard=217f3893ca66\tnote=b0257498-1774-4eee-874b-4e816c903250\tscheduler=tiers\trating=good\tresponse_ms=800
        2026-10-21T09:30:00.000+02:00\tabcdef012345\t22\tunsuspend\tcard=fdac5bd48c15\tnote=f503df31-b124-4e59-9b90-5446cc193d71
        2026-10-22T09:30:00.000+02:00\tabcdef012345\t23\tsubject-rename\tfrom=Spanish\tto=Español
        2026-10-23T09:30:00.000+02:00\tabcdef012345\t24\tfuture-kind\tsome=thing\tunknown%09field=a%25b
        2026-10-24T09:30:00.000+02:00\tabcdef012345\t25\trate\tcard=02468ace1357\tnote=tricky/cards/every kind.md\tscheduler=fsrs\trating=good\tpos=3\ttext=two way term\tcard_kind=reverse
        2026-10-24T09:30:00.000+02:00\tabcdef012345\t25\trate\tcard=02468ace1357\tnote=tricky/cards/every kind.md\tscheduler=fsrs\trating=again\tpos=3\ttext=two way term\tcard_kind=reverse
        2026-10-25T09:30:00.000+02:00\tabcdef012345\t26\trate\tcard=fdac5bd48c15\tnote=f503df31-b124-4e59-9b90-5446cc193d71\tscheduler=sm2\trating=q3
        2026-10-25T09:30:00.000+02:00\tabcdef012345\t26\trate\tcard=fdac5bd48c15\tnote=f503df31-b124-4e59-9b90-5446cc193d71\tscheduler=sm2\trating=q3
        2026-10-26T09:30:00.000+02:00\tabcdef012345\t27\trate\tcard=e3e19f7eb5f7\tnote=f272138e-3478-404b-9fb1-de8adc80c76c\tscheduler=fsrs\trating=nonsense
        <<<<<<< HEAD
        =======
        >>>>>>> theirs
        not a ledger line at all
        2026-13-40T99:00:00.000+02:00\tabcdef012345\t28\tcurate\tnote=x\tlevel=weekly\tperiod=2026-W31\tdecision=keep
        2026-10-27T09:30:00.000+02:00\tabcdef012345\t-3\tcurate\tnote=x
        9999-12-31T23:59:59.999+14:00\tabcdef012345\t29\tsession\tsession=s\tsubject=Statistics\tstart=2026-10-26T17:00:00Z\tminutes=50
        2026-10-28T09:30:00.000+02:00\tabcdef012345\t30\tgoal\tgoal=g\tsubject=Spanish\thours=-5\tby=2026-12-31

        2026-10-29T09:30:00.000+02:00\tabcdef012345\t31\tsession-review\tsession=b3223c78-8e75-482f-94ed-dda72ce9f29d\tresult=again
        2026-10-30T09:30:00.000+02:00\tabcdef012345\t32\tcurate\tnote=7fc32b61-3471
        """
}
