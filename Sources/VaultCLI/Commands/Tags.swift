import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault tags`: every tag with its count, nested tags as a tree.
    struct Tags: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "tags", 
            abstract: "List every tag with the number of notes that carry it, nested tags under their parents.",
            discussion: """
                A nested tag (#area/sub) also counts for its parent: the first number is the notes with \
                the tag or one nested under it, the second (in brackets) those with exactly that tag.

                Examples:
                  vault tags
                  vault tags --json
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print JSON: the tree of tags.")
        var json = false

        func run() throws {
            let context = try global.context()
            let tree = VaultTags.load(context.app())
            if json { return try context.output.json(tree.roots.map(TagJSON.init)) }
            let style = context.output.style
            var table = Table()
            for (node, depth) in tree.flattened {
                let own = node.notes != node.total ? style.dim(" (\(node.notes))") : ""
                table.add([String(repeating: "  ", count: depth) + "#" + node.name, "\(node.total)" + own])
            }
            if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
            context.output.line(style.dim(plural(tree.roots.count, "tag")))
        }
    }
}

/// One tag in `vault tags --json`.
struct TagJSON: Encodable {
    var tag: String
    var name: String
    /// Notes with this tag or one nested under it.
    var total: Int
    /// Notes with exactly this tag.
    var notes: Int
    var children: [TagJSON]

    init(_ node: TagTree.Node) {
        tag = node.tag
        name = node.name
        total = node.total
        notes = node.notes
        children = node.children.map(TagJSON.init)
    }
}
