import Foundation
import Testing
import VaultCore

/// The plugin's `data.json` read as its `loadData` reads it, the `obsidian_sr:` section, and
/// the import of a data store kept outside the notes.
@Suite("The Spaced Repetition plugin's data.json and settings")
struct ObsidianSRPluginDataTests {
    func read(_ json: String) throws -> ObsidianSRPluginData { try ObsidianSRPluginData(data: Data(json.utf8)) }

    @Test("a file without settings is read with the plugin's defaults")
    func defaults() throws {
        let data = try read("{}")
        #expect(data.settings == ObsidianSRSettings())
        #expect(data.algorithm == "SM-2-OSR")
        #expect(data.osr == OSRSettings())
        #expect(data.unreadable.isEmpty)
    }

    @Test("settings override the defaults; null keeps a default; old switches become cloze patterns")
    func settings() throws {
        let data = try read(
            """
            {"settings": {"flashcardTags": ["#cards"], "singleLineCardSeparator": ";;", "baseEase": 230,
             "multilineCardEndMarker": null, "convertHighlightsToClozes": true, "convertBoldTextToClozes": true,
             "loadBalance": false, "algorithm": "FSRS", "fsrsDesiredRetention": 0.85}}
            """)
        #expect(data.settings.flashcardTags == ["#cards"])
        #expect(data.settings.singleLineCardSeparator == ";;")
        #expect(data.settings.multilineCardEndMarker == "")
        #expect(data.settings.clozePatterns == [ObsidianSRSettings.highlightPattern, ObsidianSRSettings.boldPattern])
        #expect(data.osr.baseEase == 230)
        #expect(data.osr.loadBalance == false)
        #expect(data.algorithm == "FSRS")
        // Settings present without clozePatterns or the old switches: no cloze (the plugin's upgrade).
        #expect(try read(#"{"settings": {"baseEase": 250}}"#).settings.clozePatterns.isEmpty)
    }

    @Test("what cannot be read is said, in words, and the default used")
    func unreadable() throws {
        let data = try read(
            ##"{"settings": {"flashcardTags": "#flashcards", "baseEase": "lots", "clozePatterns": ["==answer=="]}, "extra": 1}"##
        )
        #expect(data.settings.flashcardTags == ["#flashcards"])
        #expect(data.osr.baseEase == 250)
        #expect(data.settings.clozePatterns.isEmpty)
        #expect(data.unreadable.contains("settings.flashcardTags is not a list: its default is used"))
        #expect(data.unreadable.contains("settings.baseEase holds text, not a number: its default 250 is used"))
        #expect(data.unreadable.contains { $0.hasPrefix("the cloze pattern '==answer==' has no") })
        #expect(data.unreadable.contains("'extra' is not something vault reads"))
        #expect(throws: VaultCoreError.self) { try read("[1, 2]") }
        #expect(throws: VaultCoreError.self) { try read("{not json") }
    }

    @Test("adopting sets obsidian_sr:, the plugin's decks and its algorithm, unless the config names one")
    func adopting() throws {
        let data = try read(#"{"settings": {"baseEase": 270}}"#)
        let config = VaultConfig(timeZoneIdentifier: "Europe/Berlin")
        let adopted = data.adopting(into: config)
        #expect(adopted.obsidianSR?.flashcardTags == ["#flashcards"])
        #expect(adopted.decks.contains(path: "a.md", tags: ["flashcards/x"], setting: nil))
        #expect(!adopted.decks.contains(path: "a.md", tags: ["Flashcards"], setting: nil))
        #expect(adopted.schedulers.defaultSettings == .osr(OSRSettings(baseEase: 270, timeZoneIdentifier: "Europe/Berlin")))
        var named = config
        named.schedulers = SchedulerConfig(defaultSettings: .sm2)
        named.schedulers.namesDefault = true
        #expect(data.adopting(into: named).schedulers.defaultSettings == .sm2)
    }

    @Test("the obsidian_sr: section reads back what it writes, and refuses a bad setting with its line")
    func configSection() throws {
        var settings = ObsidianSRSettings(pluginVersion: "1.15.4")
        settings.singleLineCardSeparator = "\"::"
        settings.writeBack = true
        let entries = settings.configLines.map { line -> ConfigValue.Entry in
            let key = String(line.prefix { $0 != ":" })
            let value = String(line.dropFirst(key.count + 2))
            let parsed: ConfigValue
            if value.hasPrefix("[") {
                let items = value.dropFirst().dropLast().split(separator: ",").map {
                    ConfigValue(.scalar(unquote(String($0).trimmingCharacters(in: .whitespaces))))
                }
                parsed = ConfigValue(.list(items))
            } else {
                parsed = ConfigValue(.scalar(unquote(value)))
            }
            return ConfigValue.Entry(key: key, value: parsed)
        }
        #expect(try ObsidianSRSettings.parse(ConfigValue(.map(entries))) == settings)
        let bad = ConfigValue(.map([ConfigValue.Entry(key: "write_bak", value: ConfigValue(.scalar("true")), keyLine: 40)]))
        #expect(throws: VaultCoreError.self) { try ObsidianSRSettings.parse(bad) }
        do {
            _ = try ObsidianSRSettings.parse(bad)
        } catch {
            #expect(error.localizedDescription.hasPrefix(".vault/config.yml:40: the setting 'obsidian_sr.write_bak' is not a setting"))
            #expect(error.localizedDescription.hasSuffix("Did you mean 'write_back'?"))
        }
    }

    func unquote(_ text: String) -> String {
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else { return text }
        return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    @Test("a data.json store's schedules go into the notes by their ^sr-data-id lines; a note's own comment stays")
    func importPlan() throws {
        let data = try read(
            """
            {"scheduleData": {"version": 1, "noteSchedules": {}, "cardSchedules": {
              "abc": [{"algorithm": "SM-2-OSR", "scheduleData": {"dueDate": "2026-11-20", "interval": 6, "ease": 250}}, null],
              "zzz": [{"algorithm": "SM-2-OSR", "scheduleData": {"dueDate": "2026-11-21", "interval": 3, "ease": 230}}],
              "gone": [{"algorithm": "FSRS", "scheduleData": {"dueDate": "2026-11-22T10:00:00.000Z", "interval": 4,
                        "stability": 4.1, "difficulty": 5, "state": 2, "reps": 2, "lapses": 0, "learningSteps": 0, "lastReview": "-"}}],
              "bad": [{"algorithm": "SM-2-OSR", "scheduleData": {"dueDate": "soon", "interval": 1, "ease": 250}}]
            }}}
            """)
        #expect(data.unreadable == [#"scheduleData.cardSchedules["bad"]: the due date 'soon' is not a date"#])
        let text = "Hund:::dog\n^sr-data-id-abc\n\nQ::A\n<!--SR:!2026-11-19,1,250-->\n^sr-data-id-zzz\n"
        let plan = OSRDataStoreImport.plan(
            notes: [("n.md", nil, text)], plugin: data, settings: ObsidianSRSettings(), baseEase: 250)
        #expect(
            plan.edits["n.md"]
                == "Hund:::dog\n<!--SR:!2026-11-20,6,250!2000-01-01,1,250-->\n^sr-data-id-abc\n\nQ::A\n<!--SR:!2026-11-19,1,250-->\n^sr-data-id-zzz\n"
        )
        #expect(plan.questions == 1)
        #expect(plan.schedules == 1)
        #expect(plan.alreadyInNotes == 1)
        #expect(plan.unmatched == ["bad", "gone"])
        // The marker is no part of the card.
        let cards = OSRNoteReader.drafts(in: "Front\n?\nBack\n^sr-data-id-abc", path: "n.md", frontMatterTags: [], syntax: ObsidianSRSyntax())
        #expect(cards.first?.answer == "Back")
        #expect(OSRDataStoreImport.group(data.cardSchedules["gone"]![0]!.schedule)
            == "!fsrs,2026-11-22T10:00:00.000Z,4,4.1,5,2,2,0,0,-")
    }
}
