import Foundation
import VaultCore
import VaultProcess

/// The card mapper that folds card histories on all cores, in chunks of
/// 512 cards (``CardScheduleReplay/CardMapper``).
enum ParallelCards {
    static let map: CardScheduleReplay.CardMapper = { cards, schedule in
        let slots = ParallelSlots<CardSchedule>(count: cards.count)
        let chunk = 512
        DispatchQueue.concurrentPerform(iterations: (cards.count + chunk - 1) / chunk) { c in
            for i in (c * chunk)..<min(cards.count, (c + 1) * chunk) { slots.store(schedule(cards[i]), at: i) }
        }
        return slots.values
    }
}
