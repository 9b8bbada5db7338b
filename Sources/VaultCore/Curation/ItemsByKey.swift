/// The board's items by note key, for matching the state's decisions to them.
///
/// An open-addressing table that keeps each key's hash beside the item, so
/// that a probe compares numbers and reads an id's bytes only when the hashes
/// match, and that borrows the ids it is asked about instead of copying them
/// (a copy is an atomic write to a cold string: 165k of them cost more than
/// the rest of the match). Hashes are `String.hashValue`, so ids match
/// exactly when `==` says they do.
struct ItemsByKey {
    /// Per slot: the hash of its key, and its first item (-1: empty).
    private var hashes: [Int]
    private var firstItems: [Int32]
    private let mask: Int
    /// Per item: its key (nil without an id), and the next item with the same key (-1: none).
    private let keys: [String?]
    private var sameKey: [Int32]

    init(_ items: [CurationBoard.Item]) {
        var size = 16
        while size < 2 * items.count { size *= 2 }
        hashes = [Int](repeating: 0, count: size)
        firstItems = [Int32](repeating: -1, count: size)
        mask = size - 1
        // Read the ids in the notes' own order, the order they were loaded
        // (and allocated) in: in the items' order they are scattered in memory.
        var itemOfNote = [Int32](repeating: -1, count: items.first?.notes.count ?? 0)
        for i in items.indices { itemOfNote[items[i].index] = Int32(i) }
        var keys = [String?](repeating: nil, count: items.count)
        sameKey = [Int32](repeating: -1, count: items.count)
        for item in itemOfNote where item >= 0 {
            let i = Int(item)
            guard let key = items[i].key else { continue }
            keys[i] = key
            let hash = key.hashValue
            var slot = hash & mask
            while firstItems[slot] >= 0 {
                if hashes[slot] == hash, keys[Int(firstItems[slot])] == key { break }
                slot = (slot + 1) & mask
            }
            sameKey[i] = firstItems[slot]
            hashes[slot] = hash
            firstItems[slot] = Int32(i)
        }
        self.keys = keys
    }

    /// Calls `body` with the position of every item whose key is `key`.
    func forEach(withKey key: String, _ body: (Int) -> Void) {
        let hash = key.hashValue
        var slot = hash & mask
        while firstItems[slot] >= 0 {
            if hashes[slot] == hash, keys[Int(firstItems[slot])] == key {
                var i = firstItems[slot]
                while i >= 0 {
                    body(Int(i))
                    i = sameKey[Int(i)]
                }
                return
            }
            slot = (slot + 1) & mask
        }
    }
}
