import Foundation

/// What an empty collection holds, as Anki 26.9 creates one: the tables of
/// schema 18 (current packages) and schema 11 (legacy ones), the config
/// rows of a new collection, and its default deck options. `vault export
/// anki` fills these with its notes, cards and review log.
enum AnkiSchema {
    /// What both schemas start with: `col`, notes, cards, the review log and their indexes.
    static let common = [
        """
        CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
          ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
          models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL)
        """,
        notes, cards, revlog,
        "CREATE INDEX ix_notes_usn ON notes (usn)",
        "CREATE INDEX ix_cards_usn ON cards (usn)",
        "CREATE INDEX ix_revlog_usn ON revlog (usn)",
        "CREATE INDEX ix_cards_nid ON cards (nid)",
        "CREATE INDEX ix_cards_sched ON cards (did, queue, due)",
        "CREATE INDEX ix_revlog_cid ON revlog (cid)",
        "CREATE INDEX ix_notes_csum ON notes (csum)",
    ]

    /// Tables and indexes of schema 18, in Anki's words (rslib/src/storage/schema11.sql and its upgrades).
    static let tables18 = common + [
        """
        CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
          mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL)
        """,
        "CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) without rowid",
        """
        CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
          config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid
        """,
        "CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid)",
        """
        CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE unicase,
          mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid
        """,
        "CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid)",
        "CREATE INDEX idx_templates_usn ON templates (usn)",
        """
        CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE unicase,
          mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL)
        """,
        "CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name)",
        "CREATE INDEX idx_notetypes_usn ON notetypes (usn)",
        """
        CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase,
          mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL)
        """,
        "CREATE UNIQUE INDEX idx_decks_name ON decks (name)",
        "CREATE INDEX idx_notes_mid ON notes (mid)",
        "CREATE INDEX idx_cards_odid ON cards (odid) WHERE odid != 0",
        "CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE unicase, usn integer NOT NULL, collapsed boolean NOT NULL, config blob NULL) without rowid",
        "CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type)) WITHOUT ROWID",
        "CREATE INDEX idx_graves_pending ON graves (usn)",
    ]

    /// Tables and indexes of schema 11 (note types, decks and options as JSON in `col`).
    static let tables11 = common + [
        "CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL)",
    ]

    static let notes = """
        CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
          usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
          flags integer NOT NULL, data text NOT NULL)
        """
    static let cards = """
        CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
          mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
          ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
          left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL)
        """
    static let revlog = """
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
          ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL)
        """

    /// The `config` rows of a new collection (schema 18), its values as JSON;
    /// `creationOffset` is the collection's zone (minutes west of UTC), so that
    /// Anki counts its days as the export did.
    static func config(creationOffset: Int, noteType: Int64) -> [(key: String, json: String)] {
        [
            ("activeDecks", "[1]"), ("addToCur", "true"), ("collapseTime", "1200"),
            ("creationOffset", String(creationOffset)),
            ("curDeck", "1"), ("curModel", String(noteType)), ("dayLearnFirst", "false"), ("dueCounts", "true"),
            ("estTimes", "true"), ("newSpread", "0"), ("nextPos", "1"), ("rollover", "4"), ("sched2021", "true"),
            ("schedVer", "2"), ("sortBackwards", "false"), ("sortType", "\"noteFld\""), ("timeLim", "0"),
        ]
    }

    /// The legacy `col.conf`: the same settings as one JSON object.
    static func legacyConfig(creationOffset: Int, noteType: Int64) -> String {
        "{"
            + config(creationOffset: creationOffset, noteType: noteType).map { "\"\($0.key)\":\($0.json)" }.joined(
                separator: ",") + "}"
    }

    /// Anki 26.9's default deck options (`DeckConfig.Config` as a new collection writes it): learning
    /// steps 1 and 10 minutes, 20 new and 200 reviews a day, and the rest of its defaults.
    static let defaultDeckConfig: [UInt8] = [
        10, 8, 0, 0, 128, 63, 0, 0, 32, 65, 18, 4, 0, 0, 32, 65, 34, 28, 0, 0, 128, 63, 0, 0, 128, 63, 0, 0, 128, 63, 0,
        0, 128, 63, 0, 0, 128, 63, 0, 0, 128, 63, 0, 0, 128, 63, 72, 20, 80, 200, 1, 93, 0, 0, 32, 64, 101, 102, 102,
        166,
        63, 109, 154, 153, 153, 63, 125, 0, 0, 128, 63, 128, 1, 148, 157, 2, 136, 1, 1, 144, 1, 1, 152, 1, 4, 168, 1, 1,
        176, 1, 8, 192, 1, 60, 173, 2, 102, 102, 102, 63, 197, 2, 102, 102, 102, 63, 224, 2, 1,
    ]

    /// The legacy `col.dconf`: the same defaults as JSON.
    static let legacyDeckConfig = """
        {"1":{"id":1,"mod":0,"name":"Default","usn":0,"maxTaken":60,"autoplay":true,"timer":0,"replayq":true,\
        "new":{"bury":false,"delays":[1.0,10.0],"initialFactor":2500,"ints":[1,4,0],"order":1,"perDay":20},\
        "rev":{"bury":false,"ease4":1.3,"ivlFct":1.0,"maxIvl":36500,"perDay":200,"hardFactor":1.2},\
        "lapse":{"delays":[10.0],"leechAction":1,"leechFails":8,"minInt":1,"mult":0.0},"dyn":false,"newMix":0,\
        "newPerDayMinimum":0,"interdayLearningMix":0,"reviewOrder":0,"newSortOrder":0,"newGatherPriority":0,\
        "buryInterdayLearning":false,"fsrsWeights":[],"fsrsParams5":[],"fsrsParams6":[],"desiredRetention":0.9,\
        "ignoreRevlogsBeforeDate":"","easyDaysPercentages":[1.0,1.0,1.0,1.0,1.0,1.0,1.0],"stopTimerOnAnswer":false,\
        "secondsToShowQuestion":0.0,"secondsToShowAnswer":0.0,"questionAction":0,"answerAction":0,"waitForAudio":true,\
        "sm2Retention":0.9,"weightSearch":""}}
        """

    /// LaTeX around a note type's formulas, as Anki's stock note types have it.
    static let latexPre =
        "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n"
    static let latexPost = "\\end{document}"

    /// What the dummy `collection.anki2` of a current package says to a client too old to read it.
    static let tooNewMessage = "Please update to the latest Anki version, then import the .colpkg/.apkg file again."
}
