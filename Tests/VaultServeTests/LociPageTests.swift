import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultServe

/// Memory palaces in the web app over the real adapters, against `vault loci`.
@Suite("vault serve memory palaces")
struct LociPageTests {
    @Test("a review rated from the page writes the loci-rate line vault loci review --rate writes, then asks the next")
    func reviewEqualsCLI() throws {
        let web = try ServeSandbox()
        let cli = try ServeSandbox()
        defer { web.cleanUp(); cli.cleanUp() }
        let first = LociPage.get(try web.context(), itinerary: "Home walk", mode: "review", query: FormFields(), csrf: "c")
        #expect(first.status == 200)
        #expect(first.text.contains("Show the picture"))
        #expect(!first.text.contains("<img"))  // the number first, as the terminal asks
        let shown = LociPage.get(try web.context(), itinerary: "Home walk", mode: "review", query: FormFields(["s": "2"]), csrf: "c")
        #expect(shown.text.contains("<img src=\"/files/loci/Home%20walk/"))
        let key = try #require(shown.text.components(separatedBy: "name=\"location\" value=\"").dropFirst().first?.prefix(36))
        let sequence = try #require(shown.text.components(separatedBy: "<p class=\"sequence\">Number ").dropFirst().first?.prefix { $0.isNumber })
        let before = try web.ledgerLines().count
        let answer = LociPage.rate(
            try web.context(), itinerary: "Home walk", mode: "review",
            form: FormFields(["location": String(key), "quality": "4", "response_ms": ""]))
        #expect(answer.status == 303)
        #expect(answer.location == "/loci/Home%20walk/review?r=\(key)")
        #expect(try cli.vault(["loci", "review", "Home walk", "--rate", "\(sequence)=4"]).status == 0)
        let webLines = try web.ledgerLines().dropFirst(before).map(ServeSandbox.comparable)
        let cliLines = try cli.ledgerLines().dropFirst(before).map(ServeSandbox.comparable)
        #expect(webLines.count == 1)
        #expect(webLines == cliLines)
        let next = LociPage.get(try web.context(), itinerary: "Home walk", mode: "review", query: FormFields(["r": String(key)]), csrf: "c")
        #expect(next.text.contains("Location 2 of"))
        // A stale form (the location asked before) writes nothing.
        let stale = LociPage.rate(
            try web.context(), itinerary: "Home walk", mode: "review", form: FormFields(["location": "nope", "quality": "4"]))
        #expect(stale.status == 409)
    }

    @Test("the pictures are served from /files/ and nothing else there")
    func pictures() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        // Opened to be sent in pieces (the route streams it), not read whole.
        let picture = try #require(PictureFiles.open("loci/Home%20walk/01.png", context: try vault.context()))
        #expect(picture.contentType == "image/png")
        #expect([UInt8](try picture.file.read(upTo: 4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(PictureFiles.open("loci/Home%20walk/01%20Front%20door.md", context: try vault.context()) == nil)
    }
}
