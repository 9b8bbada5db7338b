/// Rules for tags: how they are compared and merged.
public enum Tag {
    /// The comparison key of a tag: without a leading `#`, lowercased.
    public static func key(_ tag: String) -> String {
        (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
    }

    /// Front matter tags then inline tags, without `#`, keeping the first
    /// spelling of each tag and dropping later case-insensitive repeats.
    public static func merge(_ lists: [String]...) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for list in lists {
            for raw in list {
                let tag = raw.hasPrefix("#") ? String(raw.dropFirst()) : raw
                guard !tag.isEmpty, seen.insert(tag.lowercased()).inserted else { continue }
                result.append(tag)
            }
        }
        return result
    }

    /// True when `tag` names one of `tags` (case-insensitive; `area` also matches `area/sub`).
    public static func matches(_ tag: String, in tags: [String]) -> Bool {
        let wanted = key(tag)
        return tags.contains {
            let key = key($0)
            return key == wanted || key.hasPrefix(wanted + "/")
        }
    }
}
