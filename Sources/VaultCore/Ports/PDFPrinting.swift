import Foundation

/// An engine that prints HTML documents to PDF (headless Chromium) and
/// joins PDFs into one. A document is the program's own (no script; its
/// `<base>` names the vault's folder, where its pictures are read).
public protocol PDFPrinting {
    /// The PDF of `html`, with its page count and the page (from 1) of each
    /// anchor a link in the document leads to (`note-3` → 7).
    /// - Throws: an error naming the package to install when no engine is, or why printing failed.
    func pdf(of html: String) throws -> PrintedPDF
    /// One PDF of `documents`, in order.
    /// - Throws: an error naming the package to install when no joiner is, or why joining failed.
    func join(_ documents: [Data]) throws -> Data
}

/// A document printed: its bytes, its pages, and where its linked anchors are.
public struct PrintedPDF: Sendable, Equatable {
    public var data: Data
    public var pages: Int
    /// The page (from 1) of each anchor a link leads to.
    public var anchors: [String: Int]

    public init(data: Data, pages: Int, anchors: [String: Int]) {
        self.data = data
        self.pages = pages
        self.anchors = anchors
    }
}
