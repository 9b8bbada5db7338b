/// Where the static site (`vault export html`) puts each page, and the
/// relative links between them, so the site works from `file://` and from
/// any web server: a note `2026/11/x.md` is `2026/11/x.html`, a tag
/// `tags/leadership/1-on-1.html`, a category `categories/health.html`.
public enum SitePaths {
    /// The page of the note at `path`.
    public static func page(ofNote path: String) -> String {
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        guard let slash = stem.lastIndex(of: "/") else { return fitted(stem) + ".html" }
        return String(stem[...slash]) + fitted(String(stem[stem.index(after: slash)...])) + ".html"
    }

    /// The page of a tag (nested tags in folders, at most
    /// ``TagTree/maxDepth`` of them, as `vault tags` shows them).
    public static func page(ofTag tag: String) -> String {
        "tags/" + TagTree.levels(tag).map { fitted(safe($0)) }.joined(separator: "/") + ".html"
    }

    /// Bytes of a page's file name before `.html`: file systems allow 255.
    static let nameBytes = 200

    /// `name` when it is at most ``nameBytes`` long; else its start, cut at
    /// a character, and a hash of the whole, so that two long names stay two pages.
    static func fitted(_ name: String) -> String {
        guard name.utf8.count > nameBytes else { return name }
        var start = ""
        for character in name {
            if start.utf8.count + character.utf8.count > nameBytes - 17 { break }
            start.append(character)
        }
        return start + "-" + String(StableHash.fnv1a(name), radix: 16).leftPadded(16)
    }

    /// The page of a category.
    public static func page(ofCategory name: String) -> String { "categories/" + fitted(safe(name.lowercased())) + ".html" }

    /// A file name made of letters, digits, `-`, `_` and `.`; everything else `-`.
    static func safe(_ name: String) -> String {
        let plain = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }
        if plain, !name.isEmpty { return name }  // most tags and categories: no Character to look at
        let mapped = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        let trimmed = mapped.hasPrefix(".") ? "_" + mapped.dropFirst() : mapped
        return trimmed.isEmpty ? "_" : trimmed
    }

    /// The link from the page at `from` to the file at `to` (both site-relative).
    ///
    /// By UTF-8 bytes, into one buffer: every page asks this of every link it
    /// holds (a few million times for a site of 100,000 pages). Folders are
    /// split at each `/` byte and compared byte for byte, as the file system
    /// names them (a `/` before a combining mark still separates two folders;
    /// two spellings of `é` are two folders).
    public static func relative(from: String, to: String) -> String {
        let slash = UInt8(ascii: "/")
        let fromParts = from.utf8.split(separator: slash).dropLast()
        let toParts = to.utf8.split(separator: slash)
        var common = 0
        while common < fromParts.count, common < toParts.count - 1,
            fromParts[fromParts.startIndex + common].elementsEqual(toParts[common])
        {
            common += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(to.utf8.count + 3 * (fromParts.count - common))
        for _ in 0..<(fromParts.count - common) {
            if !out.isEmpty { out.append(slash) }
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "."))
        }
        for part in toParts[common...] {
            if !out.isEmpty { out.append(slash) }
            appendPercentEncoded(part, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A byte a URL's path segment holds as it is.
    static func unreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Appends a path segment's bytes, those a URL cannot hold as they are percent-encoded.
    static func appendPercentEncoded(_ segment: some Collection<UInt8>, to out: inout [UInt8]) {
        let hex: StaticString = "0123456789ABCDEF"
        for byte in segment {
            if unreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
