import Foundation
import Testing

/// The release binary as `make install` ships it: the Swift runtime and
/// Foundation linked in, so it runs where no Swift toolchain is. `make test`
/// builds it and names it in `VAULT_RELEASE_BIN`; a bare `swift test` skips this.
@Suite("Release binary")
struct ReleaseBinaryTests {
    static let binary = ProcessInfo.processInfo.environment["VAULT_RELEASE_BIN"]

    @Test("links no Swift shared library and runs with an empty environment", .enabled(if: binary != nil))
    func standalone() throws {
        let path = try #require(Self.binary)
        let ldd = try VaultRunner.exec("/usr/bin/ldd", [path], in: FileManager.default.temporaryDirectory)
        #expect(ldd.status == 0, "\(ldd.stderr)")
        #expect(ldd.stdout.contains("libc.so"), "ldd lists the libraries it does link: \(ldd.stdout)")
        for library in ["libswiftCore", "libFoundation", "libdispatch", "libBlocksRuntime", "libswift_Concurrency"] {
            #expect(!ldd.stdout.contains(library), "\(library) is linked: \(ldd.stdout)")
        }
        let version = try VaultRunner.exec(path, ["--version"], environment: [:], in: FileManager.default.temporaryDirectory)
        #expect(version.stdout == "0.1.0\n" && version.status == 0, "\(version.stderr)")
    }
}
