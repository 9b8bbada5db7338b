import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// Issue 36, point 5: the study screen's hint, timer, estimate, accuracy and
/// promote offer, as the flow decides them.
@Suite("Study flow: hint, timer, estimate, promote")
struct StudyFlowScreenAdditionsTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = VaultDate.parse("2026-11-18T09:00:00", in: utc)!

    struct World {
        let ledger = MemoryLedger(timeZone: StudyFlowScreenAdditionsTests.utc)
        var habits = StudySettings()
        let cards = CardIdentity.cards(
            from: [
                CardDraft(
                    kind: .basic, question: "Capital of Australia %%hint: not Sydney%%", answer: "Canberra", line: 3),
                CardDraft(kind: .basic, question: "Capital of Japan", answer: "Tokyo", line: 5),
            ], notePath: "tiers/capitals.md", noteID: nil)

        var context: AppContext {
            var config = VaultConfig(timeZoneIdentifier: "UTC")
            config.schedulers = SchedulerConfig(folders: [.init(prefix: "tiers/", settings: .tiers(promotionStreak: 2))]
            )
            config.study = habits
            return AppContext(
                notes: MemoryNotes(all: [], cards: cards), ledger: ledger, ids: MemoryNoteIDs(), config: config,
                now: StudyFlowScreenAdditionsTests.now)
        }
        var studying: Studying { Studying(context) }
        func flow() -> StudyFlow { StudyFlow(studying, options: StudyOptions()) }
    }

    @Test("a %%hint: …%% leaves the question and the identity; h shows it before the answer only")
    func hint() throws {
        let world = World()
        let plain = CardIdentity.cards(
            from: [CardDraft(kind: .basic, question: "Capital of Australia", answer: "Canberra", line: 3)],
            notePath: "tiers/capitals.md", noteID: nil)[0]
        #expect(world.cards[0].question == "Capital of Australia")
        #expect(world.cards[0].hint == "not Sydney")
        #expect(world.cards[0].id == plain.id, "writing a hint keeps the card's id")
        #expect(world.cards[1].hint == nil)
        #expect(CardHint.split("a %%note%% b %%Hint:  x %% c").text == "a %%note%% b c")
        #expect(CardHint.split("a %%note%% b").hint == nil)
        var flow = world.flow()
        #expect(flow.entry?.card.hint == "not Sydney")
        _ = flow.handle(.hint)
        #expect(flow.hintShown)
        _ = flow.handle(.reveal)
        _ = try flow.send(
            .rate(.correct, elapsedMilliseconds: 1_000, responseMilliseconds: 900), through: world.studying)
        #expect(!flow.hintShown, "the next card starts without its hint")
        _ = flow.handle(.hint)
        #expect(!flow.hintShown, "a card without a hint has none to show")
    }

    @Test("a card's pictures are the embeds of its paragraph, resolved as Obsidian does; other paragraphs' are not")
    func pictures() throws {
        let text = "# Door\n\nWhat is drawn here? :: A front door\n![[door.png]]\n\nOther :: card\n![[other.png]]\n"
        let files = MemoryFiles([
            "deck/door.md": Data(text.utf8), "figures/door.png": Data([0x89]), "figures/other.png": Data([0x89]),
        ])
        let cards = CardIdentity.cards(
            from: [
                CardDraft(kind: .basic, question: "What is drawn here?", answer: "A front door", line: 3),
                CardDraft(kind: .basic, question: "Other", answer: "card", line: 6),
                CardDraft(kind: .basic, question: "Gone", answer: "x", line: 40),
            ], notePath: "deck/door.md", noteID: nil)
        let studying = Studying(
            AppContext(
                notes: MemoryNotes(all: [], cards: cards), ledger: MemoryLedger(timeZone: Self.utc),
                ids: MemoryNoteIDs(),
                config: VaultConfig(timeZoneIdentifier: "UTC"), now: Self.now, files: files))
        #expect(studying.pictures(of: cards[0]) == ["figures/door.png"])
        #expect(studying.pictures(of: cards[1]) == ["figures/other.png"])
        #expect(studying.pictures(of: cards[2]).isEmpty, "a line past the note's end")
    }

    @Test("the timer is green below 5 s, amber below 15 s, red after; study.timer moves the thresholds")
    func timer() {
        var world = World()
        let flow = world.flow()
        #expect([0, 4, 5, 14, 15, 60].map(flow.timerLevel) == [.green, .green, .amber, .amber, .red, .red])
        world.habits.timerAmber = 10
        world.habits.timerRed = 30
        #expect([9, 10, 29, 30].map(world.flow().timerLevel) == [.green, .amber, .amber, .red])
    }

    @Test("before: N cards, ~M min (20 s a card, at least 1); during: the accuracy so far")
    func estimateAndAccuracy() throws {
        let world = World()
        var flow = world.flow()
        #expect(flow.estimate.cards == 2)
        #expect(flow.estimate.minutes == 1)
        _ = flow.handle(.reveal)
        _ = try flow.send(.rate(.wrong, elapsedMilliseconds: 1_000, responseMilliseconds: 900), through: world.studying)
        #expect(flow.session.accuracy == 0)
        _ = flow.handle(.reveal)
        _ = try flow.send(
            .rate(.correct, elapsedMilliseconds: 2_000, responseMilliseconds: 900), through: world.studying)
        #expect(flow.session.accuracy == 0.5)
    }

    @Test("after promotion_streak correct answers the revealed card offers a promotion; p writes a tier event")
    func promote() throws {
        let world = World()
        let card = world.cards[1]
        // Two correct answers in a row on earlier days (promotion_streak: 2).
        for day in [-3.0, -2.0] {
            _ = try Studying(
                AppContext(
                    notes: MemoryNotes(all: [], cards: world.cards), ledger: world.ledger, ids: MemoryNoteIDs(),
                    config: world.context.config, now: Self.now.addingTimeInterval(day * 86_400))
            ).answer(rates: ["\(card.id)=correct"], tiers: [])
        }
        var flow = StudyFlow(world.studying, options: StudyOptions(focus: .weak))
        let index = try #require(flow.queue.entries.firstIndex { $0.card.id == card.id })
        #expect(index == 0, "the only answered card")
        #expect(flow.promotionOffered == nil, "not before the answer is shown")
        _ = flow.handle(.reveal)
        #expect(flow.promotionOffered == .reviewing)
        _ = try flow.send(.promote(elapsedMilliseconds: 500), through: world.studying)
        let tiers = world.ledger.events.filter { $0.kind == "tier" }
        #expect(tiers.count == 1)
        #expect(tiers.first?["tier"] == "reviewing")
        #expect(flow.promotionOffered == nil, "taken")
        #expect(world.studying.schedules()[card.id]?.tier == .reviewing)
        var other = world.flow()
        _ = other.handle(.reveal)
        #expect(other.entry?.card.id == world.cards[0].id)
        #expect(other.promotionOffered == nil, "a new card has earned nothing")
    }
}
