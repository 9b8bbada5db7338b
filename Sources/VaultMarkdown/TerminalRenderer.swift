import Foundation

/// Renders a Markdown tree as text for a terminal: headings, emphasis,
/// lists, quotes, code and links, styled when the style is enabled and
/// readable plain text when it is not; and Obsidian's constructs of an
/// ``ObsidianDocument``: tables drawn with box lines and fitted to the
/// width, callouts as a titled quote, math as its TeX, highlights,
/// footnotes numbered and listed at the end, task boxes, embeds named.
public struct TerminalRenderer: Sendable {
    public let style: ANSIStyle
    /// The columns to wrap text at (by display width, at spaces); nil leaves paragraphs on one line.
    public let width: Int?
    /// The columns a table must fit (its cells wrapped); nil draws it as wide as its cells.
    public let tableWidth: Int?
    /// The footnotes' numbers, by label, in the order of their first reference (set by ``render(_:droppingTitle:)``).
    var footnoteNumbers: [String: Int] = [:]

    public init(style: ANSIStyle, width: Int? = nil, tableWidth: Int? = nil) {
        self.style = style
        self.width = width.map { max(8, $0) }
        self.tableWidth = (tableWidth ?? width).map { max(8, $0) }
    }

    /// The rendered document, blocks separated by blank lines, ending in a newline.
    /// A first heading that says `title` again is left out (a screen shows the title above).
    public func render(_ document: MarkdownNode, droppingTitle title: String? = nil) -> String {
        var children = document.children
        if let title, let first = children.first, first.kind == .heading,
            first.plainText.trimmingCharacters(in: .whitespaces) == title.trimmingCharacters(in: .whitespaces)
        {
            children.removeFirst()
        }
        let footnotes = children.filter { $0.kind == .footnoteDefinition }
        children.removeAll { $0.kind == .footnoteDefinition }
        // Footnotes numbered in the order of their first reference, as on a page
        // (`[^note]` and an inline `^[…]` each get their number).
        let order = Self.footnoteOrder(children)
        let defined = Dictionary(footnotes.map { ($0.literal, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = order.filter { defined[$0] != nil }
        var renderer = self
        for (i, label) in listed.enumerated() { renderer.footnoteNumbers[label] = i + 1 }
        return renderer.render(children, listed: listed, defined: defined)
    }

    private func render(_ children: [MarkdownNode], listed: [String], defined: [String: MarkdownNode]) -> String {
        var blocks = children.map { block($0, indent: "", width: width) }.filter { !$0.isEmpty }
        if !listed.isEmpty {
            var lines: [String] = [style.dim(String(repeating: "─", count: min(20, width ?? 20)))]
            for label in listed {
                let text = defined[label]!.children.map { block($0, indent: "", width: width.map { $0 - 4 }) }.joined(separator: "\n")
                let marker = "[^\(shownLabel(label))] "
                lines.append(contentsOf: text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line in
                    (i == 0 ? style.dim(marker) : String(repeating: " ", count: marker.count)) + line
                })
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
    }

    /// The footnote labels referred to in `nodes`, in the order of their first reference.
    static func footnoteOrder(_ nodes: [MarkdownNode]) -> [String] {
        var order: [String] = []
        var seen = Set<String>()
        func walk(_ node: MarkdownNode) {
            if node.kind == .footnoteReference, seen.insert(node.literal).inserted { order.append(node.literal) }
            for child in node.children { walk(child) }
        }
        nodes.forEach(walk)
        return order
    }

    func block(_ node: MarkdownNode, indent: String, width: Int?) -> String {
        let room = width.map { max(4, $0 - DisplayWidth.of(indent)) }
        switch node.kind {
        case .heading:
            let text = fitted(inline(node.children), room)
            let styled = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                node.headingLevel <= 2 ? style.bold(style.underline(String($0))) : style.bold(String($0))
            }
            return prefixLines(styled.joined(separator: "\n"), with: indent)
        case .paragraph:
            return prefixLines(fitted(inline(node.children), room), with: indent)
        case .blockQuote:
            let inner = node.children.map { block($0, indent: "", width: room.map { $0 - 2 }) }
                .joined(separator: "\n\n")
            return prefixLines(inner, with: indent + style.dim("│ "))
        case .list:
            var number = node.listStart
            let items = node.children.map { item -> String in
                let marker = node.ordered ? "\(number). " : "• "
                number += 1
                let pad = String(repeating: " ", count: marker.count)
                let body = item.children.map { block($0, indent: "", width: room.map { $0 - marker.count }) }
                    .joined(separator: node.tight ? "\n" : "\n\n")
                let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.enumerated().map { i, line in
                    indent + (i == 0 ? style.dim(marker) : pad) + line
                }.joined(separator: "\n")
            }
            return items.joined(separator: node.tight ? "\n" : "\n\n")
        case .codeBlock, .htmlBlock:
            var code = node.literal
            if code.hasSuffix("\n") { code.removeLast() }
            return prefixLines(
                style.cyan(fitted(code, room.map { $0 - 4 })), with: indent + "    ",
                styleEachLine: node.kind == .codeBlock)
        case .thematicBreak:
            return indent + style.dim(String(repeating: "─", count: min(40, room ?? 40)))
        case .table:
            let fit = tableWidth.map { max(8, $0 - DisplayWidth.of(indent)) }
            return prefixLines(TerminalTable(style: style, renderer: self).draw(node, width: fit), with: indent)
        case .callout:
            let title = node.children.first?.kind == .calloutTitle ? inline(node.children[0].children) : ""
            let shown = title.isEmpty ? CalloutIcon.defaultTitle(for: node.literal) : title
            let fold = node.fenceInfo == "-" ? "▸ " : node.fenceInfo == "+" ? "▾ " : ""
            let content = node.children.filter { $0.kind != .calloutTitle }
                .map { block($0, indent: "", width: room.map { $0 - 2 }) }.joined(separator: "\n\n")
            let head = style.bold(fold + Self.calloutSymbol(node.literal) + " " + shown)
            let bar = style.dim("┃ ")
            return prefixLines(content.isEmpty ? head : head + "\n" + content, with: indent + bar)
        case .displayMath:
            let tex = node.literal.trimmingCharacters(in: .newlines)
            return prefixLines(style.cyan(fitted(tex, room.map { $0 - 4 })), with: indent + "    ", styleEachLine: true)
        default:
            return prefixLines(fitted(inline([node]), room), with: indent)
        }
    }

    /// `text` wrapped to `room` columns, or as it is without a width.
    private func fitted(_ text: String, _ room: Int?) -> String {
        guard let room else { return text }
        return TextWrap.wrap(text, width: max(1, room)).joined(separator: "\n")
    }

    func inline(_ nodes: [MarkdownNode]) -> String {
        var out = ""
        for node in nodes {
            switch node.kind {
            case .text: out += node.literal
            case .softBreak: out += " "
            case .lineBreak: out += "\n"
            case .code: out += style.cyan(node.literal)
            case .htmlInline:
                switch InlineHTMLTag.allowed(node.literal)?.description {
                case "<br />"?: out += "\n"
                case .some: break  // a bare tag a page shows (`<kbd>`, `<sup>`…): its text is enough here
                case nil: out += style.dim(node.literal)
                }
            case .emphasis: out += style.italic(inline(node.children))
            case .strong: out += style.bold(inline(node.children))
            case .link:
                let text = inline(node.children)
                out += style.underline(text)
                if !node.url.isEmpty, node.url != text { out += style.dim(" (\(node.url))") }
            case .image:
                out += style.dim("[image: \(inline(node.children))] (\(node.url))")
            case .inlineMath, .displayMath: out += style.cyan(node.literal)
            case .highlight: out += style.highlight(inline(node.children))
            case .strikethrough: out += style.strikethrough(inline(node.children))
            case .wikiLink: out += style.underline(WikiLinkSpan(node.literal, embed: false).shownText)
            case .embed: out += style.dim("[embed: \(WikiLinkSpan(node.literal, embed: true).shownText)]")
            case .footnoteReference: out += style.dim("[^\(shownLabel(node.literal))]")
            case .taskMarker: out += node.literal == " " ? "☐ " : "☑ "
            default: out += inline(node.children)
            }
        }
        return out
    }

    private func prefixLines(_ text: String, with prefix: String, styleEachLine: Bool = false) -> String {
        guard !prefix.isEmpty else { return text }
        if styleEachLine, style.enabled {
            // Re-apply the colour per line so a pager or narrow terminal keeps it.
            return text.replacingOccurrences(of: "\u{1B}[36m", with: "").replacingOccurrences(
                of: "\u{1B}[39m", with: ""
            )
            .split(separator: "\n", omittingEmptySubsequences: false).map { prefix + style.cyan(String($0)) }
            .joined(separator: "\n")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    /// A footnote's label as shown: its number when it is defined, else as written.
    func shownLabel(_ label: String) -> String {
        if let number = footnoteNumbers[label] { return String(number) }
        return label.hasPrefix("\u{2063}") ? String(label.dropFirst()) : label
    }

    /// A callout's symbol in the terminal, by kind.
    static func calloutSymbol(_ type: String) -> String {
        switch CalloutIcon.kind(of: type) {
        case "abstract": return "≡"
        case "info": return "ℹ"
        case "todo": return "○"
        case "tip": return "★"
        case "success": return "✓"
        case "question": return "?"
        case "warning": return "⚠"
        case "failure": return "✗"
        case "danger": return "⚡"
        case "bug": return "✱"
        case "example": return "☰"
        case "quote": return "❝"
        default: return "✎"
        }
    }
}
