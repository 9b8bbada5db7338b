import Testing

@testable import VaultCore

@Suite("Static site paths")
struct SitePathsTests {
    @Test("a page's file name fits any file system: a tag nested 10,000 deep or a 300-byte name")
    func sitePaths() {
        #expect(SitePaths.page(ofNote: "2026/11/x.md") == "2026/11/x.html")
        #expect(SitePaths.page(ofTag: "area/sub") == "tags/area/sub.html")
        let deep = SitePaths.page(ofTag: "tag" + String(repeating: "/x", count: 10_000))
        #expect(deep.split(separator: "/").count == 1 + TagTree.maxDepth)
        #expect(deep.split(separator: "/").allSatisfy { $0.utf8.count <= 255 })
        let long = String(repeating: "é", count: 150)
        let page = SitePaths.page(ofNote: "notes/" + long + ".md")
        #expect(page.hasPrefix("notes/" + String(repeating: "é", count: 91) + "-") && page.hasSuffix(".html"))
        #expect(page.split(separator: "/").last!.utf8.count <= 255)
        #expect(SitePaths.page(ofNote: "notes/" + long + "a.md") != page, "two long names stay two pages")
        // A category as long: one page of a file name the file system takes (a 300-byte one broke the export).
        let category = SitePaths.page(ofCategory: String(repeating: "z", count: 300))
        #expect(category.hasPrefix("categories/zzz") && category.hasSuffix(".html"))
        #expect(category.split(separator: "/").allSatisfy { $0.utf8.count <= 255 })
        #expect(SitePaths.page(ofCategory: String(repeating: "z", count: 301)) != category)
        #expect(SitePaths.page(ofCategory: "Health") == "categories/health.html")
    }
}

@Suite("Static site links")
struct SiteRelativeLinkTests {
    @Test("a relative link climbs out of the page's folders and percent-encodes what a URL cannot hold")
    func relativeLinks() {
        #expect(SitePaths.relative(from: "2026/11/a.html", to: "2026/11/b.html") == "b.html")
        #expect(SitePaths.relative(from: "2026/11/a.html", to: "tags/x.html") == "../../tags/x.html")
        #expect(SitePaths.relative(from: "index.html", to: "notes/Café au lait.html") == "notes/Caf%C3%A9%20au%20lait.html")
        #expect(SitePaths.relative(from: "a.html", to: "q?#%&.html") == "q%3F%23%25%26.html")
        #expect(SitePaths.relative(from: "a.html", to: "A-z_0.9~.html") == "A-z_0.9~.html")
        #expect(SitePaths.relative(from: "2026/11/a.html", to: "2026/12/b.html") == "../12/b.html")
        #expect(SitePaths.relative(from: "tags/a/b.html", to: "index.html") == "../../index.html")
        #expect(SitePaths.relative(from: "index.html", to: "index.html") == "index.html")
        #expect(SitePaths.relative(from: "x/y.html", to: "x/y/z.html") == "y/z.html")
        #expect(SitePaths.relative(from: "Café/a.html", to: "Café/b.html") == "b.html")
    }

    @Test("folders are told apart by their bytes, as the file system tells them apart")
    func foldersByBytes() {
        // Two spellings of é are two folders on disk: the link climbs out of one into the other.
        #expect(SitePaths.relative(from: "Caf\u{E9}/a.html", to: "Cafe\u{301}/b.html") == "../Cafe%CC%81/b.html")
        // A `/` before a combining mark still ends a folder's name.
        #expect(SitePaths.relative(from: "index.html", to: "a/\u{301}b.html") == "a/%CC%81b.html")
    }
}
