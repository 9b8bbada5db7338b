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
        // klog's tags are Unicode letters (category L), the digits 0-9 and `_`:
        // not every number (`½`, `Ⅳ`) nor combining marks, which would end the tag.
        var mapped = String.UnicodeScalarView()
        for scalar in name.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: mapped.append(scalar)
            default: mapped.append(("0"..."9").contains(scalar) ? scalar : "_")
            }
        }
        let text = String(mapped).split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        return text.isEmpty ? "subject" : text
    }
}
