/// A card the ledger already knows for a note: what the last event that
/// named it recorded.
public struct KnownCard: Hashable, Sendable {
    public var id: String
    public var kind: Card.Kind
    /// The normalised identity text (``Card/identityText``).
    public var text: String
    /// Its position among the note's cards when last seen.
    public var position: Int

    public init(id: String, kind: Card.Kind, text: String, position: Int) {
        self.id = id
        self.kind = kind
        self.text = text
        self.position = position
    }
}

/// What re-linking found for one note.
public struct CardRelinking: Hashable, Sendable {
    /// A current card that inherits a vanished card's history.
    public struct Link: Hashable, Sendable {
        /// The vanished card's id (whose history is inherited).
        public var from: String
        /// The current card's id.
        public var to: String
        /// Text similarity of the two, 0…1.
        public var similarity: Double
    }

    /// Current card id → the id whose history it continues (itself when unchanged).
    public var historyID: [String: String]
    /// Cards whose text changed a little and that inherit an old card's history.
    public var relinked: [Link]
    /// Known cards that no current card continues; their history is kept but unused.
    public var orphaned: [KnownCard]
}

/// Matches edited cards to the cards they were before an edit.
///
/// A current card whose id the ledger knows is that card. A current card
/// with a new id is matched to a vanished known card (one whose id no
/// current card has) of the same kind, at most ``maximumDistance``
/// positions away, whose text is at least ``minimumSimilarity`` similar
/// (normalised Levenshtein). Best matches win first (highest similarity,
/// then nearest position, then earliest), each old card at most once.
public enum CardRelinker {
    /// The least text similarity for an edited card to inherit a history.
    public static let minimumSimilarity = 0.8
    /// The farthest an edited card may have moved, in positions among its note's cards.
    public static let maximumDistance = 3

    /// Re-links the `current` cards of one note to the `known` ones.
    public static func relink(known: [KnownCard], current: [Card]) -> CardRelinking {
        let currentIDs = Set(current.map(\.id))
        let knownIDs = Set(known.map(\.id))
        var historyID: [String: String] = [:]
        for card in current where knownIDs.contains(card.id) { historyID[card.id] = card.id }
        let vanished = known.filter { !currentIDs.contains($0.id) }
        let fresh = current.filter { !knownIDs.contains($0.id) }

        var candidates: [(similarity: Double, distance: Int, fresh: Int, old: Int)] = []
        for (f, card) in fresh.enumerated() {
            for (o, old) in vanished.enumerated() where old.kind == card.kind {
                let distance = abs(old.position - card.position)
                guard distance <= maximumDistance else { continue }
                let s = similarity(old.text, card.identityText)
                if s >= minimumSimilarity { candidates.append((s, distance, f, o)) }
            }
        }
        candidates.sort {
            if $0.similarity != $1.similarity { return $0.similarity > $1.similarity }
            if $0.distance != $1.distance { return $0.distance < $1.distance }
            return ($0.fresh, $0.old) < ($1.fresh, $1.old)
        }
        var usedFresh = Set<Int>()
        var usedOld = Set<Int>()
        var links: [CardRelinking.Link] = []
        for c in candidates where !usedFresh.contains(c.fresh) && !usedOld.contains(c.old) {
            usedFresh.insert(c.fresh)
            usedOld.insert(c.old)
            links.append(.init(from: vanished[c.old].id, to: fresh[c.fresh].id, similarity: c.similarity))
            historyID[fresh[c.fresh].id] = vanished[c.old].id
        }
        for (f, card) in fresh.enumerated() where !usedFresh.contains(f) { historyID[card.id] = card.id }
        links.sort { $0.to < $1.to }
        let orphaned = vanished.enumerated().filter { !usedOld.contains($0.offset) }.map(\.element)
        return CardRelinking(historyID: historyID, relinked: links, orphaned: orphaned)
    }

    /// 1 − Levenshtein distance / length of the longer text (1 for two empty texts).
    public static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        let longest = max(x.count, y.count)
        guard longest > 0 else { return 1 }
        if x.isEmpty || y.isEmpty { return 0 }
        var previous = Array(0...y.count)
        var row = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            row[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &row)
        }
        return 1 - Double(previous[y.count]) / Double(longest)
    }
}
