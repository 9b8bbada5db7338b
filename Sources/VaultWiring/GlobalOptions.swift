import ArgumentParser
import Foundation
import VaultCore
import VaultProcess

/// The options that open a vault, taken by every command that works on one
/// and by `vault-serve`: which vault (`--vault`, else `$VAULT_DIR`, else the
/// nearest folder holding `.vault/`) and the moment to act at (`--now`, else
/// `$VAULT_NOW`, else the clock).
package struct GlobalOptions: ParsableArguments {
    /// The long names of the two options (the command line's quick reader spells them from here).
    package static let vaultName = "vault"
    package static let nowName = "now"

    @Option(
        name: .customLong(vaultName),
        help: "The vault folder (default: $VAULT_DIR, else the nearest folder holding .vault/).")
    package var vaultPath: String?

    @Option(
        name: .customLong(nowName),
        help: "Act as if it were this moment, e.g. 2026-11-18T09:00:00Z (default: $VAULT_NOW, else the clock).")
    package var now: String?

    package init() {}

    /// The two options as plain values.
    package var choice: VaultChoice { VaultChoice(vaultPath: vaultPath, now: now) }

    /// Whether the moment is given (`flag` or `$VAULT_NOW`) rather than the clock's.
    package static func momentIsGiven(_ flag: String?) -> Bool {
        !(flag ?? EnvironmentValue.of("VAULT_NOW") ?? "").isEmpty
    }

    /// The moment commands act at: `flag`, else `$VAULT_NOW`, else the clock.
    /// Zone-less values are read in `timeZone`.
    /// - Throws: ``WiringError/badNow(_:)``.
    package static func moment(_ flag: String?, in timeZone: TimeZone) throws -> Date {
        guard let text = flag ?? EnvironmentValue.of("VAULT_NOW"), !text.isEmpty else { return Date() }
        guard let date = VaultDate.parse(text, in: timeZone) else { throw WiringError.badNow(text) }
        return date
    }
}
