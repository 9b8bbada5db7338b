import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("Ledger files")
struct LedgerStoreTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!

    /// A fresh vault in a temporary folder.
    func makeVault() throws -> VaultLayout {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-store-\(UUID().uuidString)")
        try VaultInitializer.initialize(root, timeZoneIdentifier: zone.identifier)
        return VaultLayout(root: root)
    }

    func appender(_ layout: VaultLayout) throws -> LedgerAppender {
        let store = LedgerStore(layout: layout)
        return try LedgerAppender(store: store, timeZone: zone, history: store.history().history)
    }

    let now = VaultDate.parse("2026-11-18T09:00:00.123Z", in: TimeZone(identifier: "UTC")!)!

    @Test("appended events read back equal, in a file per UTC year with the header first")
    func roundTrip() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        let a = try writer.append(kind: "curate", fields: [("note", "x\ty"), ("decision", "keep")], at: now)
        let b = try writer.append(
            kind: "finish", fields: [("level", "weekly")], at: now.addingTimeInterval(86_400 * 50))
        #expect(a.sequence == 1)
        #expect(b.sequence == 2)
        #expect(a.utcOffset == 3600)
        let snapshot = LedgerStore(layout: layout).read()
        #expect(snapshot.files == [".vault/ledger/2026.log", ".vault/ledger/2027.log"])
        #expect(snapshot.events == [a, b])
        #expect(snapshot.diagnostics.isEmpty)
        let text = try String(contentsOf: layout.url(of: ".vault/ledger/2026.log"), encoding: .utf8)
        #expect(text.hasPrefix("# vault-ledger v1\n2026-11-18T10:00:00.123+01:00\t"))
        #expect(text.hasSuffix("\tdecision=keep\n"))
    }

    @Test("an event whose line would not read back (year 10000, a bad offset) is refused, never written (issue 48, item 10)")
    func unreadableLinesRefused() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        #expect(throws: VaultStoreError.self) {
            try writer.append(kind: "curate", fields: [("note", "x")], at: Date(timeIntervalSince1970: 253_402_300_800))
        }
        let ledger = VaultLedger(layout: layout, timeZone: zone)
        let good = LedgerEvent(time: now, device: "anki", sequence: 1_767_300_000_000, kind: "rate", fields: [("card", "c")])
        for bad in [
            LedgerEvent(time: Date(timeIntervalSince1970: 253_402_300_800), device: "anki", sequence: 2, kind: "rate", fields: []),
            LedgerEvent(time: now, utcOffset: 20 * 3600, device: "anki", sequence: 3, kind: "rate", fields: []),
            LedgerEvent(time: now, device: "anki", sequence: 0, kind: "rate", fields: []),
        ] {
            #expect(throws: VaultStoreError.self) { try ledger.appendImported([good, bad]) }
        }
        let snapshot = LedgerStore(layout: layout).read()
        #expect(snapshot.diagnostics.isEmpty)
        #expect(snapshot.files.allSatisfy { !$0.contains("10000") })
    }

    @Test("the device id is made once and kept in .vault/local")
    func deviceID() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let store = LedgerStore(layout: layout)
        let first = try store.deviceID()
        #expect(first.count == 12)
        #expect(try store.deviceID() == first)
        #expect(FileManager.default.fileExists(atPath: layout.localFolder.appendingPathComponent("device").path))
    }

    @Test("sequence numbers continue from the ledger when the local counter is lost")
    func sequenceFromLedger() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        for _ in 0..<3 { try writer.append(kind: "x", fields: [], at: now) }
        try FileManager.default.removeItem(at: layout.localFolder.appendingPathComponent("sequence"))
        let next = try appender(layout).append(kind: "x", fields: [], at: now)
        #expect(next.sequence == 4)
    }

    @Test("a truncated last line is reported, and the next append starts on a new line and parses")
    func truncatedThenAppend() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        try writer.append(kind: "curate", fields: [("note", "a")], at: now)
        let url = layout.url(of: ".vault/ledger/2026.log")
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data("2026-11-18T10:00:00.000+01:00\tdead".utf8))
        try handle.close()
        var snapshot = LedgerStore(layout: layout).read()
        #expect(snapshot.events.count == 1)
        #expect(snapshot.diagnostics.map(\.code) == ["ledger-truncated"])
        let after = try writer.append(kind: "curate", fields: [("note", "b")], at: now)
        snapshot = LedgerStore(layout: layout).read()
        #expect(snapshot.events.map { $0["note"] } == ["a", "b"])
        #expect(snapshot.events.last == after)
        #expect(snapshot.diagnostics.map(\.code) == ["ledger-malformed"])
        #expect(snapshot.diagnostics.first?.line == 3)
        let changes = try LedgerRepair(store: LedgerStore(layout: layout)).run()
        #expect(changes == [LedgerRepair.Change(path: ".vault/ledger/2026.log", removedLines: 1, duplicates: 0)])
        snapshot = LedgerStore(layout: layout).read()
        #expect(snapshot.diagnostics.isEmpty)
        #expect(snapshot.events.count == 2)
    }

    @Test("concurrent appends through separate descriptors lose nothing and never share a sequence")
    func concurrentAppends() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writers = try (0..<4).map { _ in try appender(layout) }
        let time = now
        DispatchQueue.concurrentPerform(iterations: 4) { w in
            for i in 0..<50 { _ = try? writers[w].append(kind: "x", fields: [("w", "\(w)"), ("i", "\(i)")], at: time) }
        }
        let snapshot = LedgerStore(layout: layout).read()
        #expect(snapshot.diagnostics.isEmpty)
        #expect(snapshot.events.count == 200)
        #expect(Set(snapshot.events.map(\.sequence)) == Set(1...200))
        #expect(Set(snapshot.events.map { "\($0["w"]!)-\($0["i"]!)" }).count == 200)
    }
}

@Suite("Device id after a crash")
struct DeviceIDCrashTests {
    @Test("an empty device file left by a crash is replaced, not trusted and not looped on")
    func emptyDeviceFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString)")
        try VaultInitializer.initialize(root, timeZoneIdentifier: "UTC")
        defer { try? FileManager.default.removeItem(at: root) }
        let layout = VaultLayout(root: root)
        try FileManager.default.createDirectory(at: layout.localFolder, withIntermediateDirectories: true)
        FileManager.default.createFile(
            atPath: layout.localFolder.appendingPathComponent("device").path, contents: Data())
        let id = try LedgerStore(layout: layout).deviceID()
        #expect(id.count == 12)
        let text = try String(contentsOf: layout.localFolder.appendingPathComponent("device"), encoding: .utf8)
        #expect(text == "\(id)\nhost \(LedgerStore.hostName())\nroot \(root.standardizedFileURL.path)\n")
        #expect(try LedgerStore(layout: layout).deviceID() == id, "the same machine and folder keep the id")
    }

    @Test(
        "a vault copied with its device file (cp -a, a sync tool) gets a device id of its own; an older file keeps its id"
    )
    func copiedDeviceFile() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let original = base.appendingPathComponent("a")
        try VaultInitializer.initialize(original, timeZoneIdentifier: "UTC")
        let first = try LedgerStore(layout: VaultLayout(root: original)).deviceID()
        let copy = base.appendingPathComponent("b")
        try FileManager.default.copyItem(at: original, to: copy)
        let second = try LedgerStore(layout: VaultLayout(root: copy)).deviceID()
        #expect(second != first)
        #expect(try LedgerStore(layout: VaultLayout(root: original)).deviceID() == first)
        // A device file from before the binding: the id is kept.
        let device = VaultLayout(root: original).localFolder.appendingPathComponent("device")
        try "0123456789ab\n".write(to: device, atomically: true, encoding: .utf8)
        #expect(try LedgerStore(layout: VaultLayout(root: original)).deviceID() == "0123456789ab")
        #expect(try String(contentsOf: device, encoding: .utf8).hasPrefix("0123456789ab\nhost "))
    }
}
