import Foundation
import VaultCore

/// The memory-palace screens as a flow, one location of an itinerary at a time:
/// - learn: every location whole, in walking order; next and previous;
/// - review: the number, then (reveal) the picture, then (reveal) the name and
///   description, then a 0-5 rating;
/// - reverse: the name; the number is typed and checked, then a 0-5 rating.
///
/// Each rating is written to the ledger as it is given (by ``LociPalaces``,
/// which computes the location's SM-2 state) and the next location follows;
/// review and reverse finish after the last one, learn only when left. What
/// a location shows is state (``step``, ``showsPicture``): the screen draws
/// the picture whenever it draws the location.
public struct LociFlow: InteractiveFlow {
    /// Which screen: learn (nothing is rated), review or reverse.
    public enum Mode: Hashable, Sendable { case learn, review, reverse }

    /// What the location shown asks for.
    public enum Step: Hashable, Sendable {
        /// Learn: the whole location; next or previous.
        case walking
        /// Review: the number only; reveal shows the picture.
        case number
        /// Review: the number and the picture; reveal shows the name.
        case picture
        /// Reverse: the name; the number is typed, then checked.
        case typing
        /// Review and reverse: all shown; a 0-5 rating.
        case rating
    }

    /// What the person did.
    public enum Input: Hashable, Sendable {
        /// Learn: on to the next location, back to the one before.
        case next, previous
        /// Review: show the next part of the location.
        case reveal
        /// Reverse: a digit of the number typed (at most seven), the last one taken back, the number checked.
        case digit(Int)
        /// Reverse: take the last digit typed back.
        case deleteDigit
        /// Reverse: check the number typed (enter).
        case check
        /// Rate the recall 0-5 once all is shown: `elapsedMilliseconds` since the
        /// flow's start (the event's moment), `responseMilliseconds` from the location shown.
        case rate(Int, elapsedMilliseconds: Int, responseMilliseconds: Int)
        /// A rating was written (``Effect/record(_:walk:states:)`` carried out).
        case recorded(LociRating)
        /// Leave the walk (the ratings given are saved already).
        case quit
    }

    /// One rating to write.
    public struct Answer: Equatable, Sendable {
        /// The location rated.
        public var stop: LociStop
        /// Review or reverse.
        public var mode: LociRating.Mode
        /// SM-2 quality, 0-5.
        public var quality: Int
        /// The event's moment.
        public var time: Date
        /// From the location shown to the rating.
        public var responseMilliseconds: Int
        /// Reverse: the number typed.
        public var typed: Int?
    }

    /// What the flow asks to be done.
    public enum Effect: Sendable {
        /// Write the rating about the location of `walk`, its SM-2 state moved
        /// from `states`; reported back as ``Input/recorded(_:)``.
        case record(Answer, walk: LociWalk, states: LociStates)
        /// The walk is over: show ``LociFlow/summary``.
        case finish
    }

    /// A line the screen shows once, after the input that caused it.
    public enum Notice: Hashable, Sendable {
        /// Learn: next on the last location.
        case lastLocation
        /// Learn: previous on the first location.
        case firstLocation
        /// Reverse: check with nothing typed.
        case numberMissing
    }

    /// What the walk did.
    public struct Summary: Hashable, Sendable {
        /// The screen.
        public var mode: Mode
        /// The itinerary's name.
        public var walkName: String
        /// Locations in the walk's order.
        public var count: Int
        /// The ratings given, in order.
        public var rated: Int
        /// Reverse: the numbers typed right.
        public var right: Int
        /// True when left before the last location.
        public var stopped: Bool
        /// When a location of the itinerary is next due after the start, if any is.
        public var nextDue: Date?
    }

    /// The screen.
    public let mode: Mode
    /// The itinerary walked.
    public let walk: LociWalk
    /// The locations in the order asked: walking order to learn, due ones first to review and reverse.
    public let order: [LociStop]
    /// Every location's SM-2 state, the ratings given added.
    public private(set) var states: LociStates
    /// The moment the flow started at.
    public let start: Date
    /// True under a given moment (`VAULT_NOW`): every rating is stamped at ``start``.
    public var fixedMoment = false
    /// The location shown; `order.count` once finished.
    public private(set) var index = 0
    /// How much of the location is shown: 0 at first, 2 when it is rated.
    private var stage = 0
    /// Reverse: the digits typed.
    public private(set) var typed = ""
    /// The ratings written so far, in order.
    public private(set) var answered: [LociRating] = []
    /// True when the walk was left before the last location.
    public private(set) var stopped = false
    /// Set by the last input only.
    public private(set) var notice: Notice?
    /// True once the walk is over (``Effect/finish`` given): after the last rating, or left.
    public private(set) var ended = false

    /// `walk` in `mode` from `states`, started at `start` (which also decides the review order).
    public init(mode: Mode, walk: LociWalk, states: LociStates, start: Date) {
        self.mode = mode
        self.walk = walk
        self.states = states
        self.start = start
        switch mode {
        case .learn: order = walk.stops
        case .review: order = states.reviewOrder(walk, at: start)
        case .reverse: order = states.reverseOrder(walk, at: start)
        }
    }

    /// `walk` of `palaces` in `mode`, at their context's `now`.
    public init(_ palaces: LociPalaces, walk: LociWalk, mode: Mode) {
        self.init(mode: mode, walk: walk, states: palaces.states, start: palaces.context.now)
        fixedMoment = palaces.context.clock.isFixed
    }

    /// The location shown, nil once finished.
    public var stop: LociStop? { index < order.count ? order[index] : nil }
    /// True once every location was rated (learn never gets there: it ends when left).
    public var isFinished: Bool { index >= order.count }

    /// What the location shown asks for now.
    public var step: Step {
        switch (mode, stage) {
        case (.learn, _): return .walking
        case (.review, 0): return .number
        case (.review, 1): return .picture
        case (.reverse, 0): return .typing
        default: return .rating
        }
    }

    /// Whether the location is shown as first seen (its response time runs from then).
    public var isFirstSight: Bool { stage == 0 }
    /// Whether the location's picture is shown.
    public var showsPicture: Bool { mode == .learn || stage >= (mode == .review ? 1 : 2) }
    /// Reverse, once checked: whether the number typed is the location's.
    public var typedRight: Bool? {
        guard mode == .reverse, stage == 2, let stop else { return nil }
        return Int(typed) == stop.sequence
    }

    /// The state a rating of `quality` would give the location shown (nothing is written).
    public func outcome(quality: Int) -> SM2CardState? {
        stop.map { SM2.review(states.state($0.key), quality: quality, at: start) }
    }

    /// What the walk did so far (shown when it ends, whichever way).
    public var summary: Summary {
        Summary(
            mode: mode, walkName: walk.name, count: order.count, rated: answered.count,
            right: answered.filter { $0.right == true }.count, stopped: stopped,
            nextDue: walk.stops.compactMap { states.state($0.key).due }.filter { $0 > start }.min())
    }

    /// Moves on for `input` (one that does not fit the step is ignored); ratings come back as inputs once written.
    public mutating func handle(_ input: Input) -> [Effect] {
        notice = nil
        guard !ended else { return [] }
        guard let stop else {
            guard input == .quit else { return [] }
            ended = true
            return [.finish]
        }
        switch input {
        case .next where mode == .learn:
            if index + 1 < order.count { moveOn() } else { notice = .lastLocation }
        case .previous where mode == .learn:
            if index > 0 { index -= 1 } else { notice = .firstLocation }
        case .reveal where mode == .review && stage < 2:
            stage += 1
        case .digit(let digit) where step == .typing && (0...9).contains(digit):
            if typed.count < 7 { typed += String(digit) }
        case .deleteDigit where step == .typing:
            if !typed.isEmpty { typed.removeLast() }
        case .check where step == .typing:
            if typed.isEmpty { notice = .numberMissing } else { stage = 2 }
        case .rate(let quality, let elapsed, let response) where step == .rating && (0...5).contains(quality):
            let answer = Answer(
                stop: stop, mode: mode == .review ? .review : .reverse, quality: quality,
                time: fixedMoment ? start : start.addingTimeInterval(Double(elapsed) / 1000),
                responseMilliseconds: response,
                typed: mode == .reverse ? Int(typed) : nil)
            return [.record(answer, walk: walk, states: states)]
        case .recorded(let rating) where step == .rating && rating.location == stop.key:
            states.record(rating)
            answered.append(rating)
            moveOn()
            guard isFinished else { return [] }
            ended = true
            return [.finish]
        case .quit:
            stopped = true
            ended = true
            return [.finish]
        default:
            break
        }
        return []
    }

    private mutating func moveOn() {
        index += 1
        stage = 0
        typed = ""
    }
}

extension LociPalaces: FlowEffectRunner {
    /// The walk's ratings are written by the palaces use case.
    public typealias Flow = LociFlow

    /// Writes a ``LociFlow/Effect/record(_:walk:states:)`` rating through
    /// ``answer(_:of:mode:quality:at:states:responseMilliseconds:typed:)``.
    /// - Throws: when the ledger cannot be written.
    public func perform(_ effect: LociFlow.Effect) throws -> LociFlow.Input? {
        guard case .record(let given, let walk, let states) = effect else { return nil }
        let rating = try answer(
            given.stop, of: walk, mode: given.mode, quality: given.quality, at: given.time, states: states,
            responseMilliseconds: given.responseMilliseconds, typed: given.typed)
        return .recorded(rating)
    }
}
