import Foundation
import VaultApp
import VaultCore

/// `/files/PATH`: a picture of the vault (a memory palace's location, an
/// embedded image) or a sound (`![[x.mp3]]`, Anki's `[sound:x.mp3]`), and nothing else. The path must be one of the vault's
/// attachments as the file port lists them (never a note, never under
/// `.vault/`, never through a symbolic link, `.vault/ignore` honoured), of
/// a picture type, with no `..`, no NUL and no control character, after
/// percent-decoding; anything else is 404, the same answer as a missing file.
enum PictureFiles {
    /// The picture types served, with their media types (no SVG: it may hold script).
    static let mediaTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "avif": "image/avif", "bmp": "image/bmp",
    ]

    /// The sound types served, with their media types.
    static let soundTypes: [String: String] = [
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg", "wav": "audio/wav",
        "m4a": "audio/mp4", "aac": "audio/aac", "flac": "audio/flac", "webm": "audio/webm",
    ]

    static func isPicture(_ path: String) -> Bool {
        mediaTypes[(path as NSString).pathExtension.lowercased()] != nil
    }

    static func isSound(_ path: String) -> Bool {
        soundTypes[(path as NSString).pathExtension.lowercased()] != nil
    }

    /// The vault-relative path `raw` (as it came, percent-encoded) names, when it may be served.
    static func servablePath(_ raw: String) -> String? {
        guard let decoded = raw.removingPercentEncoding, !decoded.isEmpty else { return nil }
        if decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return nil }
        let parts = decoded.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts where part.isEmpty || part == "." || part == ".." || part.hasPrefix(".") { return nil }
        guard isPicture(decoded) || isSound(decoded) else { return nil }
        return decoded
    }

    /// True when no folder on the way to `path`, nor the file itself, is a symbolic link, and the file is a regular one.
    static func isPlainFile(_ path: String, in root: URL) -> Bool {
        var current = root.path
        let parts = path.split(separator: "/")
        for (i, part) in parts.enumerated() {
            current += "/" + part
            var status = stat()
            guard lstat(current, &status) == 0 else { return false }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFLNK { return false }
            if i == parts.count - 1 ? kind != S_IFREG : kind != S_IFDIR { return false }
        }
        return true
    }

    /// The picture at `raw`, or 404.
    static func serve(_ raw: String, context: AppContext) -> WebResponse {
        guard let path = servablePath(raw), context.files.attachments().contains(path),
            isPlainFile(path, in: context.files.location(of: "")), let data = try? context.files.read(path)
        else { return .problem("Not found", "Nothing here.", status: 404) }
        let ext = (path as NSString).pathExtension.lowercased()
        let type = mediaTypes[ext] ?? soundTypes[ext] ?? "application/octet-stream"
        return WebResponse(status: 200, contentType: type, body: [UInt8](data), noStore: false)
    }
}
