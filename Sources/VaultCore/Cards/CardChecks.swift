/// Card problems for `vault check`: edited cards that were re-linked,
/// cards whose history nothing continues, duplicate questions, and rating
/// events that could not be read.
public enum CardChecks {
    /// Diagnostics for the current `cards` and what replaying the ledger found; `locate`
    /// places an unreadable rating event at its ledger file and line.
    public static func run(
        cards: [Card], replay: CardReplay, locate: LedgerChecks.Locate = { _ in nil }
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let byID = Dictionary(cards.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let pathOfNote = Dictionary(cards.map { ($0.noteKey, $0.notePath) }, uniquingKeysWith: { a, _ in a })
        for note in replay.relinkings.keys.sorted() {
            guard let relinking = replay.relinkings[note] else { continue }
            for link in relinking.relinked {
                guard let card = byID[link.to] else { continue }
                out.append(
                    Diagnostic(
                        code: "card-relinked", severity: .warning, path: card.notePath, line: card.line,
                        message:
                            "the card '\(excerpt(card.question))' (\(card.id)) was edited; it continues the history of card \(link.from) (\(Int((link.similarity * 100).rounded()))% similar), which is recorded at its next rating."
                    ))
            }
            for old in relinking.orphaned {
                out.append(
                    Diagnostic(
                        code: "card-orphaned", severity: .warning, path: pathOfNote[note] ?? note, line: nil,
                        message:
                            "no card in the note continues card \(old.id) ('\(excerpt(old.text))'); its reviews stay in the ledger, unused. If the question was rewritten or removed, nothing needs doing."
                    ))
            }
        }
        var seen: [String: Card] = [:]
        for card in cards {
            let key = card.noteKey + "\u{1F}" + card.kind.rawValue + "\u{1F}" + card.identityText
            if let first = seen[key] {
                out.append(
                    Diagnostic(
                        code: "card-duplicate", severity: .warning, path: card.notePath, line: card.line,
                        message:
                            "this card asks the same question as the card on line \(first.line); each keeps its own history, but if one is a leftover, delete it."
                    ))
            } else {
                seen[key] = card
            }
        }
        for problem in replay.problems {
            var place: (path: String, line: Int)?
            if case .badRatingEvent(let device, let sequence, _) = problem {
                place = locate(LedgerEvent.Identity(device: device, sequence: sequence))
            }
            out.append(
                Diagnostic(
                    code: "ledger-rating", severity: .error, path: place?.path ?? ".vault/ledger", line: place?.line,
                    message: problem.localizedDescription))
        }
        return out
    }

    private static func excerpt(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.elided(to: 40)
    }
}

extension CardChecks {
    /// Notes where a cap on cards cut some off: `perNote` cards in one note
    /// (the first ones are read), `perParagraph` clozes of one paragraph (the
    /// rest stay shown as text). The caps keep one hostile note from making
    /// every command slow; `vault check` says where they applied.
    public static func caps(cards: [Card], perNote: Int, perParagraph: Int) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var start = 0
        while start < cards.count {
            var end = start
            while end < cards.count, cards[end].notePath == cards[start].notePath { end += 1 }
            let note = cards[start..<end]
            if note.count >= perNote {
                out.append(
                    Diagnostic(
                        code: "card-cap", severity: .warning, path: cards[start].notePath, line: note.last?.line,
                        message: "the note gives \(perNote) cards or more; only the first \(perNote) are read. Split it into several notes."))
            }
            var clozes: [Int: Int] = [:]
            for card in note where card.kind == .cloze { clozes[card.line, default: 0] += 1 }
            for (line, count) in clozes.sorted(by: { $0.key < $1.key }) where count >= perParagraph {
                out.append(
                    Diagnostic(
                        code: "card-cap", severity: .warning, path: cards[start].notePath, line: line,
                        message: "the paragraph has \(perParagraph) deletions or more; only the first \(perParagraph) become cards, the rest stay text. Split the paragraph."))
            }
            start = end
        }
        return out
    }
}
