import Foundation
import Testing
import VaultCore

func scalar(_ s: String, line: Int? = nil) -> ConfigValue { ConfigValue(.scalar(s), line: line) }
func map(_ entries: [(String, ConfigValue)], line: Int? = nil) -> ConfigValue {
    ConfigValue(.map(entries.map { ConfigValue.Entry(key: $0.0, value: $0.1) }), line: line)
}
func list(_ items: [ConfigValue]) -> ConfigValue { ConfigValue(.list(items)) }

@Suite("The schedulers: config section")
struct SchedulerConfigTests {
    @Test("without a section every folder uses FSRS with its defaults")
    func defaults() throws {
        let config = try SchedulerConfig.parse(nil)
        #expect(config.settings(forNotePath: "a/b.md") == .fsrs(FSRSSettings()))
    }

    @Test("the longest folder prefix wins, and per-folder maps override settings")
    func folders() throws {
        let value = map([
            ("default", scalar("sm2")),
            ("fsrs", map([("learning_steps", list([scalar("30s"), scalar("5m"), scalar("1h")]))])),
            (
                "folders",
                map([
                    ("languages", scalar("ladder")),
                    ("languages/exam/", map([("scheduler", scalar("fsrs")), ("desired_retention", scalar("0.95"))])),
                ])
            ),
        ])
        let config = try SchedulerConfig.parse(value)
        #expect(config.settings(forNotePath: "physics/a.md") == .sm2)
        #expect(config.settings(forNotePath: "languages/de.md") == .ladder(steps: [1, 7, 30, 90]))
        #expect(config.settings(forNotePath: "languagesX/de.md") == .sm2)
        guard case .fsrs(let exam) = config.settings(forNotePath: "languages/exam/verbs.md") else {
            Issue.record("the exam folder should use fsrs")
            return
        }
        #expect(exam.desiredRetention == 0.95)
        #expect(exam.learningSteps == [30, 300, 3600])
    }

    @Test("an unknown scheduler is refused with the setting and line named")
    func unknownScheduler() {
        let value = map([("folders", map([("x/", scalar("leitner", line: 7))]))])
        #expect(throws: VaultCoreError.self) { try SchedulerConfig.parse(value) }
        do {
            _ = try SchedulerConfig.parse(value)
        } catch {
            #expect(
                error.localizedDescription
                    == ".vault/config.yml:7: the setting 'schedulers.folders.x/' names an unknown scheduler 'leitner'; use fsrs, sm2, tiers or ladder."
            )
        }
    }

    @Test("a retention outside 0…1 is refused")
    func badRetention() {
        let value = map([("fsrs", map([("desired_retention", scalar("90"))]))])
        #expect(throws: VaultCoreError.self) { try SchedulerConfig.parse(value) }
    }
}
