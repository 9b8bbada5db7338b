import Foundation

/// How backup archives are named and which are kept: `NAME-YYYY-MM-DD-HHMMSS`
/// (the moment in the vault's zone) with the compressor's extension, so
/// that name order is time order and `backup.keep` keeps the newest.
public enum BackupName {
    /// The vault's part of its archives' names: its folder's name, with
    /// anything but letters, digits, `-`, `_` and `.` as `_` (a name is one
    /// shell word and one file name everywhere).
    public static func prefix(vault name: String) -> String {
        let cleaned = String(
            name.unicodeScalars.map { scalar -> Character in
                let c = Character(scalar)
                return c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." ? c : "_"
            })
        let trimmed = cleaned.drop { $0 == "." }
        return trimmed.isEmpty ? "vault" : String(trimmed.prefix(80))
    }

    /// The folder of a vault's backups under the backups' root: its name's
    /// prefix and its path's hash, so two vaults of one name keep apart.
    public static func folder(vault name: String, path: String) -> String {
        let hex = String(UInt32(truncatingIfNeeded: StableHash.fnv1a(path)), radix: 16)
        return prefix(vault: name) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The new archive's name without extension: `NAME-2026-11-18-100000`.
    public static func name(vault prefix: String, at now: Date, in timeZone: TimeZone) -> String {
        let local = now.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: now))
        let day = Int((local / 86_400).rounded(.down))
        let seconds = Int(local - Double(day) * 86_400)
        let hms = (seconds / 3600).zeroPadded(2) + (seconds / 60 % 60).zeroPadded(2) + (seconds % 60).zeroPadded(2)
        return "\(prefix)-\(VaultDate.dayString(dayNumber: day))-\(hms)"
    }

    /// The archives to remove so that the newest `keep` stay: the oldest of `archives` (by name) beyond them.
    public static func stale(_ archives: [BackupArchive], keep: Int) -> [BackupArchive] {
        let sorted = archives.sorted { $0.name < $1.name }
        return Array(sorted.dropLast(max(0, keep)))
    }

    /// The moment in an archive's name (`…-2026-11-18-100000.tar.zst`), read in `timeZone`; nil when it has none.
    public static func moment(of name: String, in timeZone: TimeZone) -> Date? {
        let stem = name.components(separatedBy: ".tar").first ?? name
        let parts = stem.split(separator: "-")
        guard parts.count >= 5 else { return nil }
        let tail = parts.suffix(4).map(String.init)
        guard tail[3].count == 6, let hms = Int(tail[3]),
            let day = VaultDate.parse("\(tail[0])-\(tail[1])-\(tail[2])", in: timeZone)
        else { return nil }
        return day.addingTimeInterval(Double(hms / 10_000 * 3600 + hms / 100 % 100 * 60 + hms % 100))
    }
}
