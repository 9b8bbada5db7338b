/// What a study session is about (Memo's subjects): a name, an optional
/// category of the vault, and the colour it is shown in. Kept in
/// `.vault/config.yml` under `subjects:`.
public struct Subject: Hashable, Sendable, Codable {
    public var name: String
    /// A category of the vault, or nil.
    public var category: String?
    /// A `#rrggbb` colour.
    public var color: String

    public init(name: String, category: String? = nil, color: String = "#888888") {
        self.name = name
        self.category = category
        self.color = color
    }

    /// The klog tag for the subject: lowercase letters, digits and `_` (`Organic Chemistry` → `organic_chemistry`).
    public var tag: String {
        let mapped = name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let text = String(mapped).split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        return text.isEmpty ? "subject" : text
    }
}
