import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// ConfigReader against its oracle, Yams: whatever text the hand reader
/// accepts, the full YAML parser must read as the same value, line numbers
/// included. The FuzzConfig target checks the same on random text.
@Suite("Config reader")
struct ConfigReaderTests {
    static let example: String = {
        // This file is Tests/VaultStoreTests/ConfigReaderTests.swift.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = root.appendingPathComponent("ExampleVault/.vault/config.yml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Configs as people write them: each is read by hand, and as Yams reads it.
    static let written: [String] = [
        example,
        ConfigFile.render(VaultConfig(timeZoneIdentifier: "Europe/Berlin")),
        "version: 1\ntimezone: UTC\n",
        "version: 1\ntimezone: UTC",
        "timezone: America/New_York   # where I live\n\n# categories below\ncategories:\n- name: Health\n  color: '#10b981'\n- name: It''s work\n  color: \"#123abc\"\n",
        "decks: []\nsource_types: [ book , 'video', \"talk show\" ]\nwatcher: never\n",
        "decks:\n  - Flashcards/\n  - \"Languages/\"\n# end\n",
        "remind:\n  quiet_hours: 22:30-07:00\n  days_off: [saturday, sunday]\n  batch: auto\n  min_interval: 45\n",
        "remind:\n    quiet_hours: 23:00-09:00\n    days_off:\n        - sunday\n",
        "schedulers:\n  default: fsrs\n  sm2:\n    steps: [1m, 10m]\n  folders:\n    2026/07/: sm2\n    languages/:\n      scheduler: ladder\n",
        "subjects:\n  - name: Spanish\n    category: Communication\n    color: \"#84cc16\"\n  - name: Statistik für Ärzte\n    color: \"#fb923c\"\n",
        "reference_date: \"2026-11-18T09:00:00Z\"\nnew_note_path: \"{yyyy}/{mm}/{slug}.md\"\n",
        "decks:\ntimezone: UTC\n",
        "timezone: UTC\ndecks:\n",
        "timezone: UTC\ndecks:\n\n# trailing\n",
        "timezone: UTC\ndecks:",
        "categories:\n  - name:\n    color: \"#123456\"\n  - name: x\n    color:\nversion: 1\n",
        "version: 1\nversion: 2\n",
        "url: http://example.org/a#b\nc-sharp: C#\nplain: a 'quoted' word\n",
        "escapes: \"tab\\there \\\"quote\\\" back\\\\slash \\/ line\\nbreak\"\n",
        "empty_quotes: ''\nempty_double: \"\"\nspaces: '  padded  '\n",
        "nbsp: a\u{A0}b\nemoji: 📚 study\n",
    ]

    @Test("reads the configs people write by hand, as Yams reads them")
    func written() throws {
        for text in Self.written {
            let byHand = try #require(ConfigReader.read(text), "not read by hand: \(text.debugDescription)")
            let full = try ConfigFile.composed(text, path: "config.yml")
            #expect(byHand == full, "\(text.debugDescription)")
        }
    }

    @Test("leaves other YAML to Yams")
    func leavesTheRest() {
        for text in [
            "", "# only a comment\n", "- a\n- b\n", "just text\n", "  version: 1\n", "---\nversion: 1\n",
            "%YAML 1.1\n---\nversion: 1\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |\n  text\n", "a: >\n  text\n",
            "a: {b: 1}\n", "a: [1, [2]]\n", "a: one\n  two\n", "\"a\": 1\n", "a b: 1\n", "a:\tb\n", "a: b\r\n",
            "a: \"\\u00e9\"\n", "a: \"open\n", "a: 'open\n", "a: [1, 2\n", "a: [1, 2,]\n", "a: b: c\n", "a: -1\n",
            "a:\n  - - x\n", "a:\n  -\n    b: 1\n", "? a\n: b\n", "a: b #c\n  d: e\n", "\u{FEFF}a: b\n", "a: \u{85}\n",
            "a: b\n- c\n", "a:\n  b: 1\n c: 2\n",
        ] {
            #expect(ConfigReader.read(text) == nil, "read by hand: \(text.debugDescription)")
        }
    }

    /// Every text one edit away from the example config (a character
    /// removed, or one of YAML's troublemakers put in its place or before
    /// it): where the hand reader accepts it, Yams must agree.
    @Test("agrees with Yams on every text one edit from the example config")
    func oneEditAway() throws {
        let base = Array(Self.example.utf8)
        #expect(base.count > 500)
        let inserts: [[UInt8]] = [":", " ", "#", "-", "\"", "'", "[", "\n", "  ", ",", "&", "é", "\t"].map {
            Array($0.utf8)
        }
        var accepted = 0
        var total = 0
        for i in 0..<base.count {
            var variants = [Array(base[..<i] + base[(i + 1)...])]
            for insert in inserts {
                variants.append(Array(base[..<i]) + insert + Array(base[i...]))
                variants.append(Array(base[..<i]) + insert + Array(base[(i + 1)...]))
            }
            for bytes in variants {
                total += 1
                let text = String(decoding: bytes, as: UTF8.self)
                guard let byHand = ConfigReader.read(text) else { continue }
                accepted += 1
                let full = try? ConfigFile.composed(text, path: "config.yml")
                #expect(byHand == full, "\(text.debugDescription)")
                if byHand != full { return }
            }
        }
        // Most single edits still leave a config the hand reader takes.
        #expect(accepted * 3 > total, "\(accepted) of \(total)")
    }

    @Test("a key written twice is read as the last one, in a section too, whichever reader reads it")
    func repeatedKeys() throws {
        let byHand = "schedulers:\n  default: sm2\n  default: ladder\nversion: 1\nversion: 1\n"
        let byYams = byHand + "folded: >\n  text\n"
        #expect(ConfigReader.read(byHand) != nil && ConfigReader.read(byYams) == nil)
        for text in [byHand, byYams] {
            let config = try ConfigFile.parse(text, path: "config.yml")
            #expect(config.schedulers.defaultSettings.name == .ladder)
            let unknown = text == byYams ? ["config-unknown-key"] : []  // `folded` is no setting
            #expect(config.warnings.map(\.code) == ["config-duplicate-key"] + unknown)
        }
    }

    @Test("a key vault does not read is kept and warned about, with the setting it most likely meant")
    func unknownKeys() throws {
        let text = "reminders:\n  quiet_hours: 22:00-07:00\nversion: 1\ndeck: [/]\nobsidian_plugin: x\n"
        let config = try ConfigFile.parse(text, path: ".vault/config.yml")
        #expect(config.warnings.map(\.line) == [1, 4, 5])
        #expect(
            config.warnings.map(\.message) == [
                "'reminders' is not a setting vault reads; it is kept as written. Did you mean 'remind'?",
                "'deck' is not a setting vault reads; it is kept as written. Did you mean 'decks'?",
                "'obsidian_plugin' is not a setting vault reads; it is kept as written.",
            ])
        #expect(config.extra["reminders"] != nil && config.extra["obsidian_plugin"] == "x")
        #expect(Suggestion.closest(to: "timzone", among: ["timezone", "version"]) == "timezone")
        #expect(Suggestion.closest(to: "Watcher", among: ["watcher"]) == "watcher")
        #expect(Suggestion.closest(to: "ab", among: ["decks"]) == nil)
        #expect(Suggestion.closest(to: String(repeating: "x", count: 100), among: ["x"]) == nil)
    }

    @Test("keeps the sections it does not read as YAML that reads back the same")
    func extraRoundTrip() throws {
        let text = """
            timezone: UTC
            remind:
              quiet_hours: 23:00-09:00
              days_off: [saturday, "sunday"]
            odd: [saturday, "sun day", "a{b}", "1", "x,y", "", "#"]
            schedulers:
              folders:
                "2026/07/": sm2
                x/:
                  scheduler: ladder
                  steps: [1, 2]
            lists:
              - plain
              - "needs: quotes"
              - name: a
                tags: [x]
              - [p, q]
            control: "bell\\u0007 and \\u2028 and é"
            """
        let config = try ConfigFile.parse(text, path: "config.yml")
        #expect(config.extra.keys.sorted() == ["control", "lists", "odd", "remind", "schedulers"])
        let again = try ConfigFile.parse(ConfigFile.render(config), path: "config.yml")
        #expect(again.extra == config.extra, "\(ConfigFile.render(config))")
        #expect(again.remind == config.remind && again.schedulers == config.schedulers)
        let control = try #require(try ConfigFile.composed("control: " + (config.extra["control"] ?? ""), path: "c"))
        #expect(control["control"]?.scalar == "bell\u{7} and \u{2028} and é")
    }
}
