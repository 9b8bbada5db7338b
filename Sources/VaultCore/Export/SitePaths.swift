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
    public static func page(ofCategory name: String) -> String { "categories/" + safe(name.lowercased()) + ".html" }

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
    public static func relative(from: String, to: String) -> String {
        let fromParts = from.split(separator: "/").dropLast()
        let toParts = to.split(separator: "/")
        var common = 0
        while common < fromParts.count, common < toParts.count - 1,
            fromParts[fromParts.startIndex + common] == toParts[common]
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        let rest = toParts[common...].map(String.init)
        return (ups + rest).map(percentEncoded).joined(separator: "/")
    }

    /// A path segment with the characters a URL cannot hold as they are percent-encoded.
    static func percentEncoded(_ segment: String) -> String {
        // By bytes, and the segment itself when it needs nothing (most do):
        // a site of 100,000 pages computes a few million of these.
        func unreserved(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }
        guard !segment.utf8.allSatisfy(unreserved) else { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if unreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
