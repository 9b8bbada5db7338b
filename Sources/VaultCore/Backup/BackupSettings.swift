/// The `backup:` section of `.vault/config.yml`: how many archives `vault
/// backup` keeps of a vault (the oldest beyond them are removed after each new one).
///
/// ```yaml
/// backup:
///   keep: 14
/// ```
public struct BackupSettings: Hashable, Sendable {
    /// Archives kept, 1 to 1000.
    public var keep: Int

    public init(keep: Int = 14) { self.keep = keep }

    /// What `keep` may be.
    public static let keepRange = 1...1_000

    /// The setting names of the `backup:` section.
    public static let keys = ["keep"]
}
