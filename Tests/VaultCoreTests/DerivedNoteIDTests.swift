import Foundation
import Testing

@testable import VaultCore

@Suite("Ids derived for notes without one")
struct DerivedNoteIDTests {
    let created = Date(timeIntervalSince1970: 1_763_452_800)

    @Test("the same path and created moment give the same UUID on every machine; others differ")
    func deterministic() throws {
        let a = DerivedNoteID.id(path: "notes/plain-3.md", created: created, origin: .git)
        #expect(a == DerivedNoteID.id(path: "notes/plain-3.md", created: created, origin: .fileName))
        #expect(a != DerivedNoteID.id(path: "notes/plain-4.md", created: created, origin: .git))
        #expect(a != DerivedNoteID.id(path: "notes/plain-3.md", created: created + 1, origin: .git))
        // A modification time differs between clones: it is left out.
        #expect(
            DerivedNoteID.id(path: "x.md", created: created, origin: .modificationTime)
                == DerivedNoteID.id(path: "x.md", created: created + 99, origin: .modificationTime))
        // A version-8 UUID, which the curation state keys by its 128 bits.
        #expect(a.count == 36 && Array(a)[14] == "8" && "89ab".contains(Array(a)[19]))
        #expect(NoteKey(id: a) == NoteKey(id: a.uppercased()))
        #expect(UUID(uuidString: a) != nil)
    }
}
