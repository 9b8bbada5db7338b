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
        let version = try VaultRunner.exec(
            path, ["--version"], environment: [:], in: FileManager.default.temporaryDirectory)
        #expect(version.stdout == "0.1.0\n" && version.status == 0, "\(version.stderr)")
    }

    /// `make release` links the archives it found into .build/static-libs
    /// (scripts/static-libs.sh); the binary must then carry those libraries
    /// itself, still search with SQLite's FTS5 and render with libcmark, and
    /// be position-dependent (ELF type EXEC: no relocations to apply at start).
    @Test("carries the static libraries make found, and still searches and renders", .enabled(if: binary != nil))
    func staticLibraries() throws {
        let path = try #require(Self.binary)
        let staticLibs = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("static-libs")
        let archives = (try? FileManager.default.contentsOfDirectory(atPath: staticLibs.path)) ?? []
        let ldd = try VaultRunner.exec("/usr/bin/ldd", [path], in: FileManager.default.temporaryDirectory).stdout
        for archive in archives where archive.hasSuffix(".a") {
            let library = String(archive.dropLast(2)) + ".so"
            #expect(!ldd.contains(library), "\(archive) is in \(staticLibs.path), but \(library) is linked: \(ldd)")
        }
        let header = try #require(FileHandle(forReadingAtPath: path)?.readData(ofLength: 18))
        #expect(
            header.count == 18 && header[16] == 2 && header[17] == 0, "ELF type \(Array(header.suffix(2))), not EXEC")

        let vault = FileManager.default.temporaryDirectory.appendingPathComponent("vault-release-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: vault) }
        let env = ["HOME": vault.path, "NO_COLOR": "1"]
        let initialized = try VaultRunner.exec(
            path, ["init", vault.path], environment: env, in: FileManager.default.temporaryDirectory)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        try Data("---\ntitle: Spaced repetition\n---\nReview *cards* on the day they are due.\n".utf8)
            .write(to: vault.appendingPathComponent("spacing.md"))
        let search = try VaultRunner.exec(
            path, ["search", "--vault", vault.path, "-l", "due"], environment: env, in: vault)
        #expect(search.stdout == "spacing.md\n" && search.status == 0, "\(search.stdout)\(search.stderr)")
        let shown = try VaultRunner.exec(
            path, ["show", "--vault", vault.path, "spacing.md"], environment: env, in: vault)
        #expect(shown.stdout.contains("Review cards on the day") && shown.status == 0, "\(shown.stdout)\(shown.stderr)")
    }
}
