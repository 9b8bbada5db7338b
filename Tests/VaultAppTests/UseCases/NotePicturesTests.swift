import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// `vault show`'s pictures: what a note embeds, resolved to vault files as Obsidian resolves embeds.
@Suite("A note's pictures")
struct NotePicturesTests {
    @Test("both embed forms, in order, each file once; a missing file, a link and a non-picture left out")
    func pictures() {
        let body = """
            ![[door.png|200]] then ![Garage](<05 garage.png>) and ![again](figures/hall.png)
            [[door.png]] is a link, ![[gone.png]] is missing, ![[paper.pdf]] is no picture, ![[door.png]] again.
            """
        let texts = ["walk/n.md": "# N\n\n" + body + "\n"]
        let files = Fixture.files(
            texts,
            [
                "attachments/door.png": Data([0x89]), "walk/05 garage.png": Data([0x89]),
                "figures/hall.png": Data([0x89]),
                "paper.pdf": Data([0x25]),
            ])
        let context = Fixture.context(Fixture.notes(texts), files: files)
        let found = NotePictures.pictures(in: body, ofNoteAt: "walk/n.md", context: context)
        #expect(found.map(\.reference) == ["door.png", "05 garage.png", "figures/hall.png"])
        #expect(found.map(\.path) == ["attachments/door.png", "walk/05 garage.png", "figures/hall.png"])
    }
}
