import Foundation
import VaultCore

/// ``MathFiles`` from KaTeX's folder as Debian's `libjs-katex` installs it
/// (`/usr/share/javascript/katex`: `katex.min.js`, `katex.min.css`, and
/// `fonts/`, links into `fonts-katex`). Only those names are read: the
/// script, the style sheet and `fonts/KaTeX_*.woff2|woff|ttf`, never a path
/// that climbs out.
public struct KaTeXFolder: MathFiles {
    /// Where Debian installs KaTeX.
    public static let debianFolder = "/usr/share/javascript/katex"

    let folder: URL

    public init(folder: String = KaTeXFolder.debianFolder) {
        self.folder = URL(fileURLWithPath: folder, isDirectory: true)
    }

    /// True for the names a page loads.
    public static func isKaTeXFile(_ name: String) -> Bool {
        if name == "katex.min.js" || name == "katex.min.css" { return true }
        guard name.hasPrefix("fonts/KaTeX_") else { return false }
        let file = name.dropFirst("fonts/".count)
        guard let dot = file.lastIndex(of: "."), ["woff2", "woff", "ttf"].contains(file[file.index(after: dot)...]) else {
            return false
        }
        return file[..<dot].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    public func file(_ name: String) -> Data? {
        guard Self.isKaTeXFile(name) else { return nil }
        return try? Data(contentsOf: folder.appendingPathComponent(name))
    }

    public func names() -> [String] {
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("katex.min.js").path) else { return [] }
        let fonts = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("fonts").path)) ?? []
        return ["katex.min.js", "katex.min.css"] + fonts.map { "fonts/" + $0 }.filter(Self.isKaTeXFile).sorted()
    }
}
