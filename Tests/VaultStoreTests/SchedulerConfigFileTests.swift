import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("schedulers: in .vault/config.yml")
struct SchedulerConfigFileTests {
    let text = """
        version: 1
        timezone: UTC
        schedulers:
          default: fsrs
          fsrs:
            desired_retention: 0.85
            fuzz: true
          folders:
            languages/: sm2
            memo: { scheduler: ladder, steps: [1, 3, 9] }

        """

    @Test("the section is read into per-folder schedulers and written back unchanged in meaning")
    func readAndRender() throws {
        let config = try ConfigFile.parse(text, path: ".vault/config.yml")
        #expect(config.schedulers.settings(forNotePath: "languages/de.md") == .sm2)
        #expect(config.schedulers.settings(forNotePath: "memo/x.md") == .ladder(steps: [1, 3, 9]))
        guard case .fsrs(let fsrs) = config.schedulers.settings(forNotePath: "x.md") else {
            Issue.record("the default should be fsrs")
            return
        }
        #expect(fsrs.desiredRetention == 0.85)
        #expect(fsrs.fuzz)
        let again = try ConfigFile.parse(ConfigFile.render(config), path: ".vault/config.yml")
        #expect(again.schedulers == config.schedulers)
    }

    @Test("a bad setting is reported with the file, line and key")
    func badSetting() {
        let bad = "timezone: UTC\nschedulers:\n  ladder:\n    steps: [1, soon]\n"
        #expect(
            throws: VaultStoreError.badConfig(
                path: ".vault/config.yml", line: 4,
                reason: "'schedulers.ladder.steps' must be a list of whole days from 1 to 36500, e.g. [1, 7, 30, 90].")
        ) {
            try ConfigFile.parse(bad, path: ".vault/config.yml")
        }
    }
}
