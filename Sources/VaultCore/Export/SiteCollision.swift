/// Two files of a static site that claim one name: the vault's
/// `index.html` and the site's index page, or `page.html` beside `page.md`
/// (whose page is `page.html`), or a file where another file needs a folder.
public struct SiteCollision: Sendable, Equatable {
    /// The vault file copied into the site (an attachment) or the page in the way.
    public var path: String
    /// What else claims the name: a page, or a folder holding `inside`.
    public var claimedBy: String

    public init(path: String, claimedBy: String) {
        self.path = path
        self.claimedBy = claimedBy
    }

    /// The first collision among a site's `pages` and `attachments` (both
    /// site-relative, attachments as in the vault), in path order; nil when
    /// every file has a name of its own.
    public static func first(pages: [String], attachments: [String]) -> SiteCollision? {
        let pageSet = Set(pages)
        for path in attachments.sorted() where pageSet.contains(path) {
            return SiteCollision(path: path, claimedBy: "the site's page \(path)")
        }
        // A file whose name another file needs as a folder.
        var folders: [String: String] = [:]
        for file in (pages + attachments).sorted() {
            var end = file.endIndex
            while let slash = file[..<end].lastIndex(of: "/") {
                let folder = String(file[..<slash])
                if folders[folder] == nil { folders[folder] = file }
                end = slash
            }
        }
        for file in (attachments + pages).sorted() {
            if let inside = folders[file] {
                return SiteCollision(path: file, claimedBy: "the folder holding \(inside)")
            }
        }
        return nil
    }
}
