import Foundation
import VaultCore

/// Text made safe to print for a person: no byte of a note, a file name or
/// a ledger value can act on the terminal (write the clipboard through OSC
/// 52, retitle the window, clear the screen).
///
/// Control characters other than newline and tab (C0, DEL, C1, and ESC) are
/// shown as escapes (`\e`, `\u{7}`), and so are the invisible bidirectional
/// controls (Unicode's Bidi_Control class: U+061C, U+200E/200F,
/// U+202A-202E, U+2066-2069), which would reorder what the reader sees
/// (a file name `evil\u{202e}txt.sh` shown as `evilhs.txt`); with `keepingColour`, the colour
/// sequences `vault` itself writes (SGR: `ESC [ digits ; … m`) pass, and
/// only they.
package enum TerminalText {
    /// `text` with every control character shown as an escape; with
    /// `keepingColour`, `vault`'s own colour sequences (SGR) pass.
    package static func sanitized(_ text: String, keepingColour: Bool) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\u{1B}", keepingColour, let end = sgrEnd(scalars, from: i) {
                out.appendScalars(scalars[i...end])
                i = end + 1
                continue
            }
            if isControl(s) {
                out.appendScalars((s == "\u{1B}" ? "\\e" : "\\u{\(String(s.value, radix: 16))}").unicodeScalars)
            } else {
                out.append(s)
            }
            i += 1
        }
        return String(out)
    }

    /// `text` for one line of output: newlines and tabs shown as `\n` and `\t` (the rest is sanitized on printing).
    package static func oneLine(_ text: String) -> String {
        // Bytes, not characters: every printed path and title asks (a CRLF holds a LF).
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\\r\\n").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t")
    }

    /// Whether `s` is shown escaped: a C0 control but newline and tab, DEL,
    /// a C1 control, or an invisible bidirectional control.
    package static func isControl(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n" && s != "\t") || (0x7F...0x9F).contains(s.value)
            || (s.value >= 0x61C && s.properties.isBidiControl)
    }

    /// The index of the `m` that ends an SGR sequence starting at `start`,
    /// if one does and it only sets what vault's own styles and pictures
    /// set: bold, dim, italic, underline, reverse, their resets, and colours.
    /// Concealed text (8), blinking (5, 6) and the rest stay escaped, so a
    /// note cannot hide text from the person reading it.
    private static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var k = start + 2
        while k < scalars.count, k - start < 32 {
            let s = scalars[k]
            if s == "m" {
                let text = String(String.UnicodeScalarView(scalars[(start + 2)..<k]))
                return allowedSGR(text) ? k : nil
            }
            guard ("0"..."9").contains(s) || s == ";" else { return nil }
            k += 1
        }
        return nil
    }

    /// Whether the SGR parameters `text` (`1`, `38;5;208`, `38;2;1;2;3`) are ones vault writes.
    package static func allowedSGR(_ text: String) -> Bool {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? (($0.isEmpty) ? 0 : -1) }
        var i = 0
        while i < parts.count {
            let p = parts[i]
            switch p {
            case 0, 1, 2, 3, 4, 7, 22, 23, 24, 27, 39, 49, 30...37, 40...47, 90...97, 100...107:
                i += 1
            case 38, 48:
                if i + 2 < parts.count, parts[i + 1] == 5, (0...255).contains(parts[i + 2]) {
                    i += 3
                } else if i + 4 < parts.count, parts[i + 1] == 2, parts[(i + 2)...(i + 4)].allSatisfy({ (0...255).contains($0) }) {
                    i += 5
                } else {
                    return false
                }
            default:
                return false
            }
        }
        return true
    }

    /// Text from a note made fit for a full-screen view: control characters
    /// (escape sequences included) shown as escapes, tabs as four spaces, so
    /// the text can neither act on the terminal nor throw the layout's widths off.
    package static func forScreen(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\t")) else { return sanitized(text, keepingColour: false) }
        // Scalar by scalar (a tab with a combining mark after it is still a
        // tab), not `replacingOccurrences`, which goes through `NSString`.
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" { spaced.append(contentsOf: "    ".unicodeScalars) } else { spaced.append(scalar) }
        }
        return sanitized(String(spaced), keepingColour: false)
    }
}
