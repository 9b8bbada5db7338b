/// How many terminal columns text takes: East Asian wide and fullwidth
/// characters and emoji take two, combining marks and zero-width characters
/// none, escape sequences none, everything else one.
///
/// The wide ranges are those of Unicode's East Asian Width property (W and F)
/// that terminals draw two cells wide, as `wcwidth` does; a grapheme cluster
/// is as wide as its first scalar, or two when it asks for emoji presentation.
public enum DisplayWidth {
    /// The columns `text` takes, escape sequences (`ESC [ … final`) not counted.
    public static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        var escape = EscapeScanner()
        for character in text where !escape.consumes(character) {
            width += of(character)
        }
        return width
    }

    /// The columns one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return width(of: first)
    }

    /// The columns one scalar takes on its own.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(v) || (0x200B...0x200F).contains(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth, and the emoji blocks terminals draw wide.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD,
            0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0,
            0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E,
            0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
            0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4,
            0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
            0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
            0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
            0x1F7E0...0x1F7EB, 0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Tells the characters of an escape sequence (`ESC [ params final`, or
/// `ESC` and one character) from text, one character at a time.
struct EscapeScanner {
    private enum State { case text, escape, csi }
    private var state = State.text

    /// True when `character` belongs to an escape sequence.
    mutating func consumes(_ character: Character) -> Bool {
        switch state {
        case .text:
            if character == "\u{1B}" {
                state = .escape
                return true
            }
            return false
        case .escape:
            state = character == "[" ? .csi : .text
            return true
        case .csi:
            if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii) { state = .text }
            return true
        }
    }
}
