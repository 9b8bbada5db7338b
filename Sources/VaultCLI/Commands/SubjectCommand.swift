import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault subject`: the subjects study sessions are about.
    struct SubjectCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "subject", abstract: "List and change the subjects of study sessions.",
            discussion: """
                Subjects live in .vault/config.yml under subjects: (name, category, colour); edits change \
                only their own lines. A rename also renames the subject of recorded sessions and goals.

                Examples:
                  vault subject add Chemistry --category Learning --color '#10b981'
                  vault subject list
                  vault subject rename Chemistry "Organic Chemistry"
                """,
            subcommands: [ListSubjects.self, Add.self, Rename.self, RecolorSubject.self, Delete.self],
            defaultSubcommand: ListSubjects.self)

        struct ListSubjects: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "List subjects with their category, colour and hours studied.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let subjects = ConfigNames(context.app(), .subject).list()
                if json {
                    struct SubjectJSON: Encodable {
                        var name: String
                        var category: String?
                        var color: String
                        var minutes: Int
                    }
                    try context.output.json(
                        subjects.map {
                            SubjectJSON(name: $0.name, category: $0.category, color: $0.color ?? "", minutes: $0.uses)
                        })
                    return
                }
                let style = context.output.style
                guard !subjects.isEmpty else {
                    context.output.line("No subjects yet; `vault subject add NAME` adds one.")
                    return
                }
                var table = Table()
                for subject in subjects {
                    table.add([
                        style.color("■ " + subject.name, hex: subject.color ?? ""), subject.category ?? "",
                        SessionText.duration(subject.uses),
                    ])
                }
                context.output.line(table.render(width: context.output.width))
            }
        }

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a subject.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The subject's name.") var name: String
            @Option(help: "A category of the vault.", completion: Completions.categories) var category: String?
            @Option(help: "Its colour as #rrggbb.") var color = "#888888"

            func validate() throws {
                try ColorArgument.validate(color, option: true)
                guard !name.trimmingSpaces().isEmpty else { throw ValidationError("the subject name is empty.") }
            }

            func run() throws {
                let context = try global.context()
                try ConfigEditRun(context: context).save(
                    ConfigNames(context.app(), .subject).adding(name, color: color, category: category),
                    done: "Added subject \(name.trimmingSpaces()).")
            }
        }

        struct Rename: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rename", 
                abstract: "Rename a subject; recorded sessions and goals follow.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The current name.", completion: Completions.subjects) var old: String
            @Argument(help: "The new name.") var new: String

            func run() throws {
                let context = try global.context()
                let edit = try ConfigNames(context.app(), .subject).renaming(old, to: new)
                try ConfigEditRun(context: context).save(
                    edit, done: "Renamed \(edit.event?.from ?? old) to \(edit.name).")
            }
        }

        struct Delete: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "rm", abstract: "Remove a subject; recorded sessions keep its name.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The subject.", completion: Completions.subjects) var name: String

            func run() throws {
                let context = try global.context()
                let subjects = ConfigNames(context.app(), .subject)
                let edit = try subjects.removing(name)
                let removed = edit.name
                let (sessions, goals) = subjects.records(naming: removed)
                try ConfigEditRun(context: context).save(edit, done: "Removed subject \(removed).")
                if sessions + goals > 0 {
                    context.output.line(
                        "\(plural(sessions, "session")) and \(plural(goals, "goal")) keep the name \(removed) in the ledger; they still count in reports, and `vault subject add \"\(removed)\"` brings the subject back."
                    )
                }
            }
        }
    }
}
