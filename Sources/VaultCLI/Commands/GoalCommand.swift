import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault goal`: hours of study by a day, with the pace to make it.
    struct GoalCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "goal", abstract: "Set study goals (hours of a subject by a day) and see their pace.",
            discussion: """
                A goal counts the sessions of its subject (or of every subject with --all) from when it is \
                set to the end of its last day. It is on track while the hours done are at least its share \
                of each whole day gone since the day it was set (so it is on track on that day), behind \
                otherwise.

                Examples:
                  vault goal add Chemistry --hours 30 --by 2026-12-31
                  vault goal add --all --hours 100 --by 2027-03-31
                  vault goal list
                """,
            subcommands: [Add.self, ListGoals.self, Remove.self], defaultSubcommand: ListGoals.self)

        struct Add: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "add", abstract: "Set a goal.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The subject (or --all).", completion: Completions.subjects) var subject: String?
            @Flag(help: "Count every subject.") var all = false
            @Option(parsing: .unconditional, help: "Hours of study.") var hours: Double
            @Option(help: "The last day that counts (YYYY-MM-DD).") var by: String

            func validate() throws {
                if all == (subject != nil) { throw ValidationError("give a SUBJECT or --all (one of them).") }
            }

            func run() throws {
                let context = try global.context()
                let goal = try StudyTracking(context.app()).addGoal(all ? nil : subject, hours: hours, by: by)
                context.output.line(
                    "Goal \(goal.id.prefix(8)): \(GoalSet.hoursText(goal.hours)) h of \(goal.subject ?? "every subject") by \(by).")
            }
        }

        struct ListGoals: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "list", abstract: "Goals with hours done and left, days left and the pace needed.")
            @OptionGroup var global: GlobalOptions
            @Flag(help: "Print JSON.") var json = false

            func run() throws {
                let context = try global.context()
                let goals = StudyTracking(context.app()).goals()
                if json {
                    try context.output.json(goals.map { GoalJSON($0, timeZone: context.timeZone) })
                    return
                }
                guard !goals.isEmpty else {
                    context.output.line("No goals; `vault goal add SUBJECT --hours 30 --by 2026-12-31` sets one.")
                    return
                }
                let style = context.output.style
                // Figures are never cut; narrow, LEFT, DAYS LEFT and BY (each told by another column) are left out.
                var table = Table(flexible: [1], droppable: [3, 5, 4])
                table.add(["ID", "SUBJECT", "DONE", "LEFT", "BY", "DAYS LEFT", "PER DAY", "STANDING"].map(style.dim))
                for p in goals {
                    let standing = p.standing == .behind || p.standing == .missed || p.standing == .unreachable
                        ? style.red(p.standing.rawValue) : style.green(p.standing.rawValue)
                    table.add([
                        String(p.goal.id.prefix(8)), p.goal.subject ?? "all",
                        "\(SessionText.hours(p.hoursDone)) of \(SessionText.hours(p.goal.hours)) h (\(p.percent)%)",
                        "\(SessionText.hours(p.hoursLeft)) h", VaultDate.dayString(dayNumber: p.goal.lastDay),
                        String(p.daysLeft), p.hoursPerDayNeeded.map { "\(SessionText.hours($0)) h" } ?? "", standing,
                    ])
                }
                context.output.line(table.render(width: context.output.width))
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "rm", abstract: "Withdraw a goal.")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The goal's id or an id prefix (4 or more characters).") var id: String

            func run() throws {
                let context = try global.context()
                let goal = try StudyTracking(context.app()).removeGoal(id)
                context.output.line("Withdrew goal \(goal.id.prefix(8)) (\(goal.subject ?? "every subject")).")
            }
        }
    }
}
