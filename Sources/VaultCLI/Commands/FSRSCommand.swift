import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultWiring

extension VaultCommand {
    /// `vault fsrs optimize|evaluate`: FSRS weights fitted to the learner's own answers.
    struct FSRSCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fsrs",
            abstract: "Fit the FSRS weights to your own answers (as Anki's Optimize), or measure them.",
            discussion: """
                Examples:
                  vault fsrs optimize
                  vault fsrs optimize exam/ --dry-run
                  vault fsrs evaluate --revlog revlog.csv --timezone Europe/Berlin
                """,
            subcommands: [Optimize.self, Evaluate.self])
    }
}

/// The options `optimize` and `evaluate` share.
struct FSRSLogOptions: ParsableArguments {
    @Argument(help: "A folder with its own FSRS settings under schedulers.folders (default: the vault's weights).")
    var folder: String?

    @Flag(help: "Print JSON.") var json = false

    @Option(
        help: ArgumentHelp(
            "Fit a review log in the FSRS optimizer CSV instead of the ledger (works outside a vault).",
            valueName: "FILE.csv"))
    var revlog: String?

    @Option(help: "The revlog's time zone, for the day boundary (default: the vault's, else this machine's).")
    var timezone: String?

    @Option(help: "The hour a new day starts at, for whole days between answers (as Anki).")
    var dayStartsAt = 4

    func validate() throws {
        guard (0...23).contains(dayStartsAt) else { throw ValidationError("--day-starts-at must be an hour, 0 to 23.") }
        if let timezone, TimeZone(identifier: timezone) == nil {
            throw ValidationError("--timezone '\(timezone)' is not a time zone name such as Europe/Berlin or UTC.")
        }
        if revlog == nil, timezone != nil || dayStartsAt != 4 {
            throw ValidationError("--timezone and --day-starts-at go with --revlog (the ledger uses the vault's time zone).")
        }
    }

    /// The review log named by `--revlog`, as the use case reads it.
    var revlogFile: FSRSOptimizing.RevlogFile? {
        revlog.map {
            FSRSOptimizing.RevlogFile(
                path: $0, timeZone: timezone.flatMap(TimeZone.init(identifier:)), dayStartsAt: dayStartsAt)
        }
    }

    /// The vault a `--revlog` is fitted in, when there is one (it works outside a vault too).
    static func optionalContext(_ global: GlobalOptions) -> CommandContext? { try? global.context() }

    /// Files the person names: the vault's port, else one made outside a vault.
    static func files(_ context: CommandContext?) -> any NamedFiles {
        context?.app().namedFiles ?? CompositionRoot.namedFiles()
    }

    /// Runs `fromRevlog` on the `--revlog` file (in the vault, when there is one) or
    /// `fromLedger` in the vault; returns the vault's context (for its output) and the result.
    func run<Result>(
        _ global: GlobalOptions,
        fromRevlog: (FSRSOptimizing.RevlogFile, _ vault: AppContext?, _ files: any NamedFiles) throws -> Result,
        fromLedger: (AppContext) throws -> Result
    ) throws -> (context: CommandContext?, result: Result) {
        if let file = revlogFile {
            let context = Self.optionalContext(global)
            return (context, try fromRevlog(file, context?.app(), Self.files(context)))
        }
        let vault = try global.context()
        return (vault, try fromLedger(vault.app()))
    }
}

extension VaultCommand.FSRSCommand {
    struct Optimize: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "optimize",
            abstract: "Fit the FSRS weights to the ledger's answers and write them into .vault/config.yml.",
            discussion: """
                Follows fsrs-rs (Anki's optimizer): the answers become training items as Anki builds them, \
                outliers among first reviews are left out, w0-w3 are fitted to the first reviews, then all \
                21 weights by gradient descent with a fixed seed. The fitted weights are written only when \
                they predict better (lower log loss) than the current ones; schedules follow at once. \
                Below 8 predictable reviews the weights are kept; below 64 only w0-w3 are fitted.

                Examples:
                  vault fsrs optimize
                  vault fsrs optimize exam/ --dry-run
                  vault fsrs optimize --revlog revlog.csv --timezone Europe/Berlin --json
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: FSRSLogOptions

        @Flag(help: "Fit and print, but write nothing.") var dryRun = false

        func run() throws {
            let (context, optimization) = try options.run(
                global,
                fromRevlog: {
                    try FSRSOptimizing.optimize(
                        revlog: $0, folder: options.folder, vault: $1, files: $2,
                        localTimeZone: TimeZone.current, dryRun: dryRun)
                },
                fromLedger: { try FSRSOptimizing.optimize($0, folder: options.folder, dryRun: dryRun) })
            let report = optimization.report
            let output = context?.output ?? Output.standard
            if options.json {
                try output.json(FSRSReportJSON(report, written: optimization.saving == .written), snakeCaseKeys: true)
                return
            }
            output.line(FSRSReportText.text(report, style: output.style))
            if let message = report.thresholdMessage { output.line(message) }
            switch optimization.saving {
            case .written: output.line("Written to .vault/config.yml; the schedules follow them at once.")
            case .notBetter:
                output.line("The fitted weights predict no better than the current ones; the current weights are kept.")
            case .dryRun: output.line("Not written (--dry-run).")
            case .noVault:
                output.line("Not written: not in a vault (add `parameters:` under schedulers.fsrs in .vault/config.yml to use them).")
            case .unchanged: break
            }
        }
    }

    struct Evaluate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "evaluate",
            abstract: "Measure how well the current FSRS weights predict your answers (log loss, RMSE(bins)).",
            discussion: """
                Examples:
                  vault fsrs evaluate
                  vault fsrs evaluate --revlog revlog.csv --json
                """)

        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: FSRSLogOptions

        func run() throws {
            let (context, report) = try options.run(
                global,
                fromRevlog: {
                    try FSRSOptimizing.report(
                        revlog: $0, folder: options.folder, vault: $1, files: $2,
                        localTimeZone: TimeZone.current, optimize: false)
                },
                fromLedger: { try FSRSOptimizing.report($0, folder: options.folder, optimize: false) })
            let output = context?.output ?? Output.standard
            if options.json {
                try output.json(FSRSReportJSON(report, written: false), snakeCaseKeys: true)
                return
            }
            output.line(FSRSReportText.text(report, style: output.style))
        }
    }
}

/// The report as `--json` prints it (docs/JSON.md).
struct FSRSReportJSON: Encodable {
    struct Metrics: Encodable {
        var logLoss: Double
        var rmseBins: Double
    }
    var scope: String
    var reviews: Int
    var cards: Int
    var items: Int
    var currentWeights: [Double]
    var current: Metrics?
    var weights: [Double]?
    var fitted: Metrics?
    var outcome: String?
    var better: Bool
    var written: Bool
    var message: String?

    init(_ report: FSRSFitReport, written: Bool) {
        func metrics(_ e: FSRSEvaluation?) -> Metrics? { e.map { Metrics(logLoss: $0.logLoss, rmseBins: $0.rmseBins) } }
        scope = report.scope
        reviews = report.reviews
        cards = report.cards
        items = report.items
        currentWeights = report.currentWeights
        current = metrics(report.current)
        weights = report.fit?.weights
        fitted = metrics(report.fitted)
        outcome = report.fit.map {
            switch $0.outcome {
            case .tooFewItems: return "too_few_items"
            case .noFirstReviews: return "no_first_reviews"
            case .initialStabilitiesOnly: return "initial_stabilities_only"
            case .fitted: return "fitted"
            }
        }
        better = report.better
        self.written = written
        message = report.thresholdMessage
    }
}

/// The report in the terminal.
enum FSRSReportText {
    static func text(_ report: FSRSFitReport, style: ANSIStyle) -> String {
        let scope = report.scope.isEmpty ? "the vault" : report.scope
        var lines = [
            style.bold("FSRS weights of \(scope)"),
            "\(report.reviews) reviews of \(report.cards) cards used; \(report.items) of them predicted (a day or more after the previous answer).",
        ]
        guard let current = report.current else {
            lines.append("Nothing to measure: no review comes a day or more after a previous answer.")
            return lines.joined(separator: "\n")
        }
        var table = Table(flexible: [])
        table.add(["", "log loss", "RMSE(bins)"])
        table.add(["current", String(format: "%.4f", current.logLoss), String(format: "%.2f%%", current.rmseBins * 100)])
        if let fitted = report.fitted, let fit = report.fit, fit.weights != report.currentWeights {
            table.add(["fitted", String(format: "%.4f", fitted.logLoss), String(format: "%.2f%%", fitted.rmseBins * 100)])
        }
        lines.append(table.render(width: nil))
        if let fit = report.fit, fit.weights != report.currentWeights {
            lines.append("Fitted weights: " + fit.weights.map { String(format: "%.4f", $0) }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
