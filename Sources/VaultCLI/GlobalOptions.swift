import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// Options every command that works on a vault takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: TypedOptions.vault.name,
        help: "The vault folder (default: $VAULT_DIR, else the nearest folder holding .vault/).")
    var vaultPath: String?

    @Option(name: TypedOptions.now.name, help: "Act as if it were this moment, e.g. 2026-11-18T09:00:00Z (default: $VAULT_NOW, else the clock).")
    var now: String?

    /// Finds and opens the vault, and reads the clock once (``CompositionRoot``).
    func context() throws -> CommandContext {
        try CompositionRoot.open(self)
    }

    /// The moment commands act at: `flag`, else `$VAULT_NOW`, else the clock.
    /// Zone-less values are read in `timeZone`.
    /// - Throws: ``CLIError/badNow(_:)``.
    /// Whether the moment is given (`flag` or `$VAULT_NOW`) rather than the clock's.
    static func momentIsGiven(_ flag: String?) -> Bool {
        !(flag ?? ProcessInfo.processInfo.environment["VAULT_NOW"] ?? "").isEmpty
    }

    static func moment(_ flag: String?, in timeZone: TimeZone) throws -> Date {
        guard let text = flag ?? ProcessInfo.processInfo.environment["VAULT_NOW"], !text.isEmpty else { return Date() }
        guard let date = VaultDate.parse(text, in: timeZone) else { throw CLIError.badNow(text) }
        return date
    }
}

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
