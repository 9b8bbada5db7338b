import Foundation
import Testing

/// docs/JSON.md: every `--json` in one convention. The test runs every
/// command that has `--json` on a copy of ExampleVault and checks each
/// document: snake_case keys, objects in one list with one set of keys
/// (absent values are null, never left out), empty arrays as `[]`, and
/// dates as ISO 8601 with an offset.
@Suite("One JSON convention")
struct JSONConventionTests {
    static let commands: [[String]] = [
        ["status"], ["list"], ["list", "--archived"], ["list", "daily"], ["list", "weekly"], ["list", "monthly"],
        ["list", "yearly"], ["search", "sleep"], ["search", "tag:health"], ["review", "weekly", "2026-W46", "--list"],
        ["cards"], ["cards", "--due"], ["study", "--list"], ["show", "2026/07/retrieval-beats-rereading.md"],
        ["history", "2026/07/retrieval-beats-rereading.md"], ["check"], ["category", "list"], ["source-type", "list"],
        ["tags"], ["links", "2026/07/retrieval-beats-rereading.md"], ["session", "list"], ["session", "status"],
        ["session", "report"], ["session", "report", "--all", "--by", "day"], ["session", "reviews"], ["goal", "list"],
        ["subject", "list"], ["loci", "list"], ["loci", "review", "Home walk", "--list"], ["loci", "reverse", "Home walk", "--list"],
    ]

    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-json-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    /// Problems with one document, each naming where in it.
    static func problems(_ value: Any, at path: String = "$") -> [String] {
        var found: [String] = []
        if let object = value as? [String: Any] {
            for (key, child) in object {
                if key.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) == nil,
                    !path.hasSuffix(".extra"), !path.hasSuffix(".fields")
                {
                    found.append("\(path): key '\(key)' is not snake_case")
                }
                found += problems(child, at: "\(path).\(key)")
            }
        } else if let array = value as? [Any] {
            let objects = array.compactMap { $0 as? [String: Any] }
            if objects.count == array.count, let first = objects.first {
                let keys = Set(first.keys)
                for (i, object) in objects.enumerated() where Set(object.keys) != keys && !path.hasSuffix(".extra") {
                    found.append("\(path)[\(i)]: keys \(Set(object.keys).symmetricDifference(keys).sorted()) differ from [0]'s")
                }
            }
            for (i, child) in array.enumerated() { found += problems(child, at: "\(path)[\(i)]") }
        } else if let text = value as? String, text.range(of: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}", options: .regularExpression) != nil {
            if text.range(of: "(Z|[+-]\\d{2}:\\d{2})$", options: .regularExpression) == nil {
                found.append("\(path): the date '\(text)' has no offset")
            }
        }
        return found
    }

    @Test("every command's --json follows the convention", arguments: commands)
    func convention(arguments: [String]) throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let result = try vault.run(arguments + ["--json"])
        #expect(result.status == 0 || (arguments == ["check"] && result.status == 1), "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
        #expect(Self.problems(document) == [], "\(arguments)")
        #expect(!result.stdout.contains("[\n\n"), "empty arrays are []")
        #expect(!result.stdout.contains("[\n  ]") && !result.stdout.range(of: "\\[\\s+\\]", options: .regularExpression).map { _ in true }.isSome)
    }

    @Test("the checker itself catches each kind of mistake")
    func checkerCatches() {
        #expect(Self.problems(["notePath": 1]) == ["$: key 'notePath' is not snake_case"])
        #expect(Self.problems([["a": 1, "b": 2], ["a": 1]]).count == 1, "a left-out key")
        #expect(Self.problems(["due": "2026-11-18T09:00:00"]) == ["$.due: the date '2026-11-18T09:00:00' has no offset"])
        #expect(Self.problems(["due": "2026-11-18T09:00:00+01:00", "items": [["x": NSNull()], ["x": 1]]]) == [])
    }
}

extension Optional {
    fileprivate var isSome: Bool { self != nil }
}
