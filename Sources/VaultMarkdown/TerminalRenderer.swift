import Foundation

/// Renders a Markdown tree as text for a terminal: headings, emphasis,
/// lists, quotes, code and links, styled when the style is enabled and
/// readable plain text when it is not.
public struct TerminalRenderer: Sendable {
    public let style: ANSIStyle
    /// The columns to wrap text at (by display width, at spaces); nil leaves paragraphs on one line.
    public let width: Int?

    public init(style: ANSIStyle, width: Int? = nil) {
        self.style = style
        self.width = width.map { max(8, $0) }
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
        let blocks = children.map { block($0, indent: "", width: width) }.filter { !$0.isEmpty }
        return blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
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
            case .htmlInline: out += style.dim(node.literal)
            case .emphasis: out += style.italic(inline(node.children))
            case .strong: out += style.bold(inline(node.children))
            case .link:
                let text = inline(node.children)
                out += style.underline(text)
                if !node.url.isEmpty, node.url != text { out += style.dim(" (\(node.url))") }
            case .image:
                out += style.dim("[image: \(inline(node.children))] (\(node.url))")
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
}
