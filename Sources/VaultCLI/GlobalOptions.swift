import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultStore

/// Options every command that works on a vault takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: TypedOptions.vault.name,
        help: "The vault folder (default: $VAULT_DIR, else the nearest folder holding .vault/).")
    var vaultPath: String?

    @Option(name: TypedOptions.now.name, help: "Act as if it were this moment, e.g. 2026-11-18T09:00:00Z (default: $VAULT_NOW, else the clock).")
    var now: String?

    /// Finds and opens the vault, and reads the clock once.
    func context() throws -> CommandContext {
        try context(layout())
    }

    /// Finds the vault's folder (`--vault`, `$VAULT_DIR`, or the nearest `.vault/`).
    func layout() throws -> VaultLayout {
        try VaultLocator.locate(
            explicit: vaultPath, environment: ProcessInfo.processInfo.environment["VAULT_DIR"],
            current: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// Opens the vault at `layout` (its config is read) and reads the clock once.
    func context(_ layout: VaultLayout) throws -> CommandContext {
        let vault = try Vault(layout: layout)
        return CommandContext(vault: vault, now: try Self.moment(now, in: vault.config.timeZone), output: .standard)
    }

    /// The moment commands act at: `flag`, else `$VAULT_NOW`, else the clock.
    /// Zone-less values are read in `timeZone`.
    /// - Throws: ``CLIError/badNow(_:)``.
    static func moment(_ flag: String?, in timeZone: TimeZone) throws -> Date {
        guard let text = flag ?? ProcessInfo.processInfo.environment["VAULT_NOW"], !text.isEmpty else { return Date() }
        guard let date = VaultDate.parse(text, in: timeZone) else { throw CLIError.badNow(text) }
        return date
    }
}

/// What a command needs from the outside world, gathered once at the edge.
struct CommandContext {
    let vault: Vault
    /// The moment the command acts at (the clock, or VAULT_NOW / --now).
    let now: Date
    let output: Output

    var config: VaultConfig { vault.config }

    /// The use cases' context over the real adapters.
    func app() -> AppContext { AppContext.open(vault, now: now, tracer: output.tracer) }
    var timeZone: TimeZone { vault.config.timeZone }
}
