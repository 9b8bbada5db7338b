import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault remind`: a desktop notification when something is due, outside quiet hours.
    struct Remind: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remind", 
            abstract: "Notify when reviews, cards or session reviews are due (outside quiet hours).",
            discussion: """
                Made to run every few minutes from a timer: it prints what is due and, outside the quiet \
                hours (remind: in .vault/config.yml; default 23:00-09:00), not on days off and not sooner \
                than min_interval minutes (default 30) after the last one, raises a notification with \
                notify-send. Otherwise it says why not, and exits 0. --install prints a systemd user timer \
                (or --cron a crontab line) that runs it every 10 minutes; --write installs the units.

                The batch is planned as vault study --limit N plans it (study: settings, held cards and \
                suspended leeches left out); once the day's study limit is reached the reminder says so \
                instead of offering cards, and raises nothing when only cards wait.

                The notification offers Study now, Snooze 1 h and Skip; a reminder no action answered \
                stays pending for 24 hours (vault status shows it first). --answer records an action \
                by hand, for the latest pending reminder or the one --reminder names.

                Examples:
                  vault remind --dry-run
                  vault remind --install --write
                  vault remind --install --cron
                  vault remind --answer snooze
                """)

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Say what would be raised; raise nothing, record nothing.") var dryRun = false
        @Flag(help: "Ignore quiet hours, days off and the minimum interval.") var force = false
        @Flag(help: "Print the systemd user units (or the crontab line) that run vault remind every 10 minutes.")
        var install = false
        @Flag(help: "With --install: a systemd user service and timer (the default).") var systemd = false
        @Flag(help: "With --install: a crontab line instead.") var cron = false
        @Flag(help: "With --install: write the units into ~/.config/systemd/user/.") var write = false
        @Flag(help: "Remove the units --install --write wrote.") var uninstall = false
        @Option(help: "Answer a pending reminder: study, snooze (1 hour) or skip.") var answer: String?
        @Option(help: "With --answer: the reminder's id (default: the latest pending one).") var reminder: String?

        func validate() throws {
            if reminder != nil, answer == nil { throw ValidationError("--reminder goes with --answer.") }
            if answer != nil, install || uninstall || dryRun || force {
                throw ValidationError("--answer cannot be combined with --install, --uninstall, --dry-run or --force.")
            }
            if (systemd || cron || write) && !install {
                throw ValidationError("--systemd, --cron and --write go with --install.")
            }
            if systemd && cron { throw ValidationError("give --systemd or --cron, not both.") }
            if cron && write {
                throw ValidationError(
                    "--write installs systemd units; for cron, add the printed line with `crontab -e`.")
            }
        }

        func run() throws {
            let context = try global.context()
            if let answer {
                let answered = try Reminding.answer(context.app(), answer, reminder: reminder)
                switch answered.answer {
                case .snooze(let until)?:
                    context.output.line("Snoozed '\(answered.title)' until \(SessionText.clock(until, context.timeZone)).")
                case .skip?: context.output.line("Skipped '\(answered.title)'.")
                default: context.output.line("Answered '\(answered.title)': study now.")
                }
                return
            }
            let units = context.app().reminderTimer
            if uninstall {
                let removed = try units.uninstall()
                if removed.isEmpty {
                    context.output.line("No vault reminder units were installed for this vault.")
                } else {
                    context.output.line("Removed \(removed.joined(separator: ", ")).")
                    context.output.line(
                        "Run: systemctl --user stop \(units.name).timer; systemctl --user daemon-reload")
                }
                return
            }
            if install {
                if cron {
                    context.output.line(try units.crontabLine)
                } else if write {
                    let written = try units.install()
                    context.output.line("Wrote \(written.joined(separator: " and ")).")
                    context.output.line(
                        "Run: systemctl --user daemon-reload && systemctl --user enable --now \(units.name).timer")
                } else {
                    context.output.write(
                        "# ~/.config/systemd/user/\(units.name).service\n\(try units.service)\n# ~/.config/systemd/user/\(units.name).timer\n\(units.timer)"
                    )
                }
                return
            }
            let outcome = try Reminding.run(context.app(), force: force, dryRun: dryRun)
            let reminding = outcome.reminding
            switch reminding.plan {
            case .nothingDue:
                context.output.line("Nothing is due; no reminder.")
            case .quietHours(let until):
                context.output.line("Quiet hours until \(until); no reminder." + summary(reminding.work))
            case .outsideHour(let hour):
                context.output.line(
                    "Reminders come in the hour from \(hour) (remind.at); no reminder now." + summary(reminding.work))
            case .dayOff(let day):
                context.output.line("\(day.capitalized) is a day off; no reminder." + summary(reminding.work))
            case .tooSoon(let next) where next == outcome.snoozedUntil:
                context.output.line(
                    "Snoozed until \(SessionText.clock(next, context.timeZone)); no reminder." + summary(reminding.work))
            case .tooSoon(let next):
                context.output.line(
                    "The last reminder was less than \(context.config.remind.minimumInterval) minutes ago; the next one from \(SessionText.clock(next, context.timeZone))."
                        + summary(reminding.work))
            case .dailyLimitReached(0, _):
                context.output.line(
                    "Today is a day off from study (study.limits_by_day); no reminder." + summary(reminding.work))
            case .dailyLimitReached(let limit, let answered):
                context.output.line(
                    "The daily limit of \(limit) is reached (\(answered) answered today); no reminder."
                        + summary(reminding.work))
            case .remind(let title, let body, _):
                context.output.line(title)
                context.output.line(body)
                guard let raised = outcome.raised else {
                    context.output.line("(dry run: nothing raised)")
                    return
                }
                context.output.line(
                    raised ?? "(no desktop notifier: notify-send or a session bus is missing; printed only)")
            }
        }

        /// What is waiting, after a space, when the vault was counted (a dry run); empty otherwise.
        func summary(_ work: DueWork?) -> String {
            guard let work, !work.isEmpty else { return "" }
            return
                " Due: \(work.cardsToStudy) cards, \(work.notesToCurate) notes, \(work.sessionReviews) session reviews"
                    + (work.locationsDue > 0 ? ", \(work.locationsDue) locations." : ".")
        }
    }
}
