import Foundation

/// Why an Anki package is refused; nothing is written for any of them.
public enum AnkiImportError: LocalizedError, Equatable, Sendable {
    /// The file is not a zip archive.
    case notZip(file: String)
    /// A zip, but no Anki collection in it.
    case notAnki(file: String, reason: String)
    /// A package or collection format this build does not read.
    case unsupportedVersion(file: String, what: String, version: Int)
    /// The zip's entries unpack to more than the limits allow.
    case tooLarge(file: String, reason: String)
    /// A media file whose name could leave its folder or hide in a terminal.
    case badMediaName(file: String, name: String)
    /// The collection's database cannot be read.
    case corrupt(file: String, reason: String)
    /// `--into` names no folder the vault can hold.
    case badFolder(folder: String, reason: String)

    public var errorDescription: String? {
        switch self {
        case .notZip(let file):
            return "\(file) is not a zip archive, so not an Anki package; export from Anki with File > Export (.apkg or .colpkg)."
        case .notAnki(let file, let reason):
            return "\(file) is not an Anki package: \(reason); export from Anki with File > Export (.apkg or .colpkg)."
        case .unsupportedVersion(let file, let what, let version):
            return
                "\(file) holds \(what) version \(version), which this vault does not read; export again from Anki with 'Support older Anki versions' ticked."
        case .tooLarge(let file, let reason):
            return "\(file) is refused: \(reason); an Anki export this large is likely damaged or crafted."
        case .badMediaName(let file, let name):
            return
                "\(file) names a media file '\(TerminalSafe.escaped(name))' with '/', '..', NUL or a control character; rename it in Anki (Tools > Check Media) and export again."
        case .corrupt(let file, let reason):
            return "\(file) holds a collection that cannot be read (\(reason)); run Tools > Check Database in Anki and export again."
        case .badFolder(let folder, let reason):
            return "--into '\(folder)' \(reason)."
        }
    }
}

/// Text from a package shown in a message: control characters as `\u{…}`.
enum TerminalSafe {
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.value == 0x7F {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
