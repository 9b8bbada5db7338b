import VaultCore
import VaultProcess

/// ``Retention`` through ``KeptUntilExit``: a command hands its large values
/// over to be freed with the process; in a process that runs on (the
/// composition root's one switch, `ProcessLifetime`, for `vault serve` and
/// `vault lsp`) they are freed as usual.
public struct ExitRetention: Retention {
    public init() {}
    public func keepUntilExit(_ value: Any) { KeptUntilExit.keep(value) }
}
