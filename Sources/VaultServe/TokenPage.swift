import Foundation
import VaultCore
import VaultMarkdown

/// How `vault serve --open` hands the token to the browser without a
/// command line: a small page, made 0600 in the user's runtime folder
/// (`$XDG_RUNTIME_DIR`, else the temporary folder) through ``NamedFiles``,
/// that sends the browser on to the URL with the token; the browser is
/// started on the page's path, and the page is removed a minute later (and
/// when the server stops). `xdg-open URL` put the token on the command lines
/// of `xdg-open` and the browser, where every user of the machine reads it
/// in `/proc`.
struct TokenPage: @unchecked Sendable {
    /// Where the page is.
    let path: String
    let files: any NamedFiles

    /// How long the page stays for the browser to read it.
    static let lifetime: Duration = .seconds(60)

    /// Makes the page for `url` in `folder` (the runtime folder when nil).
    /// - Throws: the file port's error when it cannot be made.
    init(url: String, files: any NamedFiles, folder: String? = nil) throws {
        let environment = ProcessInfo.processInfo.environment
        let base = folder ?? environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.temporaryDirectory.path
        path = base + "/vault-serve-\(ServerSecrets.randomToken()).html"
        self.files = files
        try files.createPrivate(Data(Self.html(url).rendered.utf8), at: path)
    }

    /// The page: a refresh to `url`, and a link for a browser that does not follow it.
    static func html(_ url: String) -> HTML {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8">\
        <meta http-equiv="refresh" content="0; url=\(url)"><title>vault</title></head>\
        <body><p><a href="\(url)">Open vault</a></p></body></html>
        """
    }

    /// Removes the page (again is harmless).
    func remove() { try? files.removePrivate(at: path) }
}
