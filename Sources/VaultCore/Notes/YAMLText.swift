/// Writing YAML scalars that read back as the same string.
public enum YAMLText {
    /// `text` plain when YAML would read it back unchanged, in a block and
    /// in a flow list alike; else double-quoted, with every character YAML
    /// would not take as written escaped.
    public static func scalar(_ text: String) -> String {
        let safe =
            !text.isEmpty && text.first != " " && text.last != " "
            && !"-?:,[]{}#&*!|>'\"%@`".contains(text.first!)
            && !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":")
            && text.allSatisfy { !$0.isNewline && $0 != "\t" && !"\",[]{}".contains($0) }
            && text.unicodeScalars.allSatisfy(isPrintable)
            && !["true", "false", "yes", "no", "null", "~", "on", "off"].contains(text.lowercased())
            && Double(text) == nil
        if safe { return text }
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where !isPrintable(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    /// A character YAML takes as written: not a control character, a line
    /// break of its own (U+0085, U+2028, U+2029), a byte order mark or a non-character.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x20..<0x7F).contains(v)
            || v >= 0xA0 && v != 0x2028 && v != 0x2029 && v != 0xFEFF && v != 0xFFFE
                && v != 0xFFFF
    }
}
