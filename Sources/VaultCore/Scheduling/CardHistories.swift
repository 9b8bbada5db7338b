import Foundation

/// Every card's events of a ``CardEventLog``, one history per slot, kept in
/// one array of 24-byte events: a slot is a span of it. An array per slot
/// cost 48 bytes of header and 40 bytes an event; a ledger of years names
/// many more ids than the vault has cards (350,000 slots at 100,000 notes),
/// and `vault serve` keeps the log between requests.
///
/// A slot grows in place while its span is the last of the array, or into
/// room it was given when it last moved; otherwise it moves to the end
/// with room for as many events again. What moves leave behind is reclaimed
/// when it is more than half the array.
public struct CardHistories: RandomAccessCollection, Equatable, Sendable {
    public typealias Event = CardScheduleReplay.CardEvent

    private var events: [Packed] = []
    private var spans: [Span] = []
    /// Events of ``events`` that no span holds (left behind by moves, or room not used).
    private var unused = 0

    /// A span of ``events``: a slot's `count` events from `start`, with room for `capacity`.
    private struct Span: Sendable {
        var start: UInt32
        var count: UInt32
        var capacity: UInt32
    }

    public init() {}

    /// No histories yet, with room for `events` events in `slots` slots.
    public init(reservingCapacity events: Int, slots: Int) {
        self.events.reserveCapacity(events)
        spans.reserveCapacity(slots)
    }

    /// The histories given, in slot order.
    public init(_ histories: [[Event]]) {
        events.reserveCapacity(histories.reduce(0) { $0 + $1.count })
        spans.reserveCapacity(histories.count)
        for history in histories { add(history) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { spans.count }

    /// The events of `slot`, in replay order.
    public subscript(slot: Int) -> [Event] {
        let span = spans[slot]
        let start = Int(span.start)
        return events[start..<start + Int(span.count)].map(\.event)
    }

    /// A new slot holding `history`, at the end.
    public mutating func add(_ history: [Event] = []) {
        Self.check(events.count + history.count)
        spans.append(Span(start: UInt32(events.count), count: UInt32(history.count), capacity: UInt32(history.count)))
        for event in history { events.append(Packed(event)) }
    }

    /// Appends `event` to the history of `slot`.
    public mutating func append(_ event: Event, to slot: Int) {
        var span = spans[slot]
        let start = Int(span.start)
        let end = start + Int(span.count)
        if span.count < span.capacity {
            events[end] = Packed(event)
            unused -= 1
        } else if start + Int(span.capacity) == events.count {
            Self.check(events.count + 1)
            events.append(Packed(event))
            span.capacity += 1
        } else {
            // Moves to the end, with room for as many events again.
            let capacity = Swift.max(4, 2 * (Int(span.count) + 1))
            Self.check(events.count + capacity)
            let moved = events.count
            // One by one: a slice of `events` appended to itself would copy the whole array.
            for i in start..<end { events.append(events[i]) }
            events.append(Packed(event))
            events.append(contentsOf: repeatElement(Packed.room, count: capacity - Int(span.count) - 1))
            unused += Int(span.capacity) + capacity - Int(span.count) - 1
            span = Span(start: UInt32(moved), count: span.count, capacity: UInt32(capacity))
        }
        span.count += 1
        spans[slot] = span
        if unused > events.count / 2 && unused > 1024 { self = compacted() }
    }

    /// Removes the event at `index` of the history of `slot`.
    public mutating func remove(at index: Int, from slot: Int) {
        var span = spans[slot]
        precondition(index >= 0 && index < Int(span.count), "no event \(index) in slot \(slot)")
        let start = Int(span.start)
        let end = start + Int(span.count)
        var i = start + index
        while i + 1 < end {
            events[i] = events[i + 1]
            i += 1
        }
        events[end - 1] = .room
        span.count -= 1
        spans[slot] = span
        unused += 1
    }

    /// The same histories with no room to grow and nothing left behind.
    public func compacted() -> CardHistories {
        guard unused > 0 || events.count < events.capacity else { return self }
        var copy = CardHistories()
        copy.events.reserveCapacity(events.count - unused)
        copy.spans.reserveCapacity(spans.count)
        for span in spans {
            let start = Int(span.start)
            copy.spans.append(Span(start: UInt32(copy.events.count), count: span.count, capacity: span.count))
            copy.events.append(contentsOf: events[start..<start + Int(span.count)])
        }
        return copy
    }

    public static func == (a: CardHistories, b: CardHistories) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] }
    }

    /// Spans address events with 32 bits: four billion events (96 GB) is past any ledger this reads.
    private static func check(_ count: Int) {
        precondition(count <= Int(UInt32.max), "more card events than a log can hold")
    }

    /// One event in 24 bytes: its time, and per kind what else it says.
    struct Packed: Sendable {
        /// Seconds since the reference date.
        var time: Double
        /// An answer's response milliseconds (-1: none, and a negative count
        /// reads as none, as the replay cache reads it); a due date's seconds as bits.
        var word: Int64
        /// An FSRS rating's raw value, a quality (0…5 wherever one is made), or a tier's index.
        var value: Int32
        var tag: Tag

        enum Tag: UInt8 {
            case fsrs, quality, correct, wrong, tier, forget, dueSet, room
        }

        static let room = Packed(time: 0, word: 0, value: 0, tag: .room)

        private init(time: Double, word: Int64, value: Int32, tag: Tag) {
            self.time = time
            self.word = word
            self.value = value
            self.tag = tag
        }

        init(_ event: Event) {
            switch event {
            case .answer(let time, let answer, let milliseconds):
                let tag: Tag
                var value: Int32 = 0
                switch answer {
                case .fsrs(let rating):
                    tag = .fsrs
                    value = Int32(rating.rawValue)
                case .quality(let q):
                    tag = .quality
                    value = Int32(clamping: q)
                case .correct: tag = .correct
                case .wrong: tag = .wrong
                }
                self.init(
                    time: time.timeIntervalSinceReferenceDate, word: Int64(milliseconds ?? -1), value: value, tag: tag)
            case .tier(let time, let tier):
                self.init(
                    time: time.timeIntervalSinceReferenceDate, word: 0,
                    value: Int32(StudyTier.allCases.firstIndex(of: tier)!), tag: .tier)
            case .forget(let time):
                self.init(time: time.timeIntervalSinceReferenceDate, word: 0, value: 0, tag: .forget)
            case .dueSet(let time, let due):
                self.init(
                    time: time.timeIntervalSinceReferenceDate,
                    word: Int64(bitPattern: due.timeIntervalSinceReferenceDate.bitPattern), value: 0, tag: .dueSet)
            }
        }

        var event: Event {
            let time = Date(timeIntervalSinceReferenceDate: self.time)
            let milliseconds = word < 0 ? nil : Int(word)
            switch tag {
            case .fsrs:
                return .answer(
                    time: time, answer: .fsrs(FSRSRating(rawValue: Int(value))!), responseMilliseconds: milliseconds)
            case .quality: return .answer(time: time, answer: .quality(Int(value)), responseMilliseconds: milliseconds)
            case .correct: return .answer(time: time, answer: .correct, responseMilliseconds: milliseconds)
            case .wrong: return .answer(time: time, answer: .wrong, responseMilliseconds: milliseconds)
            case .tier: return .tier(time: time, tier: StudyTier.allCases[Int(value)])
            case .forget: return .forget(time: time)
            case .dueSet:
                let due = Double(bitPattern: UInt64(bitPattern: word))
                return .dueSet(time: time, due: Date(timeIntervalSinceReferenceDate: due))
            case .room: preconditionFailure("room is not an event")
            }
        }
    }
}
