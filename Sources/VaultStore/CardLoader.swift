import Foundation
import VaultCore
import VaultMarkdown

/// Reads the flashcards of a vault's notes (in parallel on all cores).
public struct CardLoader: Sendable {
    let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    /// The cards of the notes of `notes` that are in one of `decks`, in note
    /// order then reading order. A note that cannot be read has no cards
    /// (`vault check` reports the file).
    public func cards(of notes: [Note], in decks: Decks, syntax: CardSyntax = .vault) -> [Card] {
        let notes = notes.filter { decks.contains($0.summary) }
        let slots = CardSlots(count: notes.count)
        let chunk = 64
        let chunks = (notes.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var buffer = [UInt8]()
            for i in (c * chunk)..<min(notes.count, (c + 1) * chunk) {
                let note = notes[i]
                guard FileIO.read(layout.root.path + "/" + note.path, into: &buffer),
                    Self.mayHoldCards(buffer, syntax: syntax)
                else { continue }
                slots.store(CardExtractor.cards(in: Data(buffer), of: note.summary, syntax: syntax), at: i)
            }
        }
        return slots.cards
    }

    /// A quick byte test: false only when the note holds no card in `syntax`.
    /// The Spaced Repetition plugin's syntax is configurable, so its notes are always read.
    static func mayHoldCards(_ bytes: [UInt8], syntax: CardSyntax) -> Bool {
        guard case .vault = syntax else { return true }
        return mayHoldCards(bytes)
    }

    /// A quick byte test: a note holds no card unless it has `::`, `==`, or a
    /// line holding only `?` (after list, quote and space markers).
    static func mayHoldCards(_ bytes: [UInt8]) -> Bool {
        var previous: UInt8 = 0
        var lineHasText = false  // something other than markers before this point on the line
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if (b == 0x3A || b == 0x3D) && previous == b { return true }
            switch b {
            case 0x0A:
                lineHasText = false
            case 0x3F where !lineHasText:  // `?`: a card mark if only spaces follow on its line
                var j = i + 1
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0D { j += 1 }
                if j == bytes.count || bytes[j] == 0x0A { return true }
                lineHasText = true
            case 0x20, 0x09, 0x0D, 0x3E, 0x2D, 0x2A, 0x2B, 0x2E, 0x29, 0x30...0x39:
                break  // space, `>`, `-`, `*`, `+`, `.`, `)` and digits: list and quote markers
            default:
                lineHasText = true
            }
            previous = b
            i += 1
        }
        return false
    }
}

/// Per-note card lists that parallel workers fill at distinct indices.
final class CardSlots: @unchecked Sendable {
    private var storage: [[Card]]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: [], count: count) }

    func store(_ cards: [Card], at index: Int) {
        lock.lock()
        storage[index] = cards
        lock.unlock()
    }

    var cards: [Card] { storage.flatMap { $0 } }
}
