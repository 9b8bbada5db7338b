import Foundation
import VaultApp
import VaultCore

/// `/files/PATH`: a picture of the vault (a memory palace's location, an
/// embedded image) or a sound (`![[x.mp3]]`, Anki's `[sound:x.mp3]`), and nothing else. The path must be one of the vault's
/// attachments as the file port opens them (``VaultFiles/openAttachment(_:)``:
/// never a note, never under `.vault/`, never through a symbolic link,
/// `.vault/ignore` honoured; one path checked, the vault not walked), of a
/// picture type, with no `..`, no NUL and no control character, after
/// percent-decoding; anything else is 404, the same answer as a missing
/// file. The picture is sent a piece at a time as it is read (``WebApp``),
/// never held whole.
enum PictureFiles {
    /// A picture opened to be sent.
    struct Picture {
        let file: any FileReading
        let contentType: String
    }

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

    /// The picture at `raw`, opened; nil for anything not servable (404).
    static func open(_ raw: String, context: AppContext) -> Picture? {
        guard let path = servablePath(raw), let file = context.files.openAttachment(path) else { return nil }
        let ext = (path as NSString).pathExtension.lowercased()
        return Picture(file: file, contentType: mediaTypes[ext] ?? soundTypes[ext] ?? "application/octet-stream")
    }
}
