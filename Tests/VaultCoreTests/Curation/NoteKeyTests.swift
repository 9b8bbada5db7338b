import Foundation
import Testing

@testable import VaultCore

@Suite("Note keys")
struct NoteKeyTests {
    let uuid = "3f9a0c12-d4e5-4b8b-9a55-3c2f4f0b6d11"

    @Test("a canonical UUID in any case is one 128-bit key that prints back lowercased")
    func uuids() {
        let key = NoteKey(id: uuid)
        #expect(key == .uuid(0x3f9a_0c12_d4e5_4b8b, 0x9a55_3c2f_4f0b_6d11))
        #expect(NoteKey(id: uuid.uppercased()) == key)
        #expect(NoteKey(id: "3F9a0C12-d4E5-4b8b-9A55-3c2f4f0b6D11") == key)
        #expect(key.text == uuid)
        #expect(NoteKey(id: "00000000-0000-0000-0000-000000000000").text == "00000000-0000-0000-0000-000000000000")
        #expect(NoteKey(id: "ffffffff-ffff-ffff-ffff-ffffffffffff") == .uuid(.max, .max))
    }

    @Test(
        "any other id is its text, lowercased",
        arguments: [
            "habit-notes", "Ünïcode Ïd", "3f9a0c12d4e54b8b9a553c2f4f0b6d11",  // no dashes
            "3f9a0c12-d4e5-4b8b-9a55-3c2f4f0b6d1",  // one digit short
            "3f9a0c12-d4e5-4b8b-9a55-3c2f4f0b6d1g",  // not hex
            "3f9a0c12_d4e5-4b8b-9a55-3c2f4f0b6d11",  // a dash misplaced
            "{3f9a0c12-d4e5-4b8b-9a55-3c2f4f0b6d11}",
        ])
    func otherIDs(_ id: String) {
        #expect(NoteKey(id: id) == .text(id.lowercased()))
        #expect(NoteKey(id: id.uppercased()) == NoteKey(id: id))
        #expect(NoteKey(id: id).text == id.lowercased())
    }

    @Test("every byte value in a digit's place: a UUID only for 0-9, a-f and A-F")
    func everyByte() {
        let hex = Set("0123456789abcdefABCDEF".utf8)
        for byte in UInt8.min...UInt8.max {
            for place in [0, 7, 9, 35] {
                var bytes = Array(uuid.utf8)
                bytes[place] = byte
                let isUUID = bytes.withUnsafeBufferPointer { NoteKey.parseUUID($0) } != nil
                #expect(isUUID == hex.contains(byte), "byte \(byte) at \(place)")
            }
        }
    }

    @Test("random UUIDs round-trip through their text")
    func roundTrip() {
        for _ in 0..<500 {
            let id = UUID().uuidString
            let key = NoteKey(id: id)
            guard case .uuid = key else {
                Issue.record("\(id) is not read as a UUID")
                return
            }
            #expect(key.text == id.lowercased())
            #expect(NoteKey(id: key.text) == key)
        }
    }

    @Test("decisions recorded under one spelling of a UUID reach the note written in another")
    func boardMatchesAnyCase() {
        var fixture = CurationFixture()
        fixture.note(uuid.uppercased(), created: "2026-11-10T09:00:00")
        fixture.note("Plain-Id", created: "2026-11-11T09:00:00")
        fixture.decide(uuid, .keep, .weekly, "2026-W46", at: "2026-11-15T10:00:00")
        fixture.decide("plain-id", .archive, .weekly, "2026-W46", at: "2026-11-15T10:01:00")
        let board = fixture.board
        #expect(board.cycle(uuid) == .weekly)
        #expect(board.isArchived("plain-id") == true)
        let state = CurationState(LedgerHistory(fixture.events))
        #expect(state.decision(note: uuid.uppercased(), period: CurationFixture.week("2026-W46"))?.decision == .keep)
        #expect(state.notesNamed == [uuid, "plain-id"])
    }
}
