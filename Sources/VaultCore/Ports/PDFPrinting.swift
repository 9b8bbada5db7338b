import Foundation

/// An engine that prints an HTML document to PDF (headless Chromium). The
/// document is the program's own (no script; its `<base>` names the vault's
/// folder, where its pictures are read).
public protocol PDFPrinting {
    /// The PDF of `html`.
    /// - Throws: an error naming the package to install when no engine is, or why printing failed.
    func pdf(of html: String) throws -> Data
}
