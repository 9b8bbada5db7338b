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
            return [YAMLText.scalar(text)]
        case .list(let items) where items.allSatisfy({ $0.scalar != nil }):
            return ["[" + items.map { YAMLText.scalar($0.scalar!) }.joined(separator: ", ") + "]"]
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
                let key = YAMLText.scalar(entry.key)
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
}
