import Foundation

/// Renders a Markdown tree as text for a terminal: headings, emphasis,
/// lists, quotes, code and links, styled when the style is enabled and
/// readable plain text when it is not.
public struct TerminalRenderer: Sendable {
    public let style: ANSIStyle

    public init(style: ANSIStyle) { self.style = style }

    /// The rendered document, blocks separated by blank lines, ending in a newline.
    public func render(_ document: MarkdownNode) -> String {
        let blocks = document.children.map { block($0, indent: "") }.filter { !$0.isEmpty }
        return blocks.isEmpty ? "" : blocks.joined(separator: "\n\n") + "\n"
    }

    func block(_ node: MarkdownNode, indent: String) -> String {
        switch node.kind {
        case .heading:
            let text = inline(node.children)
            return indent + (node.headingLevel <= 2 ? style.bold(style.underline(text)) : style.bold(text))
        case .paragraph:
            return prefixLines(inline(node.children), with: indent)
        case .blockQuote:
            let inner = node.children.map { block($0, indent: "") }.joined(separator: "\n\n")
            return prefixLines(inner, with: indent + style.dim("│ "))
        case .list:
            var number = node.listStart
            let items = node.children.map { item -> String in
                let marker = node.ordered ? "\(number). " : "• "
                number += 1
                let pad = String(repeating: " ", count: marker.count)
                let body = item.children.map { block($0, indent: "") }.joined(separator: node.tight ? "\n" : "\n\n")
                let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.enumerated().map { i, line in
                    indent + (i == 0 ? style.dim(marker) : pad) + line
                }.joined(separator: "\n")
            }
            return items.joined(separator: node.tight ? "\n" : "\n\n")
        case .codeBlock, .htmlBlock:
            var code = node.literal
            if code.hasSuffix("\n") { code.removeLast() }
            return prefixLines(style.cyan(code), with: indent + "    ", styleEachLine: node.kind == .codeBlock)
        case .thematicBreak:
            return indent + style.dim(String(repeating: "─", count: 40))
        default:
            return prefixLines(inline([node]), with: indent)
        }
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
