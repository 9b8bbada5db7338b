import Foundation
import VaultCore

/// The deck list a study page opens on: every folder that holds cards, with
/// the cards due and new today under it (its subfolders' included, as
/// `vault study FOLDER` takes them), counted from the day's queue as
/// `vault cards --due` lists it (held cards, suspended leeches and cards set
/// aside for another day left out; no daily limit), and the counts of the
/// other sessions (weak, cram, overdue).
public struct StudyDecks: Sendable {
    /// One folder's counts.
    public struct Deck: Hashable, Sendable {
        /// The vault-relative folder (`""`: the notes at the vault's root).
        public var folder: String
        /// Folders above it that are decks too (its indent in the list).
        public var depth: Int
        /// Every card under it.
        public var cards: Int
        /// Cards answered before and due today (overdue ones included).
        public var due: Int
        /// Cards never answered, in today's queue.
        public var new: Int
    }

    /// Each folder holding cards, in path order; the root's notes as `""`.
    public var decks: [Deck]
    /// Every card's counts, over the whole vault.
    public var all: Deck
    /// Cards overdue now (what `vault study --overdue` takes).
    public var overdue: Int
    /// Cards answered at least once (what `vault study --weak` takes).
    public var answered: Int
    /// How many the daily limit still lets through today.
    public var dayLeft: Int
    /// The daily limit.
    public var dailyLimit: Int

    /// The deck list of `studying`'s cards at its context's moment.
    public init(_ studying: Studying) {
        let listing = studying.listing(dueOnly: true)
        let schedules = studying.schedules()
        var folders: [String: Deck] = [:]
        func folder(of path: String) -> String {
            path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        }
        for card in studying.cards {
            let own = folder(of: card.notePath)
            if folders[own] == nil {
                folders[own] = Deck(folder: own, depth: 0, cards: 0, due: 0, new: 0)
            }
        }
        let names = folders.keys.sorted()
        /// The decks a card at `path` counts in: its folder and every listed folder above it.
        func decks(holding path: String) -> [String] {
            names.filter { $0.isEmpty ? !path.contains("/") : path.hasPrefix($0 + "/") }
        }
        var all = Deck(folder: "", depth: 0, cards: studying.cards.count, due: 0, new: 0)
        for card in studying.cards {
            for name in decks(holding: card.notePath) { folders[name]!.cards += 1 }
        }
        for (card, schedule) in listing.cards {
            let isNew = schedule.isNew
            if isNew { all.new += 1 } else { all.due += 1 }
            for name in decks(holding: card.notePath) {
                if isNew { folders[name]!.new += 1 } else { folders[name]!.due += 1 }
            }
        }
        self.decks = names.map { name in
            var deck = folders[name]!
            deck.depth = names.filter { !$0.isEmpty && name.hasPrefix($0 + "/") }.count
            return deck
        }
        self.all = all
        let context = studying.context
        let startOfToday = VaultDate.startOfDay(context.today, in: context.timeZone)
        let held = studying.holds()
        let inStudy = schedules.filter { held[$0.key] == nil }.values
        overdue = inStudy.filter { schedule in
            !schedule.isNew && schedule.tier != .inactive && (schedule.due.map { $0 < startOfToday } ?? false)
        }.count
        answered = inStudy.filter { !$0.isNew }.count
        dailyLimit = studying.options(for: StudyRequest(), schedules: schedules).dailyLimit
        dayLeft = max(0, dailyLimit - (listing.queue?.studiedToday ?? 0))
    }
}
