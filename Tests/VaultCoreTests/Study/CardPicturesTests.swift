import Testing
import VaultCore

@Suite("A card's pictures")
struct CardPicturesTests {
    @Test("embeds in either form are found, sizes and titles dropped, links and non-pictures left out")
    func references() {
        let text =
            "Q :: A ![[door.png|200]] and ![a door](figures/my%20door.JPG \"title\") [[note]] ![[paper.pdf]] [x](y.png)"
        #expect(CardPictures.references(in: text) == ["door.png", "figures/my door.JPG"])
    }

    @Test("a destination in angle brackets (CommonMark) keeps its spaces and loses its brackets")
    func angleBrackets() {
        #expect(CardPictures.references(in: "![Garage](<05 garage.png>) ![x](<y.txt>)") == ["05 garage.png"])
    }

    @Test("resolved from the note's folder, then the vault's root, then by name among the attachments")
    func resolve() {
        let files: Set<String> = ["deck/figures/a.png", "figures/b.png", "attachments/c.png"]
        func resolve(_ ref: String) -> String? {
            CardPictures.resolve(
                ref, notePath: "deck/n.md", exists: { files.contains($0) }, attachments: { files.sorted() })
        }
        #expect(resolve("figures/a.png") == "deck/figures/a.png")
        #expect(resolve("figures/b.png") == "figures/b.png")
        #expect(resolve("c.png") == "attachments/c.png")
        #expect(resolve("../../outside.png") == nil)
        #expect(resolve("https://example.com/x.png") == nil)
        #expect(resolve("missing.png") == nil)
    }
}
