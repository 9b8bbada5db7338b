import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

/// What a command needs from the outside world, gathered once at the edge.
struct CommandContext {
    /// The use cases' context over the real adapters.
    let appContext: AppContext
    /// The moment the command acts at (the clock, or VAULT_NOW / --now).
    let now: Date
    let output: Output
    /// A note argument with a path relative to the shell's folder made
    /// vault-relative (other references unchanged).
    let noteReference: (String) -> String

    init(app: AppContext, now: Date, output: Output, noteReference: @escaping (String) -> String) {
        appContext = app
        self.now = now
        self.output = output
        self.noteReference = noteReference
    }

    var config: VaultConfig { appContext.config }

    /// The use cases' context.
    func app() -> AppContext { appContext }
    var timeZone: TimeZone { config.timeZone }
    /// The vault's folder name (the title of its exports and calendars).
    var vaultName: String { appContext.files.location(of: "").lastPathComponent }
}

extension GlobalOptions {
    /// Finds and opens the vault, and reads the clock once (``CompositionRoot``).
    func context() throws -> CommandContext {
        try CompositionRoot.open(choice)
    }
}

extension CompositionRoot {
    /// The vault `options` name, opened for a command that prints through
    /// `output`: the search engine's notices as warnings, its tracer
    /// (`VAULT_TRACE`) handed to the adapters (see
    /// ``CompositionRoot/open(_:warnings:tracer:search:verifyingStateFolders:startingWatcher:)``
    /// for `search`, `verifyingStateFolders` and `startingWatcher`).
    static func open(
        _ options: VaultChoice, search: Bool = false, output: Output = .standard, verifyingStateFolders: Bool = true,
        startingWatcher: Bool = true
    ) throws -> CommandContext {
        let opened = try open(
            options, warnings: { output.warning($0) }, tracer: output.tracer, search: search,
            verifyingStateFolders: verifyingStateFolders, startingWatcher: startingWatcher)
        return CommandContext(app: opened.app, now: opened.now, output: output, noteReference: opened.noteReference)
    }
}
