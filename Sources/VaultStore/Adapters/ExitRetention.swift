import VaultCore
import VaultProcess

/// ``Retention`` for a command that exits right after its work.
public struct ExitRetention: Retention {
    public init() {}
    public func keepUntilExit(_ value: Any) { KeptUntilExit.keep(value) }
}
