import Testing

@testable import VaultCore

@Suite("Decks: which notes hold flashcards")
struct DecksTests {
    @Test("a deck folder holds the notes under it, and / holds every note")
    func folders() {
        let decks = Decks(folders: ["Languages", "./Flash/cards/"])
        #expect(decks.folders == ["Languages/", "Flash/cards/"])
        #expect(decks.contains(path: "Languages/german.md", tags: [], setting: nil))
        #expect(decks.contains(path: "Flash/cards/a.md", tags: [], setting: nil))
        #expect(!decks.contains(path: "LanguagesOld/a.md", tags: [], setting: nil))
        #expect(!decks.contains(path: "Plugins/Canvas.md", tags: [], setting: nil))
        #expect(Decks.wholeVault.contains(path: "any/where.md", tags: [], setting: nil))
        #expect(Decks(folders: ["."]).folders == [""])
    }

    @Test("the deck tag puts a note in a deck, nested tags too, in any case")
    func tag() {
        let decks = Decks()
        #expect(decks.contains(path: "x.md", tags: ["Flashcards"], setting: nil))
        #expect(decks.contains(path: "x.md", tags: ["flashcards/spanish"], setting: nil))
        #expect(!decks.contains(path: "x.md", tags: ["flash"], setting: nil))
        #expect(Decks(tag: "#drill").contains(path: "x.md", tags: ["drill"], setting: nil))
    }

    @Test("a note's own cards: setting wins over folders and tags")
    func setting() {
        let decks = Decks.wholeVault
        #expect(!decks.contains(path: "x.md", tags: ["flashcards"], setting: false))
        #expect(Decks().contains(path: "x.md", tags: [], setting: true))
    }
}
