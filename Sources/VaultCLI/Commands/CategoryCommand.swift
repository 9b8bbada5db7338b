import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault category list|add|rename|color|rm`.
    struct CategoryCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "category", abstract: "List and change the vault's categories.",
            discussion: """
                Examples:
                  vault category
                  vault category add Cooking --color '#ff8800'
                  vault category rename Mindset Psychology --dry-run
                """,
            subcommands: [ListCategories.self, Add.self, Rename.self, RecolorCategory.self, Delete.self],
            defaultSubcommand: ListCategories.self)

        struct ListCategories: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List categories alphabetically with their colour and note count.")

            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let categories = ConfigNames(context.app(), .category).list()
                if json {
                    struct Row: Encodable { var name: String; var color: String; var notes: Int }
                    try context.output.json(categories.map { Row(name: $0.name, color: $0.color ?? "", notes: $0.uses) })
                    return
                }
                let style = context.output.style
                var table = Table()
                for category in categories {
                    let color = category.color ?? ""
                    table.add([
                        style.color("■", hex: color) + " " + category.name, style.dim(color), plural(category.uses, "note"),
                    ])
                }
                context.output.line(table.render(width: context.output.width))
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a category.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The category's name.") var name: String
            @Option(help: "Its colour as #rrggbb.") var color = "#888888"

            func validate() throws {
                try ColorArgument.validate(color, option: true)
                guard !name.trimmingSpaces().isEmpty else { throw ValidationError("the category name is empty.") }
            }

            func run() throws {
                let context = try global.context()
                try ConfigEditRun(context: context).save(
                    ConfigNames(context.app(), .category).adding(name, color: color),
                    done: "Added category \(name) (\(color.lowercased())).")
            }
        }

        struct Rename: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rename", 
                abstract: "Rename a category and rewrite the notes that use it.",
                discussion: "Renaming to an existing category merges the two.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The current name.", completion: Completions.categories) var old: String
            @Argument(help: "The new name.") var new: String
            @Flag(help: "Show what would change, change nothing.") var dryRun = false

            func run() throws {
                let context = try global.context()
                let edit = try ConfigNames(context.app(), .category).renaming(old, to: new)
                try ConfigEditRun(context: context, dryRun: dryRun).rewrite(edit)
            }
        }

        struct Delete: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "rm", abstract: "Remove a category; its notes become uncategorised.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The category.", completion: Completions.categories) var name: String
            @Flag(help: "Show what would change, change nothing.") var dryRun = false

            func run() throws {
                let context = try global.context()
                let edit = try ConfigNames(context.app(), .category).removing(name)
                try ConfigEditRun(context: context, dryRun: dryRun).rewrite(edit)
            }
        }
    }
}
