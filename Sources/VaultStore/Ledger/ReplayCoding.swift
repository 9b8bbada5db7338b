import Foundation
import VaultCore

/// The binary form of a replay's parts in `.vault/cache/ledger.bin`
/// (docs/FORMAT.md, "Replay cache"). Each `encode` has its `decode` below it.
enum ReplayCoding {
    /// A list of strings: its length, then each.
    static func encode(_ strings: [String], _ w: inout CacheWriter) {
        w.int(strings.count)
        for string in strings { w.string(string) }
    }

    static func decodeStrings(_ r: inout CacheReader) throws -> [String] {
        let count = try r.count()
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try r.string()) }
        return strings
    }

    // MARK: Small values

    static func encode(_ period: ReviewPeriod, _ w: inout CacheWriter) {
        w.u8(UInt8(ReviewLevel.allCases.firstIndex(of: period.level)!))
        w.int(period.year)
        w.int(period.number)
    }

    static func decodePeriod(_ r: inout CacheReader) throws -> ReviewPeriod {
        let level = Int(try r.u8())
        guard level < ReviewLevel.allCases.count else { throw CacheDamage() }
        return ReviewPeriod(level: ReviewLevel.allCases[level], year: try r.int(), number: try r.int())
    }

    static func encode(_ diagnostic: Diagnostic, _ w: inout CacheWriter) {
        w.string(diagnostic.code)
        w.string(diagnostic.severity.rawValue)
        w.string(diagnostic.path)
        w.optional(diagnostic.line) { $0.int($1) }
        w.string(diagnostic.message)
    }

    static func decodeDiagnostic(_ r: inout CacheReader) throws -> Diagnostic {
        let code = try r.string()
        guard let severity = Diagnostic.Severity(rawValue: try r.string()) else { throw CacheDamage() }
        return Diagnostic(
            code: code, severity: severity, path: try r.string(), line: try r.optional { try $0.int() },
            message: try r.string())
    }

    static func encode(_ state: LedgerStore.FileState, _ w: inout CacheWriter) {
        w.string(state.path)
        w.u64(state.inode)
        w.int(state.size)
        w.int(Int(state.modified))
        w.int(Int(state.changed))
        w.int(state.lines)
        w.u64(state.tail)
    }

    static func decodeFileState(_ r: inout CacheReader) throws -> LedgerStore.FileState {
        LedgerStore.FileState(
            path: try r.string(), inode: try r.u64(), size: try r.int(), modified: Int64(try r.int()),
            changed: Int64(try r.int()), lines: try r.int(), tail: try r.u64())
    }

    /// A whole event, as its ledger line (for the rare unreadable curation events).
    static func encode(_ event: LedgerEvent, _ w: inout CacheWriter) { w.string(LedgerLine.format(event)) }

    static func decodeEvent(_ r: inout CacheReader) throws -> LedgerEvent {
        guard case .success(let event) = LedgerLine.parse(try r.string()) else { throw CacheDamage() }
        return event
    }

    // MARK: The replay

    static func encode(_ replay: LedgerReplay, _ w: inout CacheWriter) {
        w.int(replay.eventCount)
        w.optional(replay.position) { w, p in
            w.date(p.time)
            w.string(p.device)
            w.int(p.sequence)
        }
        w.int(replay.sequences.count)
        for (device, sequence) in replay.sequences.sorted(by: { $0.key < $1.key }) {
            w.string(device)
            w.int(sequence)
        }
        w.int(replay.activity.firstEvent.count)
        for (day, time) in replay.activity.firstEvent.sorted(by: { $0.key < $1.key }) {
            w.int(day)
            w.date(time)
        }
        w.int(replay.activity.counts.count)
        for (day, counts) in replay.activity.counts.sorted(by: { $0.key < $1.key }) {
            w.int(day)
            w.int(counts.ratings)
            w.int(counts.decisions)
        }
        encode(replay.curation, &w)
        w.int(replay.featureEvents.count)
        for event in replay.featureEvents { encode(event, &w) }
        // The given ids, sorted so the same replay is the same bytes.
        w.int(replay.givenIDs.count)
        for key in replay.givenIDs.sorted(by: Self.keyOrder) { encode(key, &w) }
    }

    /// An order of note keys that every run agrees on (UUIDs by their bits first, then texts).
    static func keyOrder(_ a: NoteKey, _ b: NoteKey) -> Bool {
        switch (a, b) {
        case (.uuid(let h1, let l1), .uuid(let h2, let l2)): return (h1, l1) < (h2, l2)
        case (.uuid, .text): return true
        case (.text, .uuid): return false
        case (.text(let x), .text(let y)): return x < y
        }
    }

    static func decodeReplay(_ r: inout CacheReader, timeZone: TimeZone) throws -> LedgerReplay {
        let eventCount = try r.int()
        let position = try r.optional {
            LedgerReplay.Position(time: try $0.date(), device: try $0.string(), sequence: try $0.int())
        }
        var sequences: [String: Int] = [:]
        for _ in 0..<(try r.count()) { sequences[try r.string()] = try r.int() }
        let days = try r.count()
        var firstEvent: [Int: Date] = [:]
        firstEvent.reserveCapacity(days)
        for _ in 0..<days { firstEvent[try r.int()] = try r.date() }
        var counts: [Int: StudyActivity.DayCounts] = [:]
        for _ in 0..<(try r.count()) {
            counts[try r.int()] = StudyActivity.DayCounts(ratings: try r.int(), decisions: try r.int())
        }
        let curation = try decodeCuration(&r)
        var featureEvents: [LedgerEvent] = []
        for _ in 0..<(try r.count()) { featureEvents.append(try decodeEvent(&r)) }
        let givenCount = try r.count()
        var givenIDs = Set<NoteKey>(minimumCapacity: givenCount)
        for _ in 0..<givenCount { givenIDs.insert(try decodeNoteKey(&r)) }
        return LedgerReplay(
            curation: curation, activity: StudyActivity(timeZone: timeZone, firstEvent: firstEvent, counts: counts),
            sequences: sequences, position: position, eventCount: eventCount, featureEvents: featureEvents,
            givenIDs: givenIDs)
    }

    // MARK: Curation

    /// Each note once with its periods' slots, as the state packs them:
    /// devices once, then by their number in the state's table (a vault has
    /// a handful), the decision in force as which device's last event it is.
    static func encode(_ state: CurationState, _ w: inout CacheWriter) {
        var body = CacheWriter(capacity: state.noteCount * 48)
        let decisions = CurationDecision.allCases
        let sideTable = state.otherDevices
        func event(_ e: PackedSlot.Event) {
            body.u8(UInt8(decisions.firstIndex(of: e.decision)!))
            body.date(e.time)
            body.int(Int(e.device))
            body.int(e.sequence)
        }
        body.int(state.noteCount)
        state.forEachPackedNote { note, slots in
            encode(note, &body)
            body.int(slots.count)
            for slot in slots {
                encode(slot.period.period, &body)
                // Flags: the low 2 bits say whose event is in force (0 none, 1 the first device's,
                // 2 another's); 4 a first device's event follows.
                body.u8(slot.current.rawValue | (slot.first.device >= 0 ? 4 : 0))
                if slot.first.device >= 0 { event(slot.first) }
                let others = slot.others >= 0 ? sideTable[Int(slot.others)] : nil
                body.int(others?.events.count ?? 0)
                for other in others?.events ?? [] { event(other) }
                if slot.current == .otherDevice, let others { body.int(others.current) }
            }
        }
        encode(state.devices, &w)
        w.section(body)
        w.int(state.finished.count)
        // In period order, not the dictionary's: the same state, the same bytes in every process.
        for (period, time) in state.finished.sorted(by: { $0.key < $1.key }) {
            encode(period, &w)
            w.date(time)
        }
        w.int(state.unreadable.count)
        for event in state.unreadable { encode(event, &w) }
    }

    /// A UUID as its two 64-bit halves, any other id as text.
    static func encode(_ key: NoteKey, _ w: inout CacheWriter) {
        switch key {
        case .uuid(let high, let low):
            w.u8(0)
            w.u64(high)
            w.u64(low)
        case .text(let text):
            w.u8(1)
            w.string(text)
        }
    }

    static func decodeNoteKey(_ r: inout CacheReader) throws -> NoteKey {
        switch try r.u8() {
        case 0: return .uuid(try r.u64(), try r.u64())
        case 1: return .text(try r.string())
        default: throw CacheDamage()
        }
    }

    static func decodeCuration(_ r: inout CacheReader) throws -> CurationState {
        let devices = try decodeStrings(&r)
        _ = try r.count()  // the notes' byte length: read in place
        let decisions = CurationDecision.allCases
        func event(_ r: inout CacheReader) throws -> PackedSlot.Event {
            let decision = Int(try r.u8())
            let time = try r.date()
            guard decision < decisions.count, let device = Int32(exactly: try r.int()) else {
                throw CacheDamage()
            }
            return PackedSlot.Event(time: time, sequence: try r.int(), device: device, decision: decisions[decision])
        }
        let noteCount = try r.count()
        var notes: [NoteKey] = []
        var counts: [Int] = []
        var slots: [PackedSlot] = []
        var sideTable: [PackedSlot.OtherDevices] = []
        notes.reserveCapacity(noteCount)
        counts.reserveCapacity(noteCount)
        slots.reserveCapacity(noteCount * 2)
        for _ in 0..<noteCount {
            notes.append(try decodeNoteKey(&r))
            let count = try r.count()
            counts.append(count)
            for _ in 0..<count {
                guard let period = PackedPeriod(try decodePeriod(&r)) else { throw CacheDamage() }
                let flags = try r.u8()
                guard flags & ~7 == 0, let current = PackedSlot.Current(rawValue: flags & 3) else {
                    throw CacheDamage()
                }
                var slot = PackedSlot(period: period, current: current)
                if flags & 4 != 0 { slot.first = try event(&r) }
                let others = try r.count()
                if others > 0 {
                    var side = PackedSlot.OtherDevices(events: [], current: 0)
                    side.events.reserveCapacity(others)
                    for _ in 0..<others { side.events.append(try event(&r)) }
                    if current == .otherDevice { side.current = try r.count() }
                    slot.others = Int32(sideTable.count)
                    sideTable.append(side)
                }
                slots.append(slot)
            }
        }
        if slots.capacity - slots.count > slots.count / 8 {
            // Room was made for two periods a note; the state keeps these slots (100,000 notes
            // of 165,000 slots: 1.1 MB unused), so what is not used is given back.
            var exact: [PackedSlot] = []
            exact.reserveCapacity(slots.count)
            exact.append(contentsOf: slots)
            slots = exact
        }
        var finished: [ReviewPeriod: Date] = [:]
        for _ in 0..<(try r.count()) { finished[try decodePeriod(&r)] = try r.date() }
        var unreadable: [LedgerEvent] = []
        for _ in 0..<(try r.count()) { unreadable.append(try decodeEvent(&r)) }
        // The state checks that the parts fit: device numbers, whose event is in force.
        guard
            let state = CurationState(
                notes: notes, counts: counts, slots: slots, devices: devices, otherDevices: sideTable,
                finished: finished, unreadable: unreadable)
        else { throw CacheDamage() }
        return state
    }

    // MARK: Card events

    static func encode(_ answer: ReviewAnswer, _ w: inout CacheWriter) {
        switch answer {
        case .fsrs(let rating):
            w.u8(0)
            w.u8(UInt8(rating.rawValue))
        case .quality(let q):
            w.u8(1)
            w.u8(UInt8(clamping: q))
        case .correct: w.u8(2)
        case .wrong: w.u8(3)
        }
    }

    static func decodeAnswer(_ r: inout CacheReader) throws -> ReviewAnswer {
        switch try r.u8() {
        case 0:
            guard let rating = FSRSRating(rawValue: Int(try r.u8())) else { throw CacheDamage() }
            return .fsrs(rating)
        case 1: return .quality(Int(try r.u8()))
        case 2: return .correct
        case 3: return .wrong
        default: throw CacheDamage()
        }
    }

    static func encode(_ tier: StudyTier, _ w: inout CacheWriter) {
        w.u8(UInt8(StudyTier.allCases.firstIndex(of: tier)!))
    }

    static func decodeTier(_ r: inout CacheReader) throws -> StudyTier {
        let n = Int(try r.u8())
        guard n < StudyTier.allCases.count else { throw CacheDamage() }
        return StudyTier.allCases[n]
    }

    static func encode(_ log: CardEventLog, _ w: inout CacheWriter) {
        w.int(log.count)
        w.int(log.ids.count)
        for (slot, id) in log.ids.enumerated() {
            w.string(id)
            let history = log.histories[slot]
            w.int(history.count)
            for event in history {
                switch event {
                case .answer(let time, let answer, let milliseconds):
                    w.u8(0)
                    w.date(time)
                    encode(answer, &w)
                    w.int(milliseconds ?? -1)
                case .tier(let time, let tier):
                    w.u8(1)
                    w.date(time)
                    encode(tier, &w)
                case .forget(let time):
                    w.u8(2)
                    w.date(time)
                case .dueSet(let time, let due):
                    w.u8(3)
                    w.date(time)
                    w.date(due)
                }
            }
            w.optional(log.lastRating(slot)) { w, rating in
                w.int(rating.order)
                w.optional(rating.note) { $0.string($1) }
                w.optional(rating.text) { $0.string($1) }
                w.optional(rating.kind) { $0.string($1.rawValue) }
                w.optional(rating.position) { $0.int($1) }
            }
        }
        w.int(log.links.count)
        for (from, to) in log.links.sorted(by: { $0.key < $1.key }) {
            w.string(from)
            w.string(to)
        }
        w.int(log.problems.count)
        for problem in log.problems {
            w.string(problem.device)
            w.int(problem.sequence)
            w.string(problem.reason)
        }
    }

    static func decodeCardLog(_ r: inout CacheReader) throws -> CardEventLog {
        let count = try r.int()
        let slots = try r.count()
        var ids: [String] = []
        // The log counts every event it applied, so its histories hold at most
        // that many (each at least 9 bytes here): room for them at once, and no copy to trim.
        var histories = CardHistories(reservingCapacity: max(0, min(count, r.remaining / 9)), slots: slots)
        var lastRatings: [CardEventLog.LastRating?] = []
        ids.reserveCapacity(slots)
        lastRatings.reserveCapacity(slots)
        for _ in 0..<slots {
            ids.append(try r.string())
            let length = try r.count()
            // The new slot is the last: its events are appended in place.
            let slot = histories.count
            histories.add()
            for _ in 0..<length {
                let event: CardScheduleReplay.CardEvent
                switch try r.u8() {
                case 0:
                    let time = try r.date()
                    let answer = try decodeAnswer(&r)
                    let milliseconds = try r.int()
                    event = .answer(
                        time: time, answer: answer, responseMilliseconds: milliseconds < 0 ? nil : milliseconds)
                case 1: event = .tier(time: try r.date(), tier: try decodeTier(&r))
                case 2: event = .forget(time: try r.date())
                case 3: event = .dueSet(time: try r.date(), due: try r.date())
                default: throw CacheDamage()
                }
                histories.append(event, to: slot)
            }
            lastRatings.append(
                try r.optional { r in
                    CardEventLog.LastRating(
                        order: try r.int(), note: try r.optional { try $0.string() },
                        text: try r.optional { try $0.string() },
                        kind: try r.optional { try $0.string() }.flatMap(Card.Kind.init(rawValue:)),
                        position: try r.optional { try $0.int() })
                })
        }
        var links: [String: String] = [:]
        for _ in 0..<(try r.count()) { links[try r.string()] = try r.string() }
        var problems: [CardEventLog.Problem] = []
        for _ in 0..<(try r.count()) {
            problems.append(CardEventLog.Problem(device: try r.string(), sequence: try r.int(), reason: try r.string()))
        }
        return CardEventLog(
            ids: ids, histories: histories, lastRatings: lastRatings, links: links, problems: problems, count: count)
    }
}
