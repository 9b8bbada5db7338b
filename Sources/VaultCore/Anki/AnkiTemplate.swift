import Foundation

/// Anki's card templates rendered as Anki does for the parts a card needs:
/// `{{Field}}`, `{{#Field}}…{{/Field}}` (shown when the field has text),
/// `{{^Field}}…{{/Field}}` (when it has none), `{{FrontSide}}`, and the
/// filters `hint:`, `text:` (HTML removed), `type:` (the typed answer: the
/// field on the answer side, nothing on the question) and `cloze:`. An
/// unknown filter leaves the field as it is; an unknown field is empty.
public enum AnkiTemplate {
    /// What rendering knows of the card.
    public struct Card: Sendable {
        /// Field values by name (special fields such as `Tags`, `Deck`, `Card` included).
        public var fields: [String: String]
        /// The rendered question, for `{{FrontSide}}` on the answer side.
        public var frontSide: String?
        /// The card's ordinal (the cloze number minus one for `cloze:`).
        public var ord: Int

        public init(fields: [String: String], frontSide: String?, ord: Int) {
            self.fields = fields
            self.frontSide = frontSide
            self.ord = ord
        }
    }

    /// `format` rendered for `card` (the answer side when `card.frontSide` is set).
    public static func render(_ format: String, _ card: Card) -> String {
        let tokens = tokenize(format)
        var index = 0
        return render(tokens, &index, card, until: nil, depth: 0)
    }

    /// The deepest sections nest (a template of 10,000 `{{#A}}` would
    /// otherwise recurse 10,000 calls deep); deeper openers are ignored.
    static let maximumDepth = 64

    enum Token: Equatable {
        case text(String)
        case open(String, inverted: Bool)
        case close(String)
        case field(String)
    }

    static func tokenize(_ format: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(format)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else {
                tokens.append(.text(String(rest[open.lowerBound...])))
                return tokens
            }
            let inside = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if inside.hasPrefix("#") {
                tokens.append(.open(String(inside.dropFirst()).trimmingCharacters(in: .whitespaces), inverted: false))
            } else if inside.hasPrefix("^") {
                tokens.append(.open(String(inside.dropFirst()).trimmingCharacters(in: .whitespaces), inverted: true))
            } else if inside.hasPrefix("/") {
                tokens.append(.close(String(inside.dropFirst()).trimmingCharacters(in: .whitespaces)))
            } else {
                tokens.append(.field(inside))
            }
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }

    private static func render(_ tokens: [Token], _ index: inout Int, _ card: Card, until section: String?, depth: Int)
        -> String
    {
        var out = ""
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let text): out += text
            case .close(let name):
                if name == section { return out }
            case .open(let name, let inverted):
                guard depth < maximumDepth else { continue }
                let inner = render(tokens, &index, card, until: name, depth: depth + 1)
                let filled = !isBlank(value(of: name, card))
                if filled != inverted { out += inner }
            case .field(let name): out += value(of: name, card)
            }
        }
        return out
    }

    /// A field reference's value: `FrontSide`, or the field through its filters (the last applied first).
    static func value(of reference: String, _ card: Card) -> String {
        if reference == "FrontSide" { return card.frontSide ?? "" }
        var parts = reference.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeLast()
        var text = card.fields[name] ?? ""
        for filter in parts.reversed() {
            switch filter {
            case "text": text = stripHTML(text)
            case "hint": break
            case "type": text = card.frontSide == nil ? "" : text
            case "cloze": text = cloze(text, number: card.ord + 1, answer: card.frontSide != nil)
            default: break
            }
        }
        return text
    }

    /// The text of a cloze field for the card of `number`: its deletions
    /// hidden as `[…]` (or `[hint]`) on the question, shown on the answer; the others shown.
    public static func cloze(_ text: String, number: Int, answer: Bool) -> String {
        var out = ""
        var rest = Substring(text)
        var closer = Closer()
        while let open = rest.range(of: "{{c") {
            out += rest[..<open.lowerBound]
            let digits = rest[open.upperBound...].prefix { $0.isNumber }
            let afterDigits = rest.index(open.upperBound, offsetBy: digits.count)
            guard let n = Int(digits), rest[afterDigits...].hasPrefix("::"),
                let close = closer.next("}}", in: rest, from: afterDigits)
            else {
                out += "{{c"
                rest = rest[open.upperBound...]
                continue
            }
            let inside = rest[rest.index(afterDigits, offsetBy: 2)..<close.lowerBound]
            let pieces = inside.components(separatedBy: "::")
            let shown = pieces[0]
            if n == number, !answer {
                out += pieces.count > 1 ? "[\(pieces[1])]" : "[…]"
            } else {
                out += shown
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    /// The next `}}` (or other closer) of a text read front to back, found
    /// once for many openers: the last search's answer is kept while the
    /// reading has not passed it, and a search that found none is not made
    /// again (many unclosed `{{c1::` cost one search, not one each).
    public struct Closer {
        private var searchedFrom: Substring.Index?
        private var found: Range<Substring.Index>?

        public init() {}

        /// The first `closer` in `text` at or after `start` (`start` never goes back between calls).
        public mutating func next(_ closer: String, in text: Substring, from start: Substring.Index) -> Range<Substring.Index>? {
            if let searchedFrom, start >= searchedFrom, found == nil || found!.lowerBound >= start { return found }
            searchedFrom = start
            found = text.range(of: closer, range: start..<text.endIndex)
            return found
        }
    }

    /// True when `html` holds no text once tags and white space are gone.
    static func isBlank(_ html: String) -> Bool {
        stripHTML(html).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{A0}"))).isEmpty
    }

    /// `html` without its tags, entities decoded.
    public static func stripHTML(_ html: String) -> String {
        var out = ""
        var inTag = false
        for c in html {
            if c == "<" { inTag = true } else if c == ">" && inTag { inTag = false } else if !inTag { out.append(c) }
        }
        return AnkiHTML.decodeEntities(out)
    }
}
