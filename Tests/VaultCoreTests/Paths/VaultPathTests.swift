import Testing
import VaultCore

/// Issue 34, point 1: the lexical half of the one path rule.
@Suite("Vault paths: the lexical rule")
struct VaultPathTests {
    @Test("., empty parts and .. inside are resolved; .. above the root, an absolute path and NUL are refused")
    func examples() {
        #expect(VaultPath.normalized("loci/walk/./x.md") == .success("loci/walk/x.md"))
        #expect(VaultPath.normalized("loci//walk/../y.png") == .success("loci/y.png"))
        #expect(VaultPath.normalized("") == .success(""))
        #expect(VaultPath.normalized("a/..") == .success(""))
        #expect(VaultPath.normalized("loci/walk/../../../secret.txt") == .failure(.climbsOut))
        #expect(VaultPath.normalized("/etc/passwd") == .failure(.absolute))
        #expect(VaultPath.normalized("a\u{0}b") == .failure(.nul))
        #expect(VaultPath.resolve("../../../secret.txt", from: "loci/walk") == .failure(.climbsOut))
        #expect(VaultPath.resolve("../../secret.txt", from: "loci/walk") == .success("secret.txt"))
        #expect(VaultPath.resolve("../shared/x.png", from: "loci/walk") == .success("loci/shared/x.png"))
        // A combining accent after a slash makes one Character of "/́" in Swift; the file system still sees a slash.
        #expect(VaultPath.normalized("a/\u{301}../..") == .success("a"))
        #expect(VaultPath.normalized("a/\u{301}/../../..") == .failure(.climbsOut))
        #expect(VaultPath.normalized("a/..\u{301}/..") == .success("a"))
        #expect(VaultPath.normalized("..\u{301}") == .success("..\u{301}"))
    }

    @Test("random ., .., empty, Unicode and combining parts: the result never climbs, and matches a byte-level stack")
    func property() {
        let parts = ["..", ".", "", "a", "é", "e\u{301}", "\u{301}", "..\u{301}", "\u{301}..", "🙂", "a b", ".hidden", "\\..", "%2e%2e"]
        var random = SplitMix64(seed: 0x34)
        for _ in 0..<20_000 {
            let count = random.next(8)
            var path = (0..<count).map { _ in parts[random.next(parts.count)] }.joined(separator: "/")
            // A leading slash, possibly followed by a combining mark (then "/" is no prefix of the Swift String).
            if random.next(10) == 0 { path = "/" + path }
            // The model: split the UTF-8 bytes at 0x2F, a stack of parts.
            var stack: [[UInt8]] = []
            var climbed = false
            for part in Array(path.utf8).split(separator: 0x2F) {
                if Array(part) == [0x2E] { continue }
                if Array(part) == [0x2E, 0x2E] {
                    if stack.popLast() == nil { climbed = true }
                    continue
                }
                stack.append(Array(part))
            }
            switch VaultPath.normalized(path) {
            case .success(let normal):
                #expect(path.utf8.first != 0x2F && !climbed, "\(path.debugDescription)")
                #expect(Array(normal.utf8) == Array(stack.joined(separator: [0x2F])), "\(path.debugDescription)")
                #expect(!Array(normal.utf8).split(separator: 0x2F).contains { Array($0) == [0x2E, 0x2E] || Array($0) == [0x2E] })
            case .failure(let refusal):
                #expect(path.utf8.first == 0x2F ? refusal == .absolute : (climbed && refusal == .climbsOut), "\(path.debugDescription) \(refusal)")
            }
        }
    }
}
