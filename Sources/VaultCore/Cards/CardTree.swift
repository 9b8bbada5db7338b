/// The cards counted per folder (StudyFlow's library tree): each folder
/// that holds cards, directly or below, with its cards, those to study today,
/// the new ones and the mastered ones; the whole deck first (`/`), then the
/// folders in path order, each after its parent. `vault cards --tree`.
public struct CardTree: Hashable, Sendable {
    /// One folder's counts, its own cards and those below it together.
    public struct Folder: Hashable, Sendable {
        /// `/` for the whole deck, else `2026/11/`.
        public var path: String
        /// Folders above it (0 for `/`).
        public var depth: Int
        public var cards: Int
        /// Cards to study today, as `vault study` and `vault status` count them.
        public var due: Int
        public var new: Int
        public var mastered: Int
    }

    public var folders: [Folder]

    /// The tree of `cards` (their schedules in `schedules`, a new one's
    /// missing), with the ids of the cards to study today in `dueToday`.
    public init(cards: [Card], schedules: [String: CardSchedule], dueToday: Set<String>) {
        var counts: [String: Folder] = [:]
        for card in cards {
            let schedule = schedules[card.id]
            let parts = card.notePath.split(separator: "/").dropLast()
            var paths = ["/"]
            var path = ""
            for part in parts {
                path += part + "/"
                paths.append(path)
            }
            for (depth, folder) in paths.enumerated() {
                var entry = counts[folder] ?? Folder(path: folder, depth: depth, cards: 0, due: 0, new: 0, mastered: 0)
                entry.cards += 1
                if dueToday.contains(card.id) { entry.due += 1 }
                if schedule?.isNew ?? true { entry.new += 1 }
                if schedule?.tier == .mastered { entry.mastered += 1 }
                counts[folder] = entry
            }
        }
        folders = counts.values.sorted { a, b in
            a.path == "/" ? b.path != "/" : b.path == "/" ? false : a.path < b.path
        }
    }
}
