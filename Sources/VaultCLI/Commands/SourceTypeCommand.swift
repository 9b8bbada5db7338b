import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault source-type list|add|rm`.
    struct SourceTypeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "source-type", abstract: "List and change the vault's source types.",
            discussion: """
                Examples:
                  vault source-type
                  vault source-type add course
                """,
            subcommands: [ListTypes.self, Add.self, Delete.self], defaultSubcommand: ListTypes.self)

        struct ListTypes: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List source types with note counts.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let types = ConfigNames(context.app(), .sourceType).list()
                if json {
                    struct Row: Encodable { var name: String; var notes: Int }
                    try context.output.json(types.map { Row(name: $0.name, notes: $0.uses) })
                    return
                }
                var table = Table()
                for type in types { table.add([type.name, plural(type.uses, "note")]) }
                context.output.line(table.render(width: context.output.width))
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a custom source type.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The type's name, e.g. course.") var name: String

            func validate() throws {
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                    throw ValidationError("'\(name)' is not a source type name; use letters, digits, - and _.")
                }
            }

            func run() throws {
                let context = try global.context()
                try ConfigEditRun(context: context).save(
                    ConfigNames(context.app(), .sourceType).adding(name, color: ""), done: "Added source type \(name.lowercased()).")
            }
        }

        struct Delete: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "rm", abstract: "Remove a source type; notes of that type lose their source_type line.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The source type.", completion: Completions.sourceTypes) var name: String
            @Flag(help: "Show what would change, change nothing.") var dryRun = false

            func run() throws {
                let context = try global.context()
                let edit = try ConfigNames(context.app(), .sourceType).removing(name)
                try ConfigEditRun(context: context, dryRun: dryRun).rewrite(edit)
            }
        }
    }
}
