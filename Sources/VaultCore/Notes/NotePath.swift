/// Rules about note paths that need no file system.
public enum NotePath {
    /// The file name without folders and without the `.md` extension.
    public static func stem(_ path: String) -> String {
        // The part after the last `/` without splitting the whole path (a link
        // resolver takes the stem of every note); a path ending in `/` keeps
        // the last non-empty part, as splitting gave it.
        let name: Substring
        if let slash = lastSlash(in: path), path.index(after: slash) != path.endIndex {
            name = path[path.index(after: slash)...]
        } else {
            name = path.split(separator: "/").last ?? path[...]
        }
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : String(name)
    }

    /// Where the last `/` character of `path` is: the last `/` byte, found
    /// without reading the characters, unless that `/` shares a character
    /// with a mark after it or a prefix before it (`/́`); then the
    /// characters are searched, as `path.lastIndex(of: "/")` does.
    static func lastSlash(in path: String) -> String.Index? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        if LinkResolver.isASCII(path)
            || (slash.samePosition(in: path) != nil && path.index(after: slash) == path.utf8.index(after: slash))
        {
            return slash
        }
        return path.lastIndex(of: "/")
    }

    /// A file-name-safe slug of a title: lowercase letters, digits and dashes,
    /// at most 60 characters, `note` when nothing is left.
    public static func slug(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in title.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
            if slug.count >= 60 { break }
        }
        return slug.isEmpty ? "note" : slug
    }
}
