import Foundation
import Testing
@testable import VaultCore

@Suite("Saved study settings and folder tier moves")
struct StudySettingsTests {
    @Test("--exam, then study.daily_limit, then the preset's limit; --limit is a batch within it")
    func precedence() {
        #expect(StudySettings().options().dailyLimit == 30)
        #expect(StudySettings(preset: .exam).options().dailyLimit == 50)
        #expect(StudySettings(dailyLimit: 40, preset: .exam).options().dailyLimit == 40)
        #expect(StudySettings(dailyLimit: 40).options(exam: true).dailyLimit == 50, "--exam is typed now: it wins")
        let batch = StudySettings(dailyLimit: 40).options(limit: 12, exam: true)
        #expect(batch.limit == 12 && batch.dailyLimit == 50, "--limit is twelve cards now, within the day's limit")
        #expect(StudySettings(dailyLimit: 40, overduePerDay: 7).options(focus: .weak).overduePerDay == 7)
        #expect(StudySettings().options(focus: .cram).focus == .cram)
        #expect(StudySettings(preset: .exam).options(mode: .due, folder: "x/").preset == .exam)
    }

    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static func card(_ id: String, _ path: String) -> Card {
        Card(id: id, notePath: path, noteID: nil, kind: .basic, question: "Q \(id)?", answer: "A", line: 1, position: 0, identityText: id)
    }

    @Test("a folder's cards under the tiers scheduler move with one event each; others and those already there stay")
    func folderMove() throws {
        let config = SchedulerConfig(folders: [.init(prefix: "lectures/", settings: .tiers(promotionStreak: 5))])
        let cards = [
            Self.card("a", "lectures/w3/one.md"), Self.card("b", "lectures/w3/two.md"), Self.card("c", "lectures/w4/x.md"),
            Self.card("d", "other/y.md"),
        ]
        var replay = CardReplay(schedules: [:], known: [:], relinkings: [:], problems: [])
        let already = CardSchedule(settings: .tiers(promotionStreak: 5)).moving(to: .reviewing, at: Self.now)
        replay.schedules["b"] = already
        let move = try #require(
            FolderTierMove.plan(folder: "lectures/w3", tier: .reviewing, cards: cards, replay: replay, config: config, at: Self.now))
        #expect(move.moving.map(\.card.id) == ["a"])
        #expect(move.alreadyThere == 1)
        #expect(move.otherScheduler == 0)
        #expect(move.events == [.tier(TierChange(time: Self.now, card: "a", note: "lectures/w3/one.md", tier: .reviewing))])
        #expect(move.moving.first?.schedule.tier == .reviewing)
        let whole = try #require(
            FolderTierMove.plan(folder: "/", tier: .mastered, cards: cards, replay: replay, config: config, at: Self.now))
        #expect(whole.moving.map(\.card.id) == ["a", "b", "c"])
        #expect(whole.otherScheduler == 1, "other/ is under the default scheduler")
        #expect(FolderTierMove.plan(folder: "nothing", tier: .mastered, cards: cards, replay: replay, config: config, at: Self.now)?.folder == nil)
    }
}
