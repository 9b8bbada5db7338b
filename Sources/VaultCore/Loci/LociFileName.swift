import Foundation

/// The rule for itinerary and location names, which become folder and file
/// names: nothing that leaves the folder or that some system cannot store.
public enum LociFileName {
    /// Names Windows reserves for devices, whatever the extension.
    static let reserved = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// Why `name` cannot name a file, or nil when it can.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name == "." || name == ".." { return "is '\(name)', which would leave the folder" }
        if name.hasPrefix(".") { return "starts with '.', which hides it" }
        if name.contains("/") || name.contains("\\") { return "holds a slash, which would make a folder" }
        if let bad = name.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            return "holds the control character U+\(String(format: "%04X", bad.value))"
        }
        if name.hasSuffix(" ") || name.hasSuffix(".") { return "ends with a space or a dot, which Windows cannot store" }
        let stem = name.split(separator: ".", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
        if reserved.contains(stem.trimmingCharacters(in: .whitespaces)) { return "is a device name that Windows reserves" }
        if name.utf8.count > 200 { return "is longer than 200 bytes" }
        return nil
    }

    /// - Throws: ``VaultCoreError/badItinerary(file:place:reason:)`` naming `what` when `name` cannot name a file.
    static func check(_ name: String, what: String, place: String, file: String) throws {
        if let problem = problem(name) {
            throw VaultCoreError.badItinerary(file: file, place: place, reason: "the field '\(what)' \(problem).")
        }
    }
}
