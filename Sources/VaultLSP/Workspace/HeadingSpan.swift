/// An ATX heading of a note's body (`## Title`), with its place.
public struct HeadingSpan: Hashable, Sendable {
    public var level: Int
    /// The heading's text, without the `#`s and a closing run of them.
    public var title: String
    public var line: Int
    /// The heading's text on its line.
    public var titleRange: Range

    /// The headings of `text`'s body, in order (none inside fenced code or the front matter).
    public static func all(in text: DocumentText) -> [HeadingSpan] {
        var out: [HeadingSpan] = []
        for index in text.bodyStart..<text.lines.count where !text.inCode[index] {
            let line = text.lines[index]
            let indent = line.prefix { $0 == " " }
            guard indent.count < 4 else { continue }
            let rest = line.dropFirst(indent.count)
            let hashes = rest.prefix { $0 == "#" }
            guard (1...6).contains(hashes.count) else { continue }
            let after = rest.dropFirst(hashes.count)
            guard after.isEmpty || after.first == " " || after.first == "\t" else { continue }
            var title = after.drop { $0 == " " || $0 == "\t" }
            while title.last == " " || title.last == "\t" { title = title.dropLast() }
            let closing = title.reversed().prefix { $0 == "#" }.count
            if closing > 0, closing == title.count || title.dropLast(closing).last == " " {
                title = title.dropLast(closing)
                while title.last == " " { title = title.dropLast() }
            }
            let start = DocumentText.columns(line[..<title.startIndex])
            out.append(
                HeadingSpan(
                    level: hashes.count, title: String(title), line: index,
                    titleRange: Range(line: index, from: start, to: start + DocumentText.columns(title))))
        }
        return out
    }

    /// The heading a link's `#heading` part names (the last part of
    /// `A#B`, compared without case), as Obsidian finds it.
    public static func named(_ heading: String, in text: DocumentText) -> HeadingSpan? {
        let wanted = (heading.split(separator: "#").last.map(String.init) ?? heading).trimmingSpacesLowercased()
        return all(in: text).first { $0.title.trimmingSpacesLowercased() == wanted }
    }
}

extension String {
    func trimmingSpacesLowercased() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s.lowercased()
    }
}
