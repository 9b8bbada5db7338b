import Foundation

/// `vault cards --tier FOLDER=TIER`: every card of the notes under a folder
/// moved to one tier (StudyFlow's "move a whole lecture"), one `tier` event
/// per card that moves. A pure plan over the cards and the replayed ledger.
///
/// Only cards under the tiers scheduler are placed by hand; cards of the
/// folder under another scheduler are counted and left as they are, and so
/// are cards already in the tier (no event that changes nothing).
public struct FolderTierMove: Sendable {
    /// The folder as given, and the tier.
    public var folder: String
    public var tier: StudyTier
    /// The cards that move, in reading order, with their schedules after the move.
    public var moving: [(card: Card, schedule: CardSchedule)]
    /// The events to append, one per card in ``moving``.
    public var events: [PendingCardEvent]
    /// Cards of the folder already in the tier.
    public var alreadyThere: Int
    /// Cards of the folder under a scheduler that places them itself (fsrs, sm2, ladder).
    public var otherScheduler: Int

    /// Plans the move of the cards of notes under `folder` (vault-relative; `/` the whole vault) to `tier` at `time`.
    /// - Returns: nil when no card lies under the folder.
    public static func plan(
        folder: String, tier: StudyTier, cards: [Card], replay: CardReplay, config: SchedulerConfig, at time: Date
    ) -> FolderTierMove? {
        let prefix = SchedulerConfig.folderPrefix(folder)
        let under = cards.filter { prefix.isEmpty || $0.notePath.hasPrefix(prefix) }
        guard !under.isEmpty else { return nil }
        // Whole milliseconds, as the ledger writes times (StudyAnswers does the same).
        let time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1000).rounded() / 1000)
        var move = FolderTierMove(folder: folder, tier: tier, moving: [], events: [], alreadyThere: 0, otherScheduler: 0)
        for card in under {
            let schedule = replay.schedules[card.id] ?? CardSchedule(settings: config.settings(forNotePath: card.notePath))
            guard case .tiers = schedule.settings else {
                move.otherScheduler += 1
                continue
            }
            if schedule.tier == tier {
                move.alreadyThere += 1
                continue
            }
            move.moving.append((card, schedule.moving(to: tier, at: time)))
            move.events.append(.tier(TierChange(time: time, card: card.id, note: card.noteKey, tier: tier)))
        }
        return move
    }
}
