import Foundation
import VaultCore

/// The card schedules last computed, kept in `.vault/cache/cards.bin` with
/// what they were computed from: the card log's generation (see
/// ``ReplayCache``), a digest of the current cards and one of the scheduler
/// config. When all three match, `vault status` and `vault study --list`
/// take the schedules as they are; otherwise they are replayed from the
/// card log and remembered.
struct CardScheduleMemo {
    let layout: VaultLayout

    // 2: keyed by SchedulerConfig.canonicalText; 3: lapses, due at the last review; 4: forgotten at;
    // 5: osr states, the review a stored schedule implies, keyed by the cards' stored schedules;
    // 6: due dates set by hand
    static let version: UInt64 = 6
    var file: CacheFile {
        CacheFile(
            url: layout.cacheFolder.appendingPathComponent("cards.bin"), magic: Array("VCARDS01".utf8),
            version: Self.version)
    }

    /// What the schedules depend on besides the card log.
    struct Key: Equatable {
        var generation: UInt64
        var cards: UInt64
        var config: UInt64

        init(generation: UInt64, cards: [Card], config: SchedulerConfig) {
            self.generation = generation
            var digest = Digest()
            // The id hashes the note key, the kind and the identity text (CardIdentity).
            for card in cards {
                digest.add(card.id)
                digest.add(card.notePath)
                digest.add(card.noteID ?? "\u{0}")
                digest.add(card.position)
                // A schedule the plugin wrote in the note changes the card's schedule.
                switch card.stored {
                case nil:
                    digest.add(0)
                case .osr(let day, let interval, let ease)?, .note(let day, let interval, let ease)?:
                    if case .note? = card.stored { digest.add(3) }
                    digest.add(1)
                    digest.add(day)
                    digest.add(Int(truncatingIfNeeded: interval.bitPattern))
                    digest.add(Int(truncatingIfNeeded: ease.bitPattern))
                case .fsrs(let g)?:
                    digest.add(2)
                    for x in [g.due.timeIntervalSince1970, g.interval, g.stability, g.difficulty] {
                        digest.add(Int(truncatingIfNeeded: x.bitPattern))
                    }
                    digest.add(g.state)
                    digest.add(g.learningSteps)
                    digest.add(Int(truncatingIfNeeded: (g.lastReview?.timeIntervalSince1970 ?? -1).bitPattern))
                }
            }
            self.cards = digest.value
            var configDigest = Digest()
            configDigest.add(config.canonicalText)
            self.config = configDigest.value
        }
    }

    /// The remembered schedules of `cards`, when remembered under `key`.
    func read(_ key: Key, cards: [Card], config: SchedulerConfig) -> [String: CardSchedule]? {
        guard let buffer = file.read() else { return nil }
        return buffer.withUnsafeBytes { raw -> [String: CardSchedule]? in
            var r = CacheReader(UnsafeRawBufferPointer(rebasing: raw[CacheFile.headerSize...]))
            return Self.decode(&r, key: key, cards: cards, config: config)
        }
    }

    /// The schedules of `cards` in a payload of `cards.bin`; nil when it was
    /// written under another key, or does not read.
    static func decode(_ r: inout CacheReader, key: Key, cards: [Card], config: SchedulerConfig) -> [String: CardSchedule]? {
        guard (try? r.u64()) == key.generation, (try? r.u64()) == key.cards, (try? r.u64()) == key.config,
            (try? r.count()) == cards.count
        else { return nil }
        var schedules: [String: CardSchedule] = [:]
        schedules.reserveCapacity(cards.count)
        do {
            for card in cards {
                var schedule = CardSchedule(settings: config.settings(forNotePath: card.notePath))
                try decode(into: &schedule, &r)
                schedules[card.id] = schedule
            }
        } catch {
            return nil
        }
        return schedules
    }

    /// Remembers the schedules of `cards` under `key`.
    func write(_ schedules: [String: CardSchedule], key: Key, cards: [Card]) {
        var w = CacheWriter(capacity: 64 + cards.count * 64)
        guard Self.encode(schedules, key: key, cards: cards, into: &w) else { return }
        file.write(w)
    }

    /// The payload of `cards.bin`: the key, then each card's schedule in the
    /// cards' order. False (and nothing to write) when a card has none.
    static func encode(_ schedules: [String: CardSchedule], key: Key, cards: [Card], into w: inout CacheWriter) -> Bool {
        w.u64(key.generation)
        w.u64(key.cards)
        w.u64(key.config)
        w.int(cards.count)
        for card in cards {
            guard let schedule = schedules[card.id] else { return false }
            encode(schedule, &w)
        }
        return true
    }

    /// The schedules of `cards` under `config`, replayed from `log` on all cores
    /// (what the memo remembers).
    static func replayed(_ log: CardEventLog, cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        CardScheduleReplay.replay(log, cards: cards, config: config, mapCards: ParallelCards.map).schedules
    }

    // MARK: Coding

    static func encode(_ schedule: CardSchedule, _ w: inout CacheWriter) {
        func date(_ d: Date?) { w.optional(d) { $0.date($1) } }
        switch schedule.state {
        case .fsrs(let s):
            w.u8(0)
            w.string(s.phase.rawValue)
            w.optional(s.step) { $0.int($1) }
            w.optional(s.stability) { $0.double($1) }
            w.optional(s.difficulty) { $0.double($1) }
            date(s.due)
            date(s.lastReview)
        case .sm2(let s):
            w.u8(1)
            w.double(s.easeFactor)
            w.int(s.repetitions)
            w.int(s.interval)
            date(s.due)
            date(s.lastReview)
        case .tiers(let s):
            w.u8(2)
            w.string(s.tier.rawValue)
            w.int(s.correctStreak)
            date(s.due)
            date(s.lastReview)
        case .ladder(let s):
            w.u8(3)
            w.optional(s.step) { $0.int($1) }
            date(s.due)
            date(s.lastReview)
        case .osr(let s):
            w.u8(4)
            w.optional(s.dueDay) { $0.int($1) }
            date(s.due)
            w.double(s.interval)
            w.double(s.ease)
            date(s.lastReview)
            w.u8(s.countsOverdueDays ? 1 : 0)
        }
        w.int(schedule.reviews)
        w.int(schedule.correct)
        w.int(schedule.correctStreak)
        date(schedule.lastReview)
        w.int(schedule.lapses)
        date(schedule.lastLapse)
        date(schedule.dueAtLastReview)
        date(schedule.forgottenAt)
        date(schedule.storedReview)
    }

    /// Reads a schedule into `schedule`, whose settings come from the config.
    static func decode(into schedule: inout CardSchedule, _ r: inout CacheReader) throws {
        func date(_ r: inout CacheReader) throws -> Date? { try r.optional { try $0.date() } }
        switch try r.u8() {
        case 0:
            guard let phase = FSRSCardState.Phase(rawValue: try r.string()) else { throw CacheDamage() }
            schedule.state = .fsrs(
                FSRSCardState(
                    phase: phase, step: try r.optional { try $0.int() }, stability: try r.optional { try $0.double() },
                    difficulty: try r.optional { try $0.double() }, due: try date(&r), lastReview: try date(&r)))
        case 1:
            schedule.state = .sm2(
                SM2CardState(
                    easeFactor: try r.double(), repetitions: try r.int(), interval: try r.int(), due: try date(&r),
                    lastReview: try date(&r)))
        case 2:
            guard let tier = StudyTier(rawValue: try r.string()) else { throw CacheDamage() }
            schedule.state = .tiers(
                TiersCardState(tier: tier, correctStreak: try r.int(), due: try date(&r), lastReview: try date(&r)))
        case 3:
            schedule.state = .ladder(
                LadderCardState(step: try r.optional { try $0.int() }, due: try date(&r), lastReview: try date(&r)))
        case 4:
            schedule.state = .osr(
                OSRCardState(
                    dueDay: try r.optional { try $0.int() }, due: try date(&r), interval: try r.double(),
                    ease: try r.double(), lastReview: try date(&r), countsOverdueDays: try r.u8() != 0))
        default:
            throw CacheDamage()
        }
        schedule.reviews = try r.int()
        schedule.correct = try r.int()
        schedule.correctStreak = try r.int()
        schedule.lastReview = try date(&r)
        schedule.lapses = try r.int()
        schedule.lastLapse = try date(&r)
        schedule.dueAtLastReview = try date(&r)
        schedule.forgottenAt = try date(&r)
        schedule.storedReview = try date(&r)
    }
}

extension ReplayedLedger {
    /// Every card's schedule under `config`, as ``CardScheduleReplay`` computes
    /// it: remembered in `.vault/cache/cards.bin` for this ledger, these cards
    /// and this config, else replayed from the card log (and remembered).
    public func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        let memo = CardScheduleMemo(layout: layout)
        let key = CardScheduleMemo.Key(generation: generation, cards: cards, config: config)
        if let schedules = memo.read(key, cards: cards, config: config) { return schedules }
        let schedules = CardScheduleMemo.replayed(cardLog(), cards: cards, config: config)
        memo.write(schedules, key: key, cards: cards)
        return schedules
    }

    /// The full card replay (schedules, re-links, problems) from the card log
    /// (`log`: the caller's, already decoded).
    public func cardReplay(cards: [Card], config: SchedulerConfig, log: CardEventLog? = nil) -> CardReplay {
        CardScheduleReplay.replay(log ?? cardLog(), cards: cards, config: config, mapCards: ParallelCards.map)
    }
}
