import Foundation
import VaultCore

/// A note's Markdown as Obsidian reads it: libcmark's tree, with Obsidian's
/// constructs as nodes of their own (tables, callouts, math, highlights, strikethroughs,
/// wiki links and embeds, footnotes, task markers, block ids) and
/// `%%comments%%` gone. The HTML renderer (``MarkdownHTML``) and the
/// terminal's (``TerminalRenderer``) both draw this one tree.
///
/// Built in two steps: ``ObsidianSource`` takes out what libcmark would
/// misread (math, wiki links, tables…) as tokens, libcmark parses the rest,
/// and the tokens become nodes here. Code stays code: a token that lands in
/// a code span or block is turned back into its source text.
public struct ObsidianDocument: Sendable {
    /// The document node.
    public var root: MarkdownNode

    /// Parses `markdown` (a note's body, front matter already cut off).
    /// - Parameter highlights: false reads `==text==` as text (in a card, where it is cloze syntax).
    public init(markdown: String, highlights: Bool = true) {
        let source = ObsidianSource.prepare(markdown)
        var bytes = Array(source.text.utf8)
        let tree = bytes.withUnsafeMutableBufferPointer { CommonMark.document(of: UnsafeBufferPointer($0)) }
        var builder = Builder(source: source, highlights: highlights)
        var root = tree
        var footnotes: [MarkdownNode] = []
        root.children = builder.blocks(tree.children, footnotes: &footnotes)
        root.children.append(contentsOf: footnotes)
        self.root = root
    }

    /// The nodes a `#^id` names: the block that ends in `^id`; nil when none does.
    public func block(withID id: String) -> MarkdownNode? {
        func find(_ node: MarkdownNode) -> MarkdownNode? {
            if node.blockID == id { return node }
            for child in node.children where child.kind.isBlock || child.kind == .document {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(root)
    }

    /// The section a `#Heading` names: the heading and the blocks after it up
    /// to the next heading of its level or higher; nil when no heading has that anchor.
    public func section(named heading: String) -> [MarkdownNode]? {
        let wanted = HeadingAnchor.slug(heading).lowercased()
        let blocks = root.children
        guard let start = blocks.firstIndex(where: {
            $0.kind == .heading && HeadingAnchor.slug($0.plainText).lowercased() == wanted
        }) else { return nil }
        let level = blocks[start].headingLevel
        var end = start + 1
        while end < blocks.count, !(blocks[end].kind == .heading && blocks[end].headingLevel <= level),
            blocks[end].kind != .footnoteDefinition
        {
            end += 1
        }
        return Array(blocks[start..<end])
    }

    /// Turns the tokens of libcmark's tree into nodes.
    struct Builder {
        let source: ObsidianSource
        let highlights: Bool

        // MARK: Blocks

        mutating func blocks(_ children: [MarkdownNode], footnotes: inout [MarkdownNode]) -> [MarkdownNode] {
            var out: [MarkdownNode] = []
            var k = 0
            while k < children.count {
                let child = children[k]
                guard child.kind == .paragraph else {
                    out.append(block(child, footnotes: &footnotes))
                    k += 1
                    continue
                }
                let paragraph = MarkdownNode(
                    kind: .paragraph, line: child.line, children: inlines(child.children))
                if let (table, _, _) = Self.cell(paragraph) {
                    var cells: [MarkdownNode] = []
                    while k < children.count, children[k].kind == .paragraph {
                        let next = cells.isEmpty ? paragraph : MarkdownNode(
                            kind: .paragraph, line: children[k].line, children: inlines(children[k].children))
                        guard let (t, _, _) = Self.cell(next), t == table else { break }
                        cells.append(next)
                        k += 1
                    }
                    out.append(self.table(table, cells: cells, line: child.line))
                    continue
                }
                for segment in Self.footnoteSegments(paragraph) {
                    if let first = segment.first, first.kind == .footnoteDefinition {
                        var rest = Array(segment.dropFirst())
                        Self.dropLeadingSpace(&rest)
                        var definition = first
                        definition.children = [finished(MarkdownNode(kind: .paragraph, line: child.line, children: rest))]
                        footnotes.append(definition)
                    } else if !segment.isEmpty {
                        let finished = finished(MarkdownNode(kind: .paragraph, line: child.line, children: segment))
                        if finished.kind == .paragraph, finished.children.isEmpty, !finished.blockID.isEmpty {
                            // `^id` on a line of its own names the block before it.
                            if !out.isEmpty, out[out.count - 1].blockID.isEmpty { out[out.count - 1].blockID = finished.blockID }
                        } else {
                            out.append(finished)
                        }
                    }
                }
                k += 1
            }
            return out
        }

        mutating func block(_ node: MarkdownNode, footnotes: inout [MarkdownNode]) -> MarkdownNode {
            var node = node
            switch node.kind {
            case .heading:
                node.children = Self.restoringStrayMarkers(inlines(node.children), source: source)
            case .codeBlock, .htmlBlock:
                node.literal = restored(node.literal)
            case .blockQuote:
                node.children = blocks(node.children, footnotes: &footnotes)
                return callout(node) ?? node
            case .item:
                node.children = blocks(node.children, footnotes: &footnotes)
                task(&node)
                if let first = node.children.first, first.kind == .paragraph, !first.blockID.isEmpty {
                    node.blockID = first.blockID
                }
            case .list, .document, .customBlock:
                node.children = blocks(node.children, footnotes: &footnotes)
            default:
                break
            }
            return node
        }

        /// A paragraph's last touches: its block id taken off, a lone `$$…$$` made a block.
        func finished(_ paragraph: MarkdownNode) -> MarkdownNode {
            var node = paragraph
            node.children = Self.restoringStrayMarkers(node.children, source: source)
            if let last = node.children.indices.last, node.children[last].kind == .text,
                let (text, id) = Self.blockID(node.children[last].literal)
            {
                node.blockID = id
                if text.isEmpty {
                    node.children.removeLast()
                    if let previous = node.children.last, previous.kind == .softBreak { node.children.removeLast() }
                } else {
                    node.children[last].literal = text
                }
            }
            let meaningful = node.children.filter { !($0.kind == .text && $0.literal.allSatisfy(\.isWhitespace)) }
            if meaningful.count == 1, meaningful[0].kind == .displayMath {
                var math = meaningful[0]
                math.line = node.line
                math.blockID = node.blockID
                return math
            }
            return node
        }

        /// `text ^id` → (`text`, `id`): Obsidian's block id ends a block's last line.
        static func blockID(_ text: String) -> (String, String)? {
            // Most paragraphs hold no `^`: a byte test first, before the search by Characters.
            guard text.utf8.contains(UInt8(ascii: "^")), let caret = text.lastIndex(of: "^") else { return nil }
            let id = text[text.index(after: caret)...]
            guard !id.isEmpty, id.count <= 64, id.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" })
            else { return nil }
            let before = text[..<caret]
            guard before.isEmpty || before.last == " " || before.last == "\t" else { return nil }
            var kept = String(before)
            while kept.last == " " || kept.last == "\t" { kept.removeLast() }
            return (kept, String(id))
        }

        /// The table cell a paragraph is (it opens with the cell's marker).
        static func cell(_ paragraph: MarkdownNode) -> (Int, Int, Int)? {
            guard let first = paragraph.children.first, first.kind == .tableCell else { return nil }
            let parts = first.literal.split(separator: " ").compactMap { Int($0) }
            return parts.count == 3 ? (parts[0], parts[1], parts[2]) : nil
        }

        /// The table made of its cells' paragraphs.
        func table(_ number: Int, cells: [MarkdownNode], line: Int) -> MarkdownNode {
            let shape = source.tables[number]
            var grid = [[MarkdownNode]](
                repeating: shape.alignments.map { MarkdownNode(kind: .tableCell, literal: $0) }, count: shape.rows)
            var blockID = ""
            for paragraph in cells {
                guard let (_, r, c) = Self.cell(paragraph), r < shape.rows, c < shape.alignments.count else { continue }
                var content = Array(paragraph.children.dropFirst())
                Self.dropLeadingSpace(&content)
                let cellParagraph = finished(MarkdownNode(kind: .paragraph, children: content))
                // `| … ^id |` in the last row names the table.
                if !cellParagraph.blockID.isEmpty, r == shape.rows - 1 { blockID = cellParagraph.blockID }
                grid[r][c].children = cellParagraph.kind == .paragraph ? cellParagraph.children : [cellParagraph]
            }
            return MarkdownNode(
                kind: .table, blockID: blockID, line: line,
                children: grid.map { MarkdownNode(kind: .tableRow, children: $0) })
        }

        static func dropLeadingSpace(_ nodes: inout [MarkdownNode]) {
            guard let first = nodes.first, first.kind == .text else { return }
            let trimmed = first.literal.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { nodes.removeFirst() } else { nodes[0].literal = String(trimmed) }
        }

        /// A paragraph's inline nodes split where a footnote's definition opens a line.
        static func footnoteSegments(_ paragraph: MarkdownNode) -> [[MarkdownNode]] {
            var segments: [[MarkdownNode]] = [[]]
            for (i, node) in paragraph.children.enumerated() {
                if node.kind == .footnoteDefinition,
                    i == 0 || paragraph.children[i - 1].kind == .softBreak || paragraph.children[i - 1].kind == .lineBreak
                {
                    if let last = segments[segments.count - 1].last, last.kind == .softBreak || last.kind == .lineBreak {
                        segments[segments.count - 1].removeLast()
                    }
                    segments.append([node])
                } else {
                    segments[segments.count - 1].append(node)
                }
            }
            return segments.filter { !$0.isEmpty }
        }

        /// Markers that are not where their syntax allows (a cell's or a footnote's
        /// outside a paragraph's start) as the text they were written as.
        static func restoringStrayMarkers(_ nodes: [MarkdownNode], source: ObsidianSource) -> [MarkdownNode] {
            nodes.map { node in
                switch node.kind {
                case .footnoteDefinition where node.children.isEmpty:
                    return MarkdownNode(kind: .text, literal: "[^\(node.literal)]:")
                case .tableCell where node.children.isEmpty:
                    return MarkdownNode(kind: .text)
                default:
                    return node
                }
            }
        }

        /// `> [!type]± Title` → a callout.
        func callout(_ quote: MarkdownNode) -> MarkdownNode? {
            guard let first = quote.children.first, first.kind == .paragraph, let head = first.children.first,
                head.kind == .text, head.literal.hasPrefix("[!")
            else { return nil }
            let text = head.literal
            var i = text.index(text.startIndex, offsetBy: 2)
            while i < text.endIndex, text[i].isLetter || text[i].isNumber || text[i] == "-" || text[i] == "_" {
                i = text.index(after: i)
            }
            guard i < text.endIndex, text[i] == "]", i > text.index(text.startIndex, offsetBy: 2) else { return nil }
            let type = text[text.index(text.startIndex, offsetBy: 2)..<i].lowercased()
            i = text.index(after: i)
            var fold = ""
            if i < text.endIndex, text[i] == "-" || text[i] == "+" {
                fold = String(text[i])
                i = text.index(after: i)
            }
            var titleNodes: [MarkdownNode] = []
            let rest = String(text[i...]).drop { $0 == " " || $0 == "\t" }
            if !rest.isEmpty { titleNodes.append(MarkdownNode(kind: .text, literal: String(rest))) }
            var k = 1
            while k < first.children.count, first.children[k].kind != .softBreak, first.children[k].kind != .lineBreak {
                titleNodes.append(first.children[k])
                k += 1
            }
            var content = Array(quote.children.dropFirst())
            if k + 1 < first.children.count {
                var paragraph = first
                paragraph.children = Array(first.children[(k + 1)...])
                content.insert(finished(paragraph), at: 0)
            }
            return MarkdownNode(
                kind: .callout, literal: type, blockID: quote.blockID, fenceInfo: fold, line: quote.line,
                children: [MarkdownNode(kind: .calloutTitle, children: titleNodes)] + content)
        }

        /// `- [ ] task` / `- [x] done`: a task marker opens the item. As in Obsidian, any one
        /// character between the brackets is a task status (`[/]` in progress, `[-]` dropped,
        /// `[>]` moved), and any but a space is shown done.
        func task(_ item: inout MarkdownNode) {
            guard let first = item.children.first, first.kind == .paragraph, let head = first.children.first,
                head.kind == .text
            else { return }
            let s = head.literal
            let box = Array(s.prefix(3))
            guard box.count == 3, box[0] == "[", box[2] == "]", box[1] != "[", box[1] != "]",
                s.count == 3 || s.dropFirst(3).first == " "
            else { return }
            let mark = box[1] == " " ? " " : "x"
            var paragraph = first
            let rest = String(s.dropFirst(4))
            if rest.isEmpty { paragraph.children.removeFirst() } else { paragraph.children[0].literal = rest }
            paragraph.children.insert(MarkdownNode(kind: .taskMarker, literal: mark), at: 0)
            item.children[0] = paragraph
        }

        // MARK: Inlines

        /// Inline nodes with their tokens made nodes and their highlights paired.
        func inlines(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
            var out: [MarkdownNode] = []
            out.reserveCapacity(nodes.count)
            for node in nodes {
                var node = node
                switch node.kind {
                case .text:
                    split(node, into: &out)
                    continue
                case .code, .htmlInline:
                    node.literal = restored(node.literal)
                case .link, .image:
                    node.url = restored(node.url)
                    node.title = restored(node.title)
                    node.children = inlines(node.children)
                default:
                    if !node.children.isEmpty { node.children = inlines(node.children) }
                }
                out.append(node)
            }
            return paired(out)
        }

        /// `text` with its tokens turned back into the source they stand for (in code).
        func restored(_ text: String) -> String {
            guard Self.tokenStart(in: text.utf8, from: text.utf8.startIndex) != nil else { return text }
            var out = String.UnicodeScalarView()
            var scalars = text.unicodeScalars.makeIterator()
            while let s = scalars.next() {
                guard s == ObsidianSource.tokenOpen else {
                    out.append(s)
                    continue
                }
                var number = 0
                while let d = scalars.next(), d != ObsidianSource.tokenClose { number = number * 10 + Int(d.value) - 48 }
                if number >= 0, number < source.originals.count { out.appendScalars(source.originals[number].unicodeScalars) }
            }
            return String(out)
        }

        /// A text node split at its tokens. By UTF-8 bytes: a token opens with
        /// U+FDD0 (`EF B7 90`) and closes with U+FDD1 (`EF B7 91`), so the text
        /// between tokens is cut out whole, never rebuilt a scalar at a time.
        func split(_ node: MarkdownNode, into out: inout [MarkdownNode]) {
            let text = node.literal
            let utf8 = text.utf8
            guard Self.tokenStart(in: utf8, from: utf8.startIndex) != nil else {
                out.append(node)
                return
            }
            let scalars = text.unicodeScalars
            // Token boundaries are scalar boundaries, not always Characters' (a
            // combining mark may follow a token): cut by scalars.
            func piece(_ range: Range<String.Index>) -> Substring { Substring(scalars[range]) }
            var plain = ""
            var plainStart = utf8.startIndex
            var searchFrom = utf8.startIndex
            func flush() {
                if !plain.isEmpty { out.append(MarkdownNode(kind: .text, literal: plain, line: node.line)) }
                plain = ""
            }
            while let open = Self.tokenStart(in: utf8, from: searchFrom) {
                var i = utf8.index(open, offsetBy: 3)
                var number = 0
                while i < utf8.endIndex, utf8[i] != 0xEF {
                    number = number * 10 + Int(utf8[i]) - 48
                    i = utf8.index(after: i)
                }
                // After the close (three bytes), or the text's end.
                let after = utf8.index(i, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex
                plain += piece(plainStart..<open)
                plainStart = after
                searchFrom = after
                // An unknown token is dropped, the text around it kept as one.
                guard number >= 0, number < source.tokens.count else { continue }
                flush()
                let made: MarkdownNode
                switch source.tokens[number] {
                case .inlineMath(let tex): made = MarkdownNode(kind: .inlineMath, literal: tex)
                case .displayMath(let tex): made = MarkdownNode(kind: .displayMath, literal: tex)
                case .wikiLink(let inner): made = MarkdownNode(kind: .wikiLink, literal: inner)
                case .embed(let inner): made = MarkdownNode(kind: .embed, literal: inner)
                case .sound(let file): made = MarkdownNode(kind: .embed, literal: file)
                case .footnoteReference(let label): made = MarkdownNode(kind: .footnoteReference, literal: label)
                case .footnoteDefinition(let label): made = MarkdownNode(kind: .footnoteDefinition, literal: label)
                case .highlightOpen: made = MarkdownNode(kind: .highlight, literal: "open")
                case .highlightClose: made = MarkdownNode(kind: .highlight, literal: "close")
                case .strikeOpen: made = MarkdownNode(kind: .strikethrough, literal: "open")
                case .strikeClose: made = MarkdownNode(kind: .strikethrough, literal: "close")
                case .tableCell(let table, let row, let column):
                    made = MarkdownNode(kind: .tableCell, literal: "\(table) \(row) \(column)")
                }
                out.append(made)
            }
            plain += piece(plainStart..<utf8.endIndex)
            flush()
        }

        /// Where the next token opens (U+FDD0's bytes `EF B7 90`) at or after `start`.
        static func tokenStart(in utf8: String.UTF8View, from start: String.Index) -> String.Index? {
            var i = start
            while let lead = utf8[i...].firstIndex(of: 0xEF) {
                let second = utf8.index(after: lead)
                if second < utf8.endIndex, utf8[second] == 0xB7 {
                    let third = utf8.index(after: second)
                    if third < utf8.endIndex, utf8[third] == 0x90 { return lead }
                }
                i = second
            }
            return nil
        }

        /// Highlight and strikethrough marks paired among siblings (`==**a**==`, `~~a ==b== c~~`);
        /// a mark without its pair, or one a pair of the other kind closes over, is its text again.
        func paired(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
            guard nodes.contains(where: Self.isMark) else { return nodes }
            var out: [MarkdownNode] = []
            var open: [Int] = []  // indices in `out` of the marks opened and not yet closed
            for node in nodes {
                guard Self.isMark(node) else {
                    out.append(node)
                    continue
                }
                if node.literal == "open" {
                    if let same = open.last(where: { out[$0].kind == node.kind }) {
                        // A second opener of a kind still open: the first stays text.
                        out[same] = Self.text(of: out[same])
                        open.removeAll { $0 == same }
                    }
                    open.append(out.count)
                    out.append(node)
                    continue
                }
                guard let o = open.last(where: { out[$0].kind == node.kind }), node.kind != .highlight || highlights else {
                    out.append(Self.text(of: node))
                    continue
                }
                // Marks of the other kind opened inside and not closed there are text.
                for inner in open where inner > o { out[inner] = Self.text(of: out[inner]) }
                open.removeAll { $0 >= o }
                let inside = Array(out[(o + 1)...])
                out.removeSubrange(o...)
                out.append(MarkdownNode(kind: node.kind, children: inside))
            }
            for o in open { out[o] = Self.text(of: out[o]) }
            return out
        }

        /// True for a highlight's or a strikethrough's mark not yet paired.
        static func isMark(_ node: MarkdownNode) -> Bool {
            (node.kind == .highlight || node.kind == .strikethrough) && node.children.isEmpty && !node.literal.isEmpty
        }

        /// A mark as the text it was written as.
        static func text(of mark: MarkdownNode) -> MarkdownNode {
            MarkdownNode(kind: .text, literal: mark.kind == .highlight ? "==" : "~~")
        }
    }
}
