import Foundation
import VaultCore

/// The card mapper that folds card histories on all cores, in chunks of
/// 512 cards (``CardScheduleReplay/CardMapper``).
enum ParallelCards {
    static let map: CardScheduleReplay.CardMapper = { cards, schedule in
        let slots = Slots(count: cards.count)
        let chunk = 512
        DispatchQueue.concurrentPerform(iterations: (cards.count + chunk - 1) / chunk) { c in
            for i in (c * chunk)..<min(cards.count, (c + 1) * chunk) { slots.store(schedule(cards[i]), at: i) }
        }
        return slots.values
    }

    /// Schedules that parallel workers fill at distinct indices. (Unchecked
    /// sendable: each index is written by one worker only, and read after
    /// every worker has finished; a raw buffer, so no array is shared
    /// between threads.)
    private final class Slots: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<CardSchedule?>
        private let count: Int

        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: max(count, 1))
            storage.initialize(repeating: nil, count: max(count, 1))
        }

        deinit {
            storage.deinitialize(count: max(count, 1))
            storage.deallocate()
        }

        func store(_ schedule: CardSchedule, at index: Int) { storage[index] = schedule }

        var values: [CardSchedule] { (0..<count).map { storage[$0]! } }
    }
}
