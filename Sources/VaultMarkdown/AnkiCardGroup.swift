import Foundation
import VaultCore

/// The vault's cards as Anki notes: one note per card group, so that each
/// Anki card is one of the vault's cards and comes home to it.
///
/// - `q :: a` and a `?` card: a Basic note (one card, ord 0);
/// - `q ::: a`: a Basic-and-reversed note (the basic card ord 0, the reverse ord 1);
/// - a cloze paragraph: a Cloze note, its `==…==` numbered `{{c1::…}}`,
///   `{{c2::…}}`… in order (card N is ord N − 1), or its Anki clozes kept
///   (the card of number N is ord N − 1).
///
/// The note's GUID is `vault` and the id its first card's history began
/// under, so the same card always lands on the same Anki note, across
/// exports and after edits the ledger links.
public struct AnkiCardGroup: Sendable {
    public enum Shape: String, Sendable {
        case basic, reversed, cloze
    }

    public var guid: String
    public var shape: Shape
    /// The note the cards are in.
    public var notePath: String
    /// The cards with their Anki ordinals.
    public var cards: [(ord: Int, card: Card)]
    /// The fields' Markdown: front and back, or the cloze text (numbered) and an empty extra.
    public var markdown: [String]
    /// The file lines of the cards' paragraph.
    public var paragraphLines: ClosedRange<Int>

    /// The prefix of every GUID `vault export anki` writes.
    public static let guidPrefix = "vault"

    /// The GUID of a group whose first card's history began under `origin`.
    public static func guid(origin: String) -> String { guidPrefix + origin }

    /// The groups of one note's `cards` (as the extractor read them from
    /// `data`, in reading order); `origin` gives the id each card's history began under.
    public static func groups(of cards: [Card], in data: Data, origin: (Card) -> String) -> [AnkiCardGroup] {
        let sources = CardMarkdown.sources(in: data, cards: cards)
        var groups: [AnkiCardGroup] = []
        var i = 0
        while i < cards.count {
            let card = cards[i]
            guard let source = sources[i] else {
                i += 1
                continue
            }
            switch card.kind {
            case .basic where i + 1 < cards.count && cards[i + 1].kind == .reverse && cards[i + 1].line == card.line:
                groups.append(
                    AnkiCardGroup(
                        guid: guid(origin: origin(card)), shape: .reversed, notePath: card.notePath,
                        cards: [(0, card), (1, cards[i + 1])], markdown: [source.question, source.answer],
                        paragraphLines: source.paragraphLines))
                i += 2
            case .basic, .reverse:
                groups.append(
                    AnkiCardGroup(
                        guid: guid(origin: origin(card)), shape: .basic, notePath: card.notePath, cards: [(0, card)],
                        markdown: [source.question, source.answer], paragraphLines: source.paragraphLines))
                i += 1
            case .note:
                // A note review (the Spaced Repetition plugin's #review) is the whole note, not a flashcard: not exported.
                i += 1
            case .cloze:
                var j = i
                while j < cards.count, cards[j].kind == .cloze, sources[j]?.paragraphLines == source.paragraphLines {
                    j += 1
                }
                let clozes = Array(cards[i..<j])
                let numbers = clozeNumbers(in: source.paragraph)
                let text: String
                let ords: [Int]
                if numbers.isEmpty {
                    text = AnkiFieldHTML.numberedClozes(source.paragraph)
                    ords = Array(clozes.indices)
                } else {
                    text = source.paragraph
                    ords = numbers.prefix(clozes.count).map { $0 - 1 }
                }
                groups.append(
                    AnkiCardGroup(
                        guid: guid(origin: origin(card)), shape: .cloze, notePath: card.notePath,
                        cards: Array(zip(ords, clozes)).map { ($0.0, $0.1) }, markdown: [text, ""],
                        paragraphLines: source.paragraphLines))
                i = j
            }
        }
        return groups
    }

    /// The numbers of the Anki clozes `{{cN::text}}` with text in `paragraph`
    /// (outside code), each once, increasing: the extractor's card order.
    public static func clozeNumbers(in paragraph: String) -> [Int] {
        var numbers: Set<Int> = []
        let s = Array(paragraph.unicodeScalars)
        var i = 0
        var inCode = false
        while i + 5 < s.count {
            if s[i] == "`" { inCode.toggle() }
            guard !inCode else {
                i += 1
                continue
            }
            switch CardExtractor.numberedDeletion(in: s, at: i) {
            case .none: i += 1
            case .unclosed: return numbers.sorted()
            case .deletion(let deletion):
                if !deletion.text.isEmpty { numbers.insert(deletion.number) }
                i = deletion.whole.upperBound
            }
        }
        return numbers.sorted()
    }
}
