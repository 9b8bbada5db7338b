import Foundation
import Testing
import VaultStore

@testable import VaultIndex

@Suite("Watched files")
struct WatchedFilesTests {
    func file(_ path: String, size: Int64 = 10, inode: UInt64 = 1) -> ScannedFile {
        ScannedFile(path: path, size: size, modified: 5, changed: 6, inode: inode)
    }

    @Test("after adds, edits, removals and folder rescans, the fingerprint is that of a scan of what is left")
    func fingerprintFollowsChanges() {
        var watched = WatchedFiles([file("a.md"), file("x/b.md", inode: 2), file("x/y/c.md", inode: 3)])
        #expect(watched.generation == 0)
        watched.set("d.md", to: file("d.md", inode: 4))
        watched.set("a.md", to: file("a.md", size: 11))
        watched.set("a.md", to: file("a.md", size: 11))  // no change
        #expect(watched.generation == 2)
        watched.set("gone.md", to: nil)  // nothing there before or now
        #expect(watched.generation == 2)
        // x/ was rescanned: b.md is gone, c.md moved deeper, e.md is new.
        watched.replace(folder: "x", with: [file("x/y/z/c.md", inode: 3), file("x/e.md", inode: 5)])
        let now = [
            file("a.md", size: 11), file("d.md", inode: 4), file("x/y/z/c.md", inode: 3), file("x/e.md", inode: 5),
        ]
        #expect(watched.count == 4)
        #expect(watched.fingerprint == ScanFingerprint(now))
        #expect(Set(watched.scan.files) == Set(now))
        // A folder whose name is a prefix of another's is not touched by its rescan.
        watched.set("xy/f.md", to: file("xy/f.md", inode: 6))
        watched.replace(folder: "x", with: [])
        #expect(
            Set(watched.scan.files) == Set([file("a.md", size: 11), file("d.md", inode: 4), file("xy/f.md", inode: 6)]))
        #expect(watched.fingerprint == ScanFingerprint(watched.scan.files))
    }

    @Test("the changed paths are kept from one take to the next, with what is there now; too many are not kept")
    func changesSinceLastTake() {
        var watched = WatchedFiles([file("a.md"), file("x/b.md", inode: 2)])
        #expect(watched.takeChanges() == nil)  // a new scan: anything may differ
        #expect(watched.takeChanges() == [:])
        watched.set("a.md", to: file("a.md", size: 11))
        watched.set("a.md", to: file("a.md", size: 11))  // no change
        watched.set("c.md", to: file("c.md", inode: 3))
        watched.replace(folder: "x", with: [])
        let expected: [String: ScannedFile?] = [
            "a.md": file("a.md", size: 11), "c.md": file("c.md", inode: 3), "x/b.md": nil,
        ]
        #expect(watched.takeChanges() == expected)
        #expect(watched.takeChanges() == [:])
        for k in 0...WatchedFiles.changesKept { watched.set("n\(k).md", to: file("n\(k).md", inode: UInt64(10 + k))) }
        #expect(watched.takeChanges() == nil)
        #expect(watched.takeChanges() == [:])
    }
}
