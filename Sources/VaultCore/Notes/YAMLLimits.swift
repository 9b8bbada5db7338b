/// The bounds on YAML that `vault` hands to a full YAML parser (note front
/// matter outside the common subset, `.vault/config.yml`): a YAML parser
/// recurses once per nesting level and expands aliases without limit, so a
/// few hundred bytes can crash it or make it run for minutes. YAML past
/// these bounds is refused with a reason, before any parser sees it.
public enum YAMLLimits {
    /// The most bytes of YAML read.
    public static let maxBytes = 64 * 1024
    /// The deepest nesting of `[`/`{` or of indentation.
    public static let maxDepth = 32

    /// Why `yaml` is refused, with its 1-based line; nil when it is within the bounds.
    public static func refusal(_ yaml: String) -> (line: Int, reason: String)? {
        var bytes = Array(yaml.utf8)[...]
        if bytes.count > maxBytes {
            return (1, "it is over \(maxBytes / 1024) KB; YAML that large is not read")
        }
        var line = 1
        var flowDepth = 0
        var quote: UInt8? = nil
        // True where a YAML node may start: at the start of a line, and after
        // `: `, `- `, `[`, `{` and `,` (spaces between keep it).
        var nodeStart = true
        var previous: UInt8 = 0x0A
        var lineStart = true
        var indent = 0
        var indents: [Int] = []
        while let byte = bytes.popFirst() {
            defer { previous = byte }
            if byte == 0x0A {
                line += 1
                lineStart = true
                indent = 0
                if quote == nil { nodeStart = true }
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            if lineStart {
                if byte == 0x20 {
                    indent += 1
                    continue
                }
                lineStart = false
                if byte != 0x23, flowDepth == 0 {  // not a comment: measure the block depth
                    while let last = indents.last, last >= indent { indents.removeLast() }
                    indents.append(indent)
                    if indents.count > maxDepth { return (line, "it is nested more than \(maxDepth) levels deep") }
                }
            }
            switch byte {
            case 0x20, 0x09:
                if previous == 0x3A || previous == 0x2D { nodeStart = true }  // `: ` and `- `
                continue
            case 0x22, 0x27:  // " '
                if nodeStart { quote = byte }
            case 0x23:  // # after a space or at a node's start: a comment to the end of the line
                if nodeStart || previous == 0x20 || previous == 0x09 {
                    while let next = bytes.first, next != 0x0A { bytes.removeFirst() }
                    continue
                }
            case 0x5B, 0x7B:  // [ {
                flowDepth += 1
                if flowDepth > maxDepth { return (line, "it is nested more than \(maxDepth) levels deep") }
                nodeStart = true
                continue
            case 0x5D, 0x7D:  // ] }
                flowDepth = max(0, flowDepth - 1)
            case 0x2C:  // ,
                if flowDepth > 0 {
                    nodeStart = true
                    continue
                }
            case 0x26, 0x2A:  // & *
                if nodeStart {
                    return (line, "it uses YAML anchors or aliases (& and *), which vault does not read")
                }
            default:
                break
            }
            nodeStart = false
        }
        return nil
    }
}
