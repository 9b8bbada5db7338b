import Foundation

/// The id `vault` gives a note that has none, the first time the ledger must
/// name it: derived from what every clone of the vault agrees on (the
/// note's vault-relative path and its created moment), so two machines that
/// decide the same id-less note write the same bytes and git merges the
/// identical change instead of stopping in a conflict.
///
/// A UUID of version 8 (RFC 9562: custom), its 122 free bits two 64-bit
/// stable hashes of `vault-note-id v1`, the path and the created moment in
/// whole seconds (left out when the date is only the file's modification
/// time, which differs between clones).
public enum DerivedNoteID {
    /// The id for the note at `path` created at `created` (from `origin`).
    public static func id(path: String, created: Date?, origin: CreatedOrigin) -> String {
        var text = "vault-note-id v1\n" + path + "\n"
        if let created, origin != .modificationTime, origin != .copied, origin != .unknown {
            text += String(Int64(created.timeIntervalSince1970.rounded(.down)))
        }
        let high = StableHash.fnv1a(text)
        let low = StableHash.mix(StableHash.fnv1a(text, seed: StableHash.mix(high)))
        // Version 8 in the top nibble of the third group, variant 0b10 in the top bits of the fourth.
        let h = (high & ~0x0000_0000_0000_F000) | 0x0000_0000_0000_8000
        let l = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return "\(hex(h >> 32, 8))-\(hex((h >> 16) & 0xFFFF, 4))-\(hex(h & 0xFFFF, 4))-"
            + "\(hex(l >> 48, 4))-\(hex(l & 0xFFFF_FFFF_FFFF, 12))"
    }
}
