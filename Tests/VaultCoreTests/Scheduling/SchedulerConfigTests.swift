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
                    == ".vault/config.yml:7: the setting 'schedulers.folders.x/' names an unknown scheduler 'leitner'; use fsrs, sm2, tiers, ladder or osr."
            )
        }
    }

    @Test("a retention outside 0…1 is refused")
    func badRetention() {
        let value = map([("fsrs", map([("desired_retention", scalar("90"))]))])
        #expect(throws: VaultCoreError.self) { try SchedulerConfig.parse(value) }
    }

    @Test("an osr scheduler counts days in the vault's zone, whichever of the two is set first")
    func osrZone() {
        func osrZones(_ config: SchedulerConfig) -> [String] {
            ([config.defaultSettings] + config.folders.map(\.settings)).compactMap {
                if case .osr(let s) = $0 { return s.timeZoneIdentifier }
                return nil
            }
        }
        let schedulers = SchedulerConfig(
            defaultSettings: .osr(OSRSettings()),
            folders: [.init(prefix: "lang/", settings: .osr(OSRSettings(timeZoneIdentifier: "Asia/Tokyo")))])
        var zoneFirst = VaultConfig(timeZoneIdentifier: "Europe/Berlin")
        zoneFirst.schedulers = schedulers
        var schedulersFirst = VaultConfig(timeZoneIdentifier: "UTC")
        schedulersFirst.schedulers = schedulers
        schedulersFirst.timeZoneIdentifier = "Europe/Berlin"
        #expect(osrZones(zoneFirst.schedulers) == ["Europe/Berlin", "Europe/Berlin"])
        #expect(zoneFirst.schedulers.timeZoneIdentifier == "Europe/Berlin")
        #expect(zoneFirst == schedulersFirst)
        schedulersFirst.timeZoneIdentifier = "UTC"
        #expect(osrZones(schedulersFirst.schedulers) == ["UTC", "UTC"])
        #expect(zoneFirst != schedulersFirst)
    }
}

@Suite("The scheduler config's canonical text (what schedule caches are keyed by)")
struct SchedulerConfigCanonicalTests {
    @Test("equal configs built in different orders give the same text; any changed setting changes it")
    func canonical() {
        let a = SchedulerConfig(
            defaultSettings: .defaults(.fsrs),
            folders: [
                .init(prefix: "langs", settings: .sm2), .init(prefix: "drill/", settings: .ladder(steps: [1, 7])),
            ])
        let b = SchedulerConfig(
            defaultSettings: .defaults(.fsrs),
            folders: [
                .init(prefix: "drill", settings: .ladder(steps: [1, 7])), .init(prefix: "langs/", settings: .sm2),
            ])
        #expect(a.canonicalText == b.canonicalText)
        var retention = FSRSSettings()
        retention.desiredRetention = 0.9000000001
        var fuzz = FSRSSettings()
        fuzz.fuzz.toggle()
        var steps = FSRSSettings()
        steps.learningSteps = [60]
        let variants: [SchedulerConfig] = [
            SchedulerConfig(defaultSettings: .fsrs(retention), folders: a.folders),
            SchedulerConfig(defaultSettings: .fsrs(fuzz), folders: a.folders),
            SchedulerConfig(defaultSettings: .fsrs(steps), folders: a.folders),
            SchedulerConfig(defaultSettings: .sm2, folders: a.folders),
            SchedulerConfig(defaultSettings: .defaults(.fsrs), folders: [.init(prefix: "langs", settings: .sm2)]),
            SchedulerConfig(
                defaultSettings: .defaults(.fsrs),
                folders: [
                    .init(prefix: "langs", settings: .sm2), .init(prefix: "drill/", settings: .ladder(steps: [1, 8])),
                ]),
            SchedulerConfig(
                defaultSettings: .defaults(.fsrs),
                folders: [
                    .init(prefix: "langs", settings: .tiers(promotionStreak: 5)),
                    .init(prefix: "drill/", settings: .ladder(steps: [1, 7])),
                ]),
        ]
        for variant in variants { #expect(variant.canonicalText != a.canonicalText, "\(variant.canonicalText)") }
        #expect(Set(variants.map(\.canonicalText)).count == variants.count)
    }
}
