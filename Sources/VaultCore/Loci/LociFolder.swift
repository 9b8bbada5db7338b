import Foundation

/// How an itinerary is laid out as plain files, and read back:
///
/// ```
/// loci/Home walk/Home walk.md      the index note: name, cover, description, the walk with links
/// loci/Home walk/cover.png         the itinerary's picture
/// loci/Home walk/01 Front door.md  one note per location (front matter sequence, itinerary, image, id)
/// loci/Home walk/01.png            its picture, named by sequence and by the type its bytes show
/// ```
///
/// docs/FORMAT.md, "Memory palaces", is the contract.
public enum LociFolder {
    /// The index note's front matter marker (`loci: itinerary`) and the location notes' (`loci: location`).
    public static let marker = "loci"
    /// The heading that starts the walk's list in the index note.
    public static let walkHeading = "## Walk"

    /// One file to write, vault-relative to the itinerary's folder.
    public typealias File = VaultFile

    /// The width sequence numbers are padded to in file names (at least 2).
    public static func width(_ itinerary: LociItinerary) -> Int {
        max(2, String(itinerary.locations.map(\.sequence).max() ?? 1).count)
    }

    /// The file name of a location's note.
    public static func noteName(_ location: LociLocation, width: Int) -> String {
        "\(location.sequence.zeroPadded(width)) \(location.name).md"
    }

    /// Every file of `itinerary`'s folder: the index note, the location notes
    /// (each with the id `ids[sequence]`), and the pictures.
    /// - Parameters:
    ///   - ids: the note id of each location by sequence, and of the index (key 0).
    ///   - created: the `created` value of new notes, by sequence (0: the index).
    public static func files(_ itinerary: LociItinerary, ids: [Int: String], created: [Int: String]) -> [File] {
        let width = width(itinerary)
        var files: [File] = []
        let cover = itinerary.image.map { "cover.\($0.kind.fileExtension)" }
        var index = frontMatter(id: ids[0], created: created[0], lines: ["\(marker): itinerary"])
        index += "# \(heading(itinerary.name))\n\n"
        if let cover { index += "![\(linkText(itinerary.name))](<\(cover)>)\n\n" }
        if !itinerary.description.isEmpty { index += itinerary.description + "\n\n" }
        index += walkHeading + "\n\n"
        for location in itinerary.locations {
            index += "\(location.sequence). [\(linkText(location.name))](<\(noteName(location, width: width))>)\n"
        }
        files.append(File(name: "\(itinerary.name).md", bytes: Data(index.utf8)))
        if let cover, let image = itinerary.image { files.append(File(name: cover, bytes: image.bytes)) }
        for location in itinerary.locations {
            let picture = location.image.map { "\(location.sequence.zeroPadded(width)).\($0.kind.fileExtension)" }
            var text = frontMatter(
                id: ids[location.sequence], created: created[location.sequence],
                lines: [
                    "\(marker): location", "itinerary: \(YAMLText.scalar(itinerary.name))",
                    "sequence: \(location.sequence)",
                ] + (picture.map { ["image: \(YAMLText.scalar($0))"] } ?? []))
            text += "# \(heading(location.name))\n\n"
            if let picture { text += "![\(linkText(location.name))](<\(picture)>)\n\n" }
            if !location.description.isEmpty { text += location.description + "\n" }
            files.append(File(name: noteName(location, width: width), bytes: Data(text.utf8)))
            if let picture, let image = location.image { files.append(File(name: picture, bytes: image.bytes)) }
        }
        return files
    }

    static func frontMatter(id: String?, created: String?, lines: [String]) -> String {
        var head = ["---"]
        if let id { head.append("id: \(id)") }
        if let created { head.append("created: \(created)") }
        return (head + lines + ["---", ""]).joined(separator: "\n")
    }

    /// A name as a heading's text: one line, no trailing `#` run that Markdown would drop.
    static func heading(_ name: String) -> String {
        name.replacingOccurrences(of: "\n", with: " ")
    }

    /// A name as a link's text: brackets escaped.
    static func linkText(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }

    // MARK: Reading back

    /// Whether `path` (vault-relative) could be an itinerary's index note: a
    /// `.md` file named as its folder (`loci/Home walk/Home walk.md`). Looked at
    /// for every note by `vault status`, so it allocates nothing.
    public static func isIndexPath(_ path: String) -> Bool {
        // The bytes in place (`vault status` asks this of every note).
        path.utf8.withContiguousStorageIfAvailable(isIndexPath) ?? isIndexPath(Array(path.utf8))
    }

    private static func isIndexPath<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        guard bytes.count > 3, bytes.suffix(3).elementsEqual(".md".utf8),
            let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        else { return false }
        let stem = bytes[(slash + 1)..<(bytes.endIndex - 3)]
        let parent = bytes[..<slash]
        let start = parent.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? bytes.startIndex
        return !stem.isEmpty && parent[start...].elementsEqual(stem)
    }

    /// What a note of an itinerary's folder says: its front matter's plain
    /// `key: value` lines (`loci`, `sequence`, `image`, `itinerary`, quotes
    /// removed), its heading, and the description in its body (the text after
    /// the heading and the picture, before the walk's list in an index note).
    public static func read(note text: String) -> (fields: [String: String], heading: String?, description: String) {
        var lines = text.components(separatedBy: "\n").map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0].removeFirst() }
        var fields: [String: String] = [:]
        if lines.first == "---", let end = lines.dropFirst().firstIndex(where: { $0 == "---" || $0 == "..." }) {
            for line in lines[1..<end] where !line.hasPrefix(" ") && !line.hasPrefix("#") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = String(line[..<colon]).trimmingSpaces()
                fields[key] = ConfigText.unquoted(String(line[line.index(after: colon)...]))
            }
            lines.removeSubrange(0...end)
        }
        var heading: String?
        if let first = lines.firstIndex(where: { !$0.isSpacesAndTabsOnly }),
            lines[first].hasPrefix("# ")
        {
            heading = String(lines[first].dropFirst(2)).trimmingSpaces()
            lines.removeSubrange(0...first)
        }
        // The walk's list is the index note's last part: a `## Walk` line in the description stays.
        if fields[marker] == "itinerary", let walk = lines.lastIndex(of: walkHeading) { lines.removeSubrange(walk...) }
        // The picture line import wrote, and only that: a description may start with an image of its own.
        let picture = fields[marker] == "itinerary" ? nil : fields["image"]
        if let first = lines.firstIndex(where: { !$0.isSpacesAndTabsOnly }),
            lines[first].hasPrefix("!["),
            picture.map({ lines[first].hasSuffix("](<\($0)>)") })
                ?? ["png", "jpg", "gif", "webp"].contains(where: { lines[first].hasSuffix("](<cover.\($0)>)") })
        {
            lines.remove(at: first)
        }
        return (fields, heading, lines.joined(separator: "\n").trimmingSpaceAndNewlineScalars())
    }
}
