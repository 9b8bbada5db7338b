/// Text for the programs that run `vault remind` on a timer: a crontab line
/// (a shell command that cron reads first) and a systemd unit. A path goes
/// into either only through these encoders, so no path, whatever it holds,
/// can add a line, end the command early or expand into something else.
public enum SchedulerText {
    /// Why `path` cannot go into a crontab line or a unit file, or nil when
    /// it can: a line break (or any other control character) would start a
    /// new crontab entry or unit line, and no quoting keeps it in.
    public static func refusal(_ path: String) -> String? {
        guard let bad = path.unicodeScalars.first(where: isControl) else { return nil }
        let name = bad == "\n" ? "a line break" : bad == "\r" ? "a carriage return" : "a control character"
        return "it holds \(name) (U+\(hex(bad.value))), which would end the line a timer reads"
    }

    /// C0 controls, DEL and the C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `text` with every `scalar` replaced by `replacement`, scalar by scalar:
    /// String's own search compares Characters, and a combining mark after
    /// `'` or `%` makes one Character of both, which it would not find.
    static func replacing(_ scalar: Unicode.Scalar, with replacement: String, in text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            if c == scalar { out += replacement } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    /// One POSIX shell word: single quotes, a quote inside as `'\''`.
    public static func shellWord(_ text: String) -> String {
        "'" + replacing("'", with: "'\\''", in: text) + "'"
    }

    /// A shell command as a crontab line's command part: cron turns an
    /// unescaped `%` into a line break (and ends the command there), `\%` into `%`.
    public static func cronCommand(_ command: String) -> String {
        replacing("%", with: "\\%", in: command)
    }

    /// One argument of a unit's `ExecStart=`: in double quotes, with `\` and
    /// `"` escaped for systemd's unquoting, `%` doubled (a specifier
    /// otherwise) and `$` doubled (a variable otherwise).
    public static func systemdArgument(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "%": out += "%%"
            case "$": out += "$$"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    /// A unit setting's free text (`Description=`): specifiers escaped (`%%`).
    public static func systemdValue(_ text: String) -> String {
        replacing("%", with: "%%", in: text)
    }
}
