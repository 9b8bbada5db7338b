import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("study: in .vault/config.yml")
struct StudyConfigFileTests {
    @Test("the settings are read; left out, the defaults (20 a day, 8 lapses, flag, 5 and 15 s)")
    func read() throws {
        let config = try ConfigFile.parse(
            "version: 1\ntimezone: UTC\nstudy:\n  overdue_per_day: 12\n  leech_lapses: 4\n  leech_action: suspend\n  timer: [3, 9]\n",
            path: ".vault/config.yml")
        #expect(
            config.study
                == StudySettings(overduePerDay: 12, leechLapses: 4, leechAction: .suspend, timerAmber: 3, timerRed: 9))
        #expect(config.warnings.isEmpty)
        #expect(try ConfigFile.parse("version: 1\ntimezone: UTC\n", path: "c").study == StudySettings())
        let kept = try ConfigFile.parse("version: 1\ntimezone: UTC\nstudy: { leech_lapses: 3 }\n", path: "c")
        #expect(kept.extra["study"] != nil, "kept as written, so writing the file back keeps it")
    }

    @Test("a value out of range names the setting and its line; an unknown setting is a warning")
    func refusals() throws {
        for (setting, words) in [
            ("overdue_per_day: 0", "'study.overdue_per_day' must be a number of cards from 1 to 10000."),
            ("leech_lapses: many", "'study.leech_lapses' must be a number of lapses from 1 to 1000."),
            ("leech_action: delete", "'study.leech_action' must be flag or suspend."),
            ("timer: [15, 5]", "'study.timer' must be two numbers of seconds, the amber then the red one, as [5, 15]."),
        ] {
            #expect(throws: VaultStoreError.badConfig(path: "c", line: 4, reason: words)) {
                try ConfigFile.parse("version: 1\ntimezone: UTC\nstudy:\n  \(setting)\n", path: "c")
            }
        }
        let warned = try ConfigFile.parse("version: 1\ntimezone: UTC\nstudy:\n  leech_lapse: 3\n", path: "c")
        #expect(warned.warnings.map(\.line) == [4])
        #expect(warned.warnings.first?.message.hasPrefix("'study.leech_lapse' is not a setting vault reads") == true)
    }
}
