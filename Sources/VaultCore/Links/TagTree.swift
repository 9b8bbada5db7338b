/// Every tag in the vault with its count, nested tags (`area/sub`) under
/// their parents, as Obsidian's tag pane shows them.
public struct TagTree: Sendable, Equatable {
    /// One tag.
    public struct Node: Sendable, Equatable {
        /// The last part of the tag (`sub` of `area/sub`).
        public var name: String
        /// The whole tag, as first spelled (`area/sub`).
        public var tag: String
        /// Notes tagged with exactly this tag.
        public var notes: Int
        /// Notes tagged with it or with a tag nested under it.
        public var total: Int
        /// Nested tags, by name.
        public var children: [Node]
    }

    /// The top-level tags, by name (case-insensitive).
    public let roots: [Node]

    /// Nesting deeper than this is kept in the tag's name at the last level (the tree is built by recursion).
    public static let maxDepth = 32

    /// The tags of `notes` (each note's tags, compared case-insensitively).
    public init(notes: [NoteSummary]) {
        // The first spelling of each tag path, and the notes under each path.
        var spelling: [String: String] = [:]
        var exact: [String: Int] = [:]
        var total: [String: Int] = [:]
        for note in notes {
            var seen = Set<String>()
            for tag in note.tags {
                let key = Tag.key(tag)
                guard !key.isEmpty else { continue }
                exact[key, default: 0] += 1
                let parts = Self.levels(key)
                let spelled = Self.levels(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag)
                for depth in 1...max(1, parts.count) {
                    let prefix = parts.prefix(depth).joined(separator: "/")
                    if spelling[prefix] == nil { spelling[prefix] = spelled.prefix(depth).joined(separator: "/") }
                    if seen.insert(prefix).inserted { total[prefix, default: 0] += 1 }
                }
            }
        }
        var children: [String: [String]] = [:]
        for key in total.keys {
            let parts = Self.levels(key)
            children[parts.dropLast().joined(separator: "/"), default: []].append(key)
        }
        func nodes(under parent: String) -> [Node] {
            (children[parent] ?? []).sorted().map { key in
                let tag = spelling[key] ?? key
                return Node(
                    name: Self.levels(tag).last ?? tag, tag: tag, notes: exact[key] ?? 0, total: total[key] ?? 0,
                    children: nodes(under: key))
            }
        }
        roots = nodes(under: "")
    }

    /// The levels of a tag path, at most ``maxDepth`` (the rest stays in the last one).
    static func levels(_ tag: String) -> [String] {
        let parts = tag.split(separator: "/", maxSplits: maxDepth - 1, omittingEmptySubsequences: true)
        return parts.map(String.init)
    }

    /// Every node, depth first, with its depth (0 for top-level tags).
    public var flattened: [(node: Node, depth: Int)] {
        var out: [(Node, Int)] = []
        func walk(_ nodes: [Node], _ depth: Int) {
            for node in nodes {
                out.append((node, depth))
                walk(node.children, depth + 1)
            }
        }
        walk(roots, 0)
        return out
    }
}
