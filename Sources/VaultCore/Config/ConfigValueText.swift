extension ConfigValue {
    /// The value as YAML that reads back as the same value (its lines
    /// aside): a scalar, or a flow list of scalars, on one line; maps and
    /// other lists as block lines, nested ones indented by two spaces.
    /// How a config keeps the sections it does not read (``VaultConfig/extra``).
    public var yamlText: String { yamlLines.joined(separator: "\n") }

    /// ``yamlText``, line by line.
    var yamlLines: [String] {
        switch content {
        case .scalar(let text):
            return [Self.quoted(text, inFlow: false)]
        case .list(let items) where items.allSatisfy({ $0.scalar != nil }):
            return ["[" + items.map { Self.quoted($0.scalar!, inFlow: true) }.joined(separator: ", ") + "]"]
        case .list(let items):
            // A map or list of the item continues under its first line, two spaces in.
            return items.flatMap { item in
                let lines = item.yamlLines
                return ["- " + lines[0]] + lines.dropFirst().map { "  " + $0 }
            }
        case .map(let entries) where entries.isEmpty:
            return ["{}"]
        case .map(let entries):
            return entries.flatMap { entry in
                let key = Self.quoted(entry.key, inFlow: false)
                let lines = entry.value.yamlLines
                if lines.count == 1, entry.value.entries == nil,
                    entry.value.list?.allSatisfy({ $0.scalar != nil }) ?? true
                {
                    return [key + ": " + lines[0]]
                }
                return [key + ":"] + lines.map { "  " + $0 }
            }
        }
    }

    /// `text` plain when YAML reads it back unchanged, else double-quoted
    /// with every character YAML would not take as written escaped.
    static func quoted(_ text: String, inFlow: Bool) -> String {
        if YAMLText.scalar(text) == text, text.unicodeScalars.allSatisfy(isPrintable),
            !inFlow || !text.contains(where: { "{}".contains($0) })
        {
            return text
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where !isPrintable(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
