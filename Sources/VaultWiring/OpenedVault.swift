import Foundation
import VaultApp

/// A vault as the composition root opens it for one command: the use cases'
/// context over the real adapters, the moment it acts at, and how a note
/// argument typed in the shell names a note of the vault.
package struct OpenedVault {
    /// The use cases' context over the real adapters.
    package let app: AppContext
    /// The moment the command acts at (the clock, or `VAULT_NOW` / `--now`).
    package let now: Date
    /// A note argument with a path relative to the shell's folder made
    /// vault-relative (other references unchanged).
    package let noteReference: (String) -> String
}
