/// A callout's kind (Obsidian's types and their aliases: `hint` is a
/// `tip`), its icon (inline SVG, drawn in the text's colour: no icon font,
/// nothing fetched) and the title it shows when it names none.
public enum CalloutIcon {
    /// The kind a type belongs to: `note`, `abstract`, `info`, `todo`, `tip`,
    /// `success`, `question`, `warning`, `failure`, `danger`, `bug`, `example`
    /// or `quote`; a type Obsidian does not know is a `note`.
    public static func kind(of type: String) -> String {
        switch type.lowercased() {
        case "abstract", "summary", "tldr": return "abstract"
        case "info": return "info"
        case "todo": return "todo"
        case "tip", "hint", "important": return "tip"
        case "success", "check", "done": return "success"
        case "question", "help", "faq": return "question"
        case "warning", "caution", "attention": return "warning"
        case "failure", "fail", "missing": return "failure"
        case "danger", "error": return "danger"
        case "bug": return "bug"
        case "example": return "example"
        case "quote", "cite": return "quote"
        default: return "note"
        }
    }

    /// The title of a callout that names none: its type, capitalised (`[!faq]` → `Faq`).
    public static func defaultTitle(for type: String) -> String {
        guard let first = type.first else { return "Note" }
        return first.uppercased() + type.dropFirst()
    }

    /// The icon of a type's kind, as inline SVG.
    public static func svg(for type: String) -> HTML {
        let shape: HTML
        switch kind(of: type) {
        case "abstract":
            shape = "<rect x=\"8\" y=\"2\" width=\"8\" height=\"4\" rx=\"1\"/><path d=\"M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M12 11h4M12 16h4M8 11h.01M8 16h.01\"/>"
        case "info":
            shape = "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M12 16v-4M12 8h.01\"/>"
        case "todo":
            shape = "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"m9 12 2 2 4-4\"/>"
        case "tip":
            shape = "<path d=\"M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3a2.5 2.5 0 0 0 2.5 2.5z\"/>"
        case "success":
            shape = "<path d=\"M20 6 9 17l-5-5\"/>"
        case "question":
            shape = "<circle cx=\"12\" cy=\"12\" r=\"10\"/><path d=\"M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01\"/>"
        case "warning":
            shape = "<path d=\"m21.7 18-8-14a2 2 0 0 0-3.5 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.7-3Z\"/><path d=\"M12 9v4M12 17h.01\"/>"
        case "failure":
            shape = "<path d=\"M18 6 6 18M6 6l12 12\"/>"
        case "danger":
            shape = "<path d=\"M13 2 3 14h9l-1 8 10-12h-9l1-8z\"/>"
        case "bug":
            shape = "<rect x=\"8\" y=\"6\" width=\"8\" height=\"14\" rx=\"4\"/><path d=\"M19 7l-3 2M5 7l3 2M19 19l-3-2M5 19l3-2M20 13h-4M4 13h4M10 4l1 2M14 4l-1 2\"/>"
        case "example":
            shape = "<path d=\"M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01\"/>"
        case "quote":
            shape = "<path d=\"M3 21c3 0 7-1 7-8V5c0-1.2-.8-2-2-2H4c-1.2 0-2 .8-2 2v6c0 1.2.8 2 2 2 1 0 1 0 1 1v1c0 1-1 2-2 2s-1 0-1 1v3c0 1 0 1 1 1zM15 21c3 0 7-1 7-8V5c0-1.2-.8-2-2-2h-4c-1.2 0-2 .8-2 2v6c0 1.2.8 2 2 2h.8c0 2.2.2 4-2.8 4v3c0 1 0 1 1 1z\"/>"
        default:
            shape = "<path d=\"M12 20h9\"/><path d=\"M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z\"/>"
        }
        return "<svg viewBox=\"0 0 24 24\" width=\"18\" height=\"18\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\(shape)</svg>"
    }
}
