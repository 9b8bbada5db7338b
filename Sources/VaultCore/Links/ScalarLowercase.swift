/// Each Unicode scalar's lowercase, as `String.lowercased()` gives it, for
/// the link resolver, which lowercases every link target and every note
/// name it compares: without a search of the standard library's property
/// tables for each scalar of a name in Cyrillic, Greek, Arabic, Hindi or
/// Chinese (on a vault in 40 languages, that search was a tenth of
/// `vault check`).
enum ScalarLowercase {
    /// Scalars below this are in ``table``: Latin with its diacritics (and
    /// Vietnamese's), Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic
    /// scripts, Thai, Georgian.
    static let tableEnd: UInt32 = 0x2000

    /// In ``table``: the scalar lowercases into more than one (`İ`).
    static let several: UInt32 = .max

    /// Each scalar's lowercase below ``tableEnd`` when it is one scalar,
    /// ``several`` otherwise: learnt once, in a process that meets such a
    /// scalar, from the standard library's own tables (32 KB, half a
    /// millisecond).
    private static let table: [UInt32] = (0..<tableEnd).map { value in
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first!.value : several
    }

    /// True for the scalars of U+3000..U+A63F (CJK, kana, Hangul letters,
    /// Yi, Lisu, Vai) and the Hangul syllables: no case, as a test asks of every one.
    static func isCaseless(_ value: UInt32) -> Bool {
        value &- 0x3000 < 0xA640 - 0x3000 || value &- 0xAC00 < 0xD7A4 - 0xAC00
    }

    /// True when lowercasing changes `scalar`.
    @inline(__always)
    static func changes(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value &- 0x41 < 26 }
        if value < tableEnd { return table[Int(value)] != value }
        if isCaseless(value) { return false }
        return scalar.properties.changesWhenLowercased
    }

    /// Appends the UTF-8 bytes of `scalar`'s lowercase to `bytes`.
    @inline(__always)
    static func appendLowercase(of scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(truncatingIfNeeded: value)
            bytes.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
            return
        }
        var lower = value
        if value < tableEnd {
            lower = table[Int(value)]
        } else if !isCaseless(value), scalar.properties.changesWhenLowercased {
            lower = several
        }
        if lower == several {
            bytes += scalar.properties.lowercaseMapping.utf8
        } else {
            UTF8.encode(Unicode.Scalar(lower)!) { bytes.append($0) }
        }
    }
}
