/// Rules about note paths that need no file system.
public enum NotePath {
    /// The file name without folders and without the `.md` extension.
    public static func stem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
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
