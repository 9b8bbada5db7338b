import Foundation
import Testing
import VaultStore

@testable import VaultIndex

/// The watcher's pure parts, with hand-made events and no system calls.
@Suite("Watch state and protocol")
struct WatchStateTests {
    func state() -> WatchState {
        var state = WatchState()
        state.watching(1, folder: "")
        state.watching(2, folder: "2026/11")
        state.dotVaultWatch = 9
        return state
    }

    @Test("events name paths in their folders; a folder that arrives is to be watched; hidden names are left out")
    func recording() {
        var state = state()
        #expect(state.record(WatchEvent(watch: 2, name: "a.md", kind: [])) == nil)
        #expect(state.record(WatchEvent(watch: 1, name: "new", kind: [.isFolder, .arrived])) == "new")
        #expect(state.record(WatchEvent(watch: 1, name: ".obsidian", kind: [.isFolder, .arrived])) == nil)
        #expect(state.record(WatchEvent(watch: 2, name: "old", kind: [.isFolder])) == nil)
        #expect(state.dirtyPaths == ["2026/11/a.md"])
        #expect(state.dirtyFolders == ["new", "2026/11/old"])
        #expect(state.takeEvents() == .changes(folders: ["new", "2026/11/old"], paths: ["2026/11/a.md"]))
        #expect(state.dirtyPaths.isEmpty && !state.isDirty(refreshRunning: true))
        #expect(state.isDirty(refreshRunning: false), "the search cache has yet to take them in")
        #expect(state.takeIndexWork() == .changes(folders: ["new", "2026/11/old"], paths: ["2026/11/a.md"]))
        #expect(state.takeIndexWork() == nil)
    }

    @Test("an overflow or a changed ignore file means a full scan, for the search cache too")
    func fullScans() {
        var state = state()
        _ = state.record(WatchEvent(watch: 9, name: "config.yml", kind: []))
        #expect(!state.needsFullScan)
        _ = state.record(WatchEvent(watch: 9, name: "ignore", kind: []))
        #expect(state.takeEvents() == .fullScan)
        #expect(state.takeIndexWork() == .fullScan)
        _ = state.record(WatchEvent(watch: -1, name: "", kind: [.overflow]))
        #expect(state.takeEvents() == .fullScan)
    }

    @Test("a gone watch is forgotten; the vault folder gone stops the watcher")
    func goneWatches() {
        var state = state()
        _ = state.record(WatchEvent(watch: 2, name: "", kind: [.watchGone]))
        #expect(state.folders[2] == nil && !state.rootGone)
        _ = state.record(WatchEvent(watch: 2, name: "late.md", kind: []))
        #expect(state.dirtyPaths.isEmpty)
        _ = state.record(WatchEvent(watch: 1, name: "", kind: [.selfGone]))
        #expect(state.rootGone)
    }

    @Test("the poll timeout: settle after events, look in on a first refresh, wake for the idle limit")
    func timeouts() {
        var state = state()
        #expect(state.pollTimeout(refreshRunning: false, idleLeftMilliseconds: nil) == -1)
        #expect(state.pollTimeout(refreshRunning: true, idleLeftMilliseconds: nil) == 20)
        #expect(state.pollTimeout(refreshRunning: false, idleLeftMilliseconds: 5000) == 5010)
        _ = state.record(WatchEvent(watch: 1, name: "x.md", kind: []))
        #expect(state.pollTimeout(refreshRunning: false, idleLeftMilliseconds: 5000) == WatchState.settleMilliseconds)
        state.idleApplyFailed = true
        #expect(state.pollTimeout(refreshRunning: false, idleLeftMilliseconds: nil) == -1, "after a failure: wait")
    }

    @Test("requests and answers read back what they write; anything else is refused")
    func protocolLines() {
        #expect(WatchRequest(line: "sync") == .sync)
        #expect(WatchRequest(line: "catalog Europe/Berlin 8") == .catalog(zone: "Europe/Berlin", version: 8))
        #expect(WatchRequest(line: "catalog Europe/Berlin") == .catalog(zone: "Europe/Berlin", version: nil))
        #expect(WatchRequest.catalog(zone: "UTC", version: 9).line == "catalog UTC 9")
        for bad in ["", "sync now", "catalog", "catalog a b", "catalog a 1 2", "catalog  1", "hello"] {
            #expect(WatchRequest(line: bad) == nil)
        }
        let scan = NoteCatalog.VouchedScan(fingerprint: ScanFingerprint(value: 0xdead_beef), count: 42)
        #expect(WatchResponse.catalog(scan).line == "ok deadbeef 42")
        #expect(WatchResponse(line: "ok deadbeef 42", to: .catalog(zone: "UTC", version: 8)) == .catalog(scan))
        #expect(WatchResponse(line: "ok", to: .sync) == .ok)
        #expect(WatchResponse(line: "error", to: .catalog(zone: "UTC", version: 8)) == .error)
        #expect(WatchResponse(line: "ok", to: .catalog(zone: "UTC", version: 8)) == nil)
        #expect(WatchResponse(line: "ok zz 1", to: .catalog(zone: "UTC", version: 8)) == nil)
    }

    @Test("the spawn policy: auto from 10,000 notes, always, never, and VAULT_NO_WATCHER over all")
    func policy() {
        #expect(!WatcherPolicy.shouldStart(.auto, noteCount: 9_999, disabledByEnvironment: false))
        #expect(WatcherPolicy.shouldStart(.auto, noteCount: 10_000, disabledByEnvironment: false))
        #expect(WatcherPolicy.shouldStart(.always, noteCount: 1, disabledByEnvironment: false))
        #expect(!WatcherPolicy.shouldStart(.never, noteCount: 1_000_000, disabledByEnvironment: false))
        #expect(!WatcherPolicy.shouldStart(.always, noteCount: 1, disabledByEnvironment: true))
    }
}
