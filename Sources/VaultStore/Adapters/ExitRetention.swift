import VaultCore
import VaultProcess

/// ``Retention`` for a command that exits right after its work.
public struct ExitRetention: Retention {
    public init() {}
    public func keepUntilExit(_ value: Any) { KeptUntilExit.keep(value) }

    /// For a process that runs on (`vault lsp`): what is handed over from
    /// now on is freed as usual, and what was kept is let go.
    public static func freeFromNowOn() { KeptUntilExit.freeFromNowOn() }
}
