/// A file served from the binary: its address, its media type, its text.
struct Asset: Sendable {
    /// The address it is served at.
    let path: String
    /// The `Content-Type`.
    let contentType: String
    /// Its file in Sources/VaultServe/Assets.
    let file: String
    /// The bytes, as text.
    let text: String

    /// The answer to a GET of ``path`` (kept five minutes by the browser).
    var response: WebResponse {
        WebResponse(status: 200, contentType: contentType, body: Array(text.utf8), noStore: false)
    }
}
