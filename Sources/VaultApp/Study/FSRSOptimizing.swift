import Foundation
import VaultCore
import VaultProcess

/// `vault fsrs optimize` and `vault fsrs evaluate`: the FSRS weights of the
/// vault (or of a folder with its own FSRS settings) fitted to the ledger's
/// answers, or to a review log the person names, and written into
/// `.vault/config.yml` only when they predict better.
public enum FSRSOptimizing {
    /// Why the answers cannot be fitted.
    public enum Failure: LocalizedError, Equatable {
        /// FOLDER has no FSRS settings of its own under `schedulers.folders`.
        case notAnFSRSFolder(String, known: [String])
        /// The vault's default scheduler is not FSRS and no folder was named.
        case vaultNotFSRS(SchedulerName)
        /// A row of the review log cannot be read: the file as named, the line, why.
        case badRevlogRow(file: String, line: Int, reason: String)

        public var errorDescription: String? {
            switch self {
            case .notAnFSRSFolder(let folder, let known):
                let list = known.isEmpty ? "none has" : known.map { "'\($0)'" }.joined(separator: ", ") + " have"
                return
                    "'\(folder)' has no FSRS settings of its own under schedulers.folders in .vault/config.yml (\(list)); leave FOLDER out to fit the vault's weights, or give the folder its own settings, e.g. '\(folder): { scheduler: fsrs }'."
            case .vaultNotFSRS(let name):
                return
                    "the vault's default scheduler is \(name.rawValue), not fsrs; name a folder that uses FSRS (schedulers.folders in .vault/config.yml)."
            case .badRevlogRow(let file, let line, let reason):
                return "\(file), line \(line): \(reason) Fix or remove the row; nothing was written."
            }
        }
    }

    /// A review log from elsewhere (`--revlog`), in the FSRS optimizer CSV.
    public struct RevlogFile: Hashable, Sendable {
        /// The file as the person named it (absolute, or from the working folder), read through ``NamedFiles``.
        public var path: String
        /// The zone its days are counted in (nil: the vault's, else the machine's).
        public var timeZone: TimeZone?
        /// The hour a new day starts at, for whole days between answers (as Anki).
        public var dayStartsAt: Int

        /// The log at `path`, its days counted across `dayStartsAt` o'clock in `timeZone`.
        public init(path: String, timeZone: TimeZone? = nil, dayStartsAt: Int = 4) {
            self.path = path
            self.timeZone = timeZone
            self.dayStartsAt = dayStartsAt
        }
    }

    /// What became of the fitted weights (``optimize(_:folder:dryRun:)``,
    /// ``optimize(revlog:folder:vault:files:localTimeZone:dryRun:)``).
    public enum Saving: Hashable, Sendable {
        /// Written into `.vault/config.yml`: the schedules follow them at once.
        case written
        /// Nothing new to write: nothing was fitted (too few answers), or the fit is the current weights.
        case unchanged
        /// The fitted weights predict no better (log loss) than the current ones, which are kept.
        case notBetter
        /// Better, but a dry run writes nothing.
        case dryRun
        /// Better, but fitted outside a vault (a `--revlog`): there is no config to write them into.
        case noVault
    }

    /// A fit and what became of its weights.
    public struct Optimization: Hashable, Sendable {
        /// The answers used, the current weights' metrics and the fit's.
        public var report: FSRSFitReport
        /// Whether the fitted weights were written, and why not.
        public var saving: Saving
    }

    /// The optimizer's batches in two parts on two threads (the core adds the parts' sums in a fixed order).
    public static let cores = FSRSFanOut { parts, body in
        // The first part on this thread, the others each on one of their own.
        let others = (1..<max(parts, 1)).map { part in Background { body(part) } }
        return parts > 0 ? [body(0)] + others.map { $0.value() } : []
    }

    /// `vault fsrs optimize`: the ledger's answers of `folder` (nil: the
    /// vault) fitted, and the weights saved when they predict better, unless `dryRun`.
    /// - Throws: ``Failure`` when there is no such FSRS scope; the config store's error when the save fails.
    public static func optimize(_ context: AppContext, folder: String?, dryRun: Bool) throws -> Optimization {
        let report = try report(context, folder: folder, optimize: true)
        return Optimization(report: report, saving: try saving(report, into: context, dryRun: dryRun))
    }

    /// `vault fsrs optimize --revlog FILE`: the file's answers fitted against
    /// the weights of `folder` in `vault` (FSRS's defaults outside a vault),
    /// and saved there when they predict better, unless `dryRun`.
    /// - Throws: the port's error when the file cannot be read, ``Failure`` for a bad row or scope,
    ///   the config store's error when the save fails.
    public static func optimize(
        revlog: RevlogFile, folder: String?, vault: AppContext?, files: any NamedFiles, localTimeZone: TimeZone,
        dryRun: Bool
    ) throws -> Optimization {
        let report = try report(
            revlog: revlog, folder: folder, vault: vault, files: files, localTimeZone: localTimeZone, optimize: true)
        return Optimization(report: report, saving: try saving(report, into: vault, dryRun: dryRun))
    }

    /// The rule of `vault fsrs optimize`: fitted weights are written only
    /// when they differ from the current ones and predict better, in a
    /// vault, and not on a dry run.
    static func saving(_ report: FSRSFitReport, into vault: AppContext?, dryRun: Bool) throws -> Saving {
        guard let fit = report.fit, fit.weights != report.currentWeights else { return .unchanged }
        guard report.better else { return .notBetter }
        guard !dryRun else { return .dryRun }
        guard let vault else { return .noVault }
        try save(vault, report: report)
        return .written
    }

    /// The report of a review log from elsewhere (`--revlog`), read through
    /// `files`, against the weights of `folder` in `vault` (FSRS's defaults
    /// outside a vault, the scope then named by the file).
    /// - Throws: the port's error when the file cannot be read, ``Failure`` for a bad row or scope.
    public static func report(
        revlog: RevlogFile, folder: String?, vault: AppContext?, files: any NamedFiles, localTimeZone: TimeZone,
        optimize: Bool
    ) throws -> FSRSFitReport {
        let data = try files.read(revlog.path)
        let entries: [RevlogEntry]
        do {
            entries = try RevlogCSV.parse(String(decoding: data, as: UTF8.self))
        } catch let bad as RevlogCSV.BadRow {
            throw Failure.badRevlogRow(file: revlog.path, line: bad.line, reason: bad.reason)
        }
        let zone = revlog.timeZone ?? vault?.timeZone ?? localTimeZone
        var current = FSRSSettings.defaultParameters
        var scope = String(revlog.path.split(separator: "/").last ?? Substring(revlog.path))
        if let vault {
            let settings = try settings(vault, folder: folder)
            current = settings.parameters
            scope = settings.folder ?? ""
        }
        return report(
            revlog: entries, days: DayBoundary(timeZone: zone, hour: revlog.dayStartsAt), scope: scope,
            current: current, optimize: optimize)
    }

    /// The report of a review log's `entries`, against `current`.
    static func report(
        revlog entries: [RevlogEntry], days: DayBoundary, scope: String, current: [Double], optimize: Bool
    ) -> FSRSFitReport {
        var optimizer = FSRSOptimizer()
        optimizer.fanOut = cores
        return FSRSFitReport(
            scope: scope, set: FSRSTrainingSet(entries: entries, days: days), current: current, optimize: optimize,
            optimizer: optimizer)
    }

    /// Where the weights live: the vault's default settings or one folder rule.
    struct Scope {
        var folder: String?
        var settings: FSRSSettings
    }

    static func scope(_ config: SchedulerConfig, folder: String?) throws -> Scope {
        let fsrsFolders = config.folders.filter { if case .fsrs = $0.settings { return true } else { return false } }
        if let folder {
            let prefix = SchedulerConfig.folderPrefix(folder)
            guard let rule = fsrsFolders.first(where: { $0.prefix == prefix }), case .fsrs(let s) = rule.settings else {
                throw Failure.notAnFSRSFolder(folder, known: fsrsFolders.map(\.prefix))
            }
            return Scope(folder: prefix, settings: s)
        }
        guard case .fsrs(let s) = config.defaultSettings else { throw Failure.vaultNotFSRS(config.defaultSettings.name) }
        return Scope(folder: nil, settings: s)
    }

    /// The ledger's answers to the cards whose weights are those of `scope`:
    /// for a folder, the cards of its notes (the longest folder rule
    /// deciding); for the vault, every FSRS card with the vault's weights.
    static func revlog(_ context: AppContext, scope: Scope) -> [RevlogEntry] {
        let config = context.config.schedulers
        let cards = context.notes.summaries().cards.filter { card in
            if let folder = scope.folder {
                return config.folders.first { card.notePath.hasPrefix($0.prefix) }?.prefix == folder
            }
            guard case .fsrs(let s) = config.settings(forNotePath: card.notePath) else { return false }
            return s.parameters == scope.settings.parameters
        }
        let wanted = Set(cards.map(\.id))
        let log = context.ledger.cardLog()
        var events: [String: [CardScheduleReplay.CardEvent]] = [:]
        var order: [String] = []
        for k in log.ids.indices {
            // A recorded link makes an edited card continue its old history.
            var id = log.ids[k]
            var seen: Set<String> = [id]
            while let next = log.links[id], !seen.contains(next) {
                id = next
                seen.insert(next)
            }
            guard wanted.contains(id) else { continue }
            if events[id] == nil { order.append(id) }
            events[id, default: []] += log.histories[k]
        }
        // The card log holds the `card-reset` forgets (imported from Anki's manual
        // rows): they cut a card's older history.
        return LedgerRevlog.entries(
            order.map { id in
                (id, events[id]!.enumerated().sorted { ($0.1.time, $0.0) < ($1.1.time, $1.0) }.map(\.1))
            })
    }

    /// The FSRS settings in force for `folder` (nil: the vault), and the folder prefix.
    public static func settings(_ context: AppContext, folder: String?) throws -> (parameters: [Double], folder: String?) {
        let scope = try scope(context.config.schedulers, folder: folder)
        return (scope.settings.parameters, scope.folder)
    }

    /// The report of `folder` (nil: the vault): the current weights' metrics
    /// and, when `optimize`, the fitted weights' (rounded to 4 decimals, as written).
    public static func report(_ context: AppContext, folder: String?, optimize: Bool) throws -> FSRSFitReport {
        let scope = try scope(context.config.schedulers, folder: folder)
        let entries = revlog(context, scope: scope)
        let set = FSRSTrainingSet(entries: entries, days: DayBoundary(timeZone: context.timeZone, hour: 4))
        var optimizer = FSRSOptimizer(relearningSteps: max(scope.settings.relearningSteps.count, 1))
        optimizer.fanOut = cores
        return FSRSFitReport(
            scope: scope.folder ?? "", set: set, current: scope.settings.parameters, optimize: optimize,
            optimizer: optimizer)
    }

    /// Writes the fitted weights of `report` into `.vault/config.yml`, for
    /// the vault (and the folders that take the vault's weights) or the
    /// folder, whether or not they are better: callers go through
    /// ``saving(_:into:dryRun:)``, which holds the rule.
    static func save(_ context: AppContext, report: FSRSFitReport) throws {
        guard let weights = report.fit?.weights else { return }
        let old = context.config
        var config = old
        let before = report.currentWeights
        func updated(_ settings: SchedulerSettings) -> SchedulerSettings {
            guard case .fsrs(var s) = settings else { return settings }
            s.parameters = weights
            return .fsrs(s)
        }
        func usesVaultWeights(_ settings: SchedulerSettings) -> Bool {
            if case .fsrs(let s) = settings { return s.parameters == before }
            return false
        }
        if report.scope.isEmpty {
            config.schedulers = SchedulerConfig(
                defaultSettings: updated(old.schedulers.defaultSettings),
                folders: old.schedulers.folders.map { rule in
                    usesVaultWeights(rule.settings) ? .init(prefix: rule.prefix, settings: updated(rule.settings)) : rule
                })
        } else {
            config.schedulers = SchedulerConfig(
                defaultSettings: old.schedulers.defaultSettings,
                folders: old.schedulers.folders.map { rule in
                    rule.prefix == report.scope ? .init(prefix: rule.prefix, settings: updated(rule.settings)) : rule
                })
        }
        try context.configStore.save(config, replacing: old)
    }
}
