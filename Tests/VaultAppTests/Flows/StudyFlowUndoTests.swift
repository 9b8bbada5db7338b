import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// The study screen's undo (`u`, the web's Undo): the last answer taken back
/// by an `answer-undo` event, the card asked again with the schedule it had,
/// and the web's answers carrying their given ids.
@Suite("Study flow: undo and given ids")
struct StudyFlowUndoTests {
    typealias World = StudyFlowTests.World

    @Test("u takes the last answer back: one answer-undo, the card shown again, its schedule as before, in replay too")
    func undoLast() throws {
        let world = World()
        let studying = world.studying
        var flow = world.flow()
        #expect(!flow.canUndo)
        let first = try #require(flow.entry?.card)
        let before = studying.replay().schedules[first.id]
        _ = try flow.send(.reveal, through: studying)
        _ = try flow.send(.rate(.fsrs(.easy), elapsedMilliseconds: 1000, responseMilliseconds: 400), through: studying)
        #expect(flow.canUndo && flow.index == 1)
        #expect(studying.replay().schedules[first.id] != before)
        _ = try flow.send(.undo(elapsedMilliseconds: 2000), through: studying)
        #expect(flow.index == 0 && flow.entry?.card.id == first.id && !flow.revealed)
        #expect(!flow.canUndo)
        #expect(flow.session.answers.isEmpty)
        let undos = world.ledger.events.filter { $0.kind == AnswerUndo.kind }
        #expect(undos.count == 1)
        let undo = try AnswerUndo(try #require(undos.first))
        #expect(undo.card == first.id && !undo.cram)
        #expect(undo.answered == StudyFlowTests.now.addingTimeInterval(1))
        // The replayed schedule (what vault cards shows) is the one before the answer.
        #expect(studying.replay().schedules[first.id] == before)
        #expect(flow.replay.schedules[first.id] == before)
        // Answered again, it counts once.
        _ = try flow.send(.reveal, through: studying)
        _ = try flow.send(.rate(.fsrs(.good), elapsedMilliseconds: 3000, responseMilliseconds: 500), through: studying)
        #expect(flow.session.answers.count == 1)
        #expect(studying.lastAnswer(of: first, cram: false) == StudyFlowTests.now.addingTimeInterval(3))
    }

    @Test("an answer given with an id is written once; undo by the use case takes back the last standing answer")
    func givenAnswers() throws {
        let world = World()
        let studying = world.studying
        let flow = world.flow()
        let card = try #require(flow.entry?.card)
        for _ in 0..<3 {
            try flow.answerOutOfTurn(
                card, with: .fsrs(.good), elapsedMilliseconds: 1000, responseMilliseconds: nil, given: "answer-1",
                through: studying)
        }
        #expect(world.ratings == ["good"])
        #expect(world.ledger.events.first { $0.kind == "rate" }.flatMap(GivenID.of) == "answer-1")
        #expect(try studying.undoLastAnswer(of: card, cram: false, given: "undo-1") != nil)
        // The same undo sent again is done already: no second event, the same moment.
        #expect(try studying.undoLastAnswer(of: card, cram: false, given: "undo-1") == StudyFlowTests.now.addingTimeInterval(1))
        #expect(world.ledger.events.filter { $0.kind == AnswerUndo.kind }.count == 1)
        #expect(studying.lastAnswer(of: card, cram: false) == nil)
        #expect(try studying.undoLastAnswer(of: card, cram: false, given: "undo-2") == nil)
    }
}
