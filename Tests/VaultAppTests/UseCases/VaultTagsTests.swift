import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Vault tags")
struct VaultTagsTests {
    @Test("every tag with its notes, nested tags under their parents, counted once per note")
    func tree() {
        var texts = Fixture.weekTexts
        texts["e.md"] = Fixture.text([("tags", "[Habits/Sleep, reading]")])
        let tree = VaultTags.load(Fixture.context(Fixture.notes(texts)))
        #expect(tree.roots.map(\.tag) == ["habits", "reading"])
        let habits = tree.roots[0]
        #expect(habits.notes == 2 && habits.total == 3)
        #expect(habits.children.map(\.tag) == ["habits/sleep"])
        #expect(habits.children.first?.notes == 2)
        #expect(tree.roots[1].total == 1)
    }

    @Test("a vault without tags has none")
    func none() {
        #expect(VaultTags.load(Fixture.context(Fixture.notes(["x.md": "# X\n"]))).roots.isEmpty)
    }
}
