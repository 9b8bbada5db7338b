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

    /// `make release` compiles each function into a section of its own and the
    /// link lays out those scripts/link-order.txt lists side by side (Package.swift).
    /// Most of them must then lie in one stretch of code about as long as they
    /// are; laid out as written they are spread over all of it (3 in 10 fit one
    /// such stretch; about 8 in 10 when ordered, the rest in archives of the
    /// toolchain built without sections of their own).
    @Test("lays out the functions of scripts/link-order.txt side by side", .enabled(if: binary != nil))
    func linkOrder() throws {
        let path = try #require(Self.binary)
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/link-order.txt")
        let listed = Set(try String(contentsOf: list, encoding: .utf8).split(separator: "\n").map { $0.dropFirst(6) })
        let nm = try VaultRunner.exec(
            "/usr/bin/nm", ["-S", "--defined-only", path], in: FileManager.default.temporaryDirectory)
        #expect(nm.status == 0, "\(nm.stderr)")
        var addresses: [UInt64] = []
        var size: UInt64 = 0
        for line in nm.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 4, "tTwW".contains(fields[2]), listed.contains(fields[3]),
                let address = UInt64(fields[0], radix: 16), let length = UInt64(fields[1], radix: 16)
            else { continue }
            addresses.append(address)
            size += length
        }
        try #require(addresses.count > 1_000, "only \(addresses.count) functions of the list are in the binary")
        addresses.sort()
        let stretch = size * 3 / 2
        var most = 0
        var end = 0
        for (start, address) in addresses.enumerated() {
            while end < addresses.count && addresses[end] <= address + stretch { end += 1 }
            most = max(most, end - start)
        }
        #expect(
            Double(most) / Double(addresses.count) >= 0.6,
            "\(most) of \(addresses.count) listed functions lie within \(stretch) bytes of each other")
    }
}
