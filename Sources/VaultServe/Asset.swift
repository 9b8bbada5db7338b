import Foundation

/// A file served from the binary: its address, its media type, its bytes.
struct Asset: Sendable {
    /// The address it is served at.
    let path: String
    /// The `Content-Type`.
    let contentType: String
    /// Its file in Sources/VaultServe/Assets.
    let file: String
    /// The bytes.
    let bytes: [UInt8]

    /// A text asset (a style sheet, a script, the manifest, the SVG icon).
    init(path: String, contentType: String, file: String, text: String) {
        (self.path, self.contentType, self.file, bytes) = (path, contentType, file, Array(text.utf8))
    }

    /// A binary asset (a PNG icon, the favicon), written in the source as base64 in lines.
    init(path: String, contentType: String, file: String, base64: String) {
        let joined = base64.split(whereSeparator: \.isNewline).joined()
        (self.path, self.contentType, self.file) = (path, contentType, file)
        bytes = Data(base64Encoded: String(joined)).map { [UInt8]($0) } ?? []
    }

    /// The bytes as text (a text asset).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The answer to a GET of ``path`` (kept five minutes by the browser).
    var response: WebResponse {
        WebResponse(status: 200, contentType: contentType, body: bytes, noStore: false)
    }
}
