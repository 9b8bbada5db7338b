import Foundation
import Testing

/// The rules of docs/ARCHITECTURE.md on who imports whom ("The layers" and
/// "Rules that keep it that way"), checked on the `import` lines of every
/// `Sources/<Target>/**/*.swift` file and on the dependencies Package.swift
/// declares. A broken rule fails with the file (and line) and the rule's words.
@Suite("architecture: the import rules")
struct ImportRulesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    // MARK: The layers

    static let core: Set = ["VaultCore"]
    static let adapters: Set = ["VaultStore", "VaultIndex", "VaultAnki"]
    static let frontEnds: Set = ["VaultCLI", "VaultServe", "VaultLSP"]
    static let webServer: Set = [
        "Hummingbird", "HummingbirdCore", "HummingbirdTLS", "NIOCore", "NIOPosix", "Logging", "HTTPTypes", "ServiceLifecycle",
    ]

    /// Every target under Sources, the layer it is in, and everything it may
    /// import besides the system's own modules.
    static let layers: [String: (layer: String, may: Set<String>)] = [
        "VaultCore": ("the core", []),
        "VaultProcess": ("process helpers", ["CMalloc"]),
        "VaultMarkdown": ("the Markdown parser", ["VaultCore", "CCmark", "Yams"]),
        "VaultStore": ("an adapter", ["VaultCore", "VaultMarkdown", "VaultProcess", "Yams"]),
        "VaultIndex": ("an adapter", ["VaultCore", "VaultMarkdown", "VaultProcess", "VaultStore", "GRDB", "GRDBSQLite"]),
        "VaultAnki": ("an adapter", ["VaultCore", "CZstd", "CZlib", "GRDB", "GRDBSQLite"]),
        "VaultApp": ("the use cases", ["VaultCore", "VaultMarkdown", "VaultProcess"]),
        "VaultPresentation": ("presentation", ["VaultCore", "VaultMarkdown", "VaultApp"]),
        "VaultWiring": (
            "the wiring",
            ["VaultCore", "VaultMarkdown", "VaultProcess", "VaultApp", "VaultStore", "VaultIndex", "VaultAnki", "ArgumentParser"]
        ),
        "VaultLSP": ("a front end", ["VaultCore", "VaultMarkdown", "VaultProcess", "VaultApp"]),
        "VaultCLI": (
            "a front end",
            ["VaultCore", "VaultMarkdown", "VaultProcess", "VaultApp", "VaultPresentation", "VaultWiring", "VaultLSP", "ArgumentParser"]
        ),
        "VaultServe": (
            "a front end",
            Set(["VaultCore", "VaultMarkdown", "VaultProcess", "VaultApp", "VaultPresentation", "VaultWiring", "ArgumentParser"])
                .union(webServer)
        ),
        "vault": ("an entry point", ["VaultCLI", "VaultServe"]),
        "vault-serve": ("an entry point", ["VaultServe"]),
        "CCmark": ("a C module", []), "CZstd": ("a C module", []), "CZlib": ("a C module", []), "CMalloc": ("a C module", []),
    ]

    /// Modules of the system and the toolchain, which any target may import.
    static let system: Set = ["Foundation", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization", "os"]

    /// The one file where `vault lsp` (a command of the command line) hosts the language server.
    static let languageServerHost = "Sources/VaultCLI/Commands/LanguageServerCommand.swift"

    // MARK: The rules

    /// A rule of docs/ARCHITECTURE.md: its words, and whether `target`'s file
    /// `path` may import `module` (`path` nil: whether Package.swift may
    /// declare the dependency, that is whether some file of the target may).
    struct Rule: Sendable {
        var words: String
        var allows: @Sendable (_ target: String, _ path: String?, _ module: String) -> Bool
    }

    static let rules: [Rule] = [
        Rule(words: "the core does no I/O: VaultCore imports nothing of ours (no Vault module, no C module, no package)") {
            target, _, module in !core.contains(target) || system.contains(module)
        },
        Rule(words: "one way in: VaultApp reaches the world through AppContext's ports, never an adapter, the wiring, presentation or a front end") {
            target, _, module in
            target != "VaultApp" || !(adapters.union(frontEnds).union(["VaultWiring", "VaultPresentation"]).contains(module))
        },
        Rule(words: "only the wiring builds adapters: no target but VaultWiring and the adapters themselves imports VaultStore, VaultIndex or VaultAnki") {
            target, _, module in !adapters.contains(module) || target == "VaultWiring" || adapters.contains(target)
        },
        Rule(words: "a front end (VaultCLI, VaultServe, VaultLSP) imports no adapter") {
            target, _, module in !frontEnds.contains(target) || !adapters.contains(module)
        },
        Rule(
            words: "front ends do not import each other (the one exception: \(languageServerHost) hosts VaultLSP for `vault lsp`)"
        ) { target, path, module in
            guard frontEnds.contains(target), frontEnds.contains(module), module != target else { return true }
            return target == "VaultCLI" && module == "VaultLSP" && (path == nil || path == languageServerHost)
        },
        Rule(words: "adapters point inwards: no adapter imports the use cases, the wiring, presentation or a front end") {
            target, _, module in
            !adapters.contains(target) || !(frontEnds.union(["VaultApp", "VaultWiring", "VaultPresentation"]).contains(module))
        },
        Rule(words: "presentation is shared by the front ends and built on the domain: VaultPresentation imports no adapter, no wiring, no front end") {
            target, _, module in
            target != "VaultPresentation" || !(adapters.union(frontEnds).union(["VaultWiring"]).contains(module))
        },
        Rule(words: "the wiring is outside every front end: VaultWiring imports no front end and no presentation") {
            target, _, module in target != "VaultWiring" || !(frontEnds.union(["VaultPresentation"]).contains(module))
        },
        Rule(words: "one file imports CCmark: Sources/VaultMarkdown/CommonMark.swift") {
            target, path, module in
            module != "CCmark" || (path.map { $0 == "Sources/VaultMarkdown/CommonMark.swift" } ?? (target == "VaultMarkdown"))
        },
        Rule(words: "C libraries stay in their adapter: CZstd and CZlib in VaultAnki, CMalloc in VaultProcess") {
            target, _, module in
            switch module {
            case "CZstd", "CZlib": return target == "VaultAnki"
            case "CMalloc": return target == "VaultProcess"
            default: return true
            }
        },
        Rule(words: "only VaultServe imports the HTTP server: Hummingbird, NIO, Logging, HTTPTypes and ServiceLifecycle") {
            target, _, module in !webServer.contains(module) || target == "VaultServe"
        },
        Rule(words: "a one-line entry point: vault imports VaultCLI and VaultServe (it is vault-serve too, by that name), vault-serve VaultServe") {
            target, _, module in
            switch target {
            case "vault": return ["VaultCLI", "VaultServe"].contains(module)
            case "vault-serve": return module == "VaultServe" || system.contains(module)
            default: return true
            }
        },
        Rule(words: "each target imports only what its layer may (the table in docs/ARCHITECTURE.md, \"The layers\")") {
            target, _, module in
            guard let layer = layers[target] else { return false }
            return system.contains(module) || layer.may.contains(module)
        },
    ]

    // MARK: Reading the sources

    /// One `import` line.
    struct Import: Equatable {
        var module: String
        var line: Int
    }

    /// The modules `text` imports, with their lines: `import X`, `@testable import X`,
    /// `package import X`, `import struct X.Y`; not a line inside a multi-line
    /// string literal or a comment.
    static func imports(in text: String) -> [Import] {
        var found: [Import] = []
        var inString = false
        var inComment = false
        let pattern = try! NSRegularExpression(
            pattern:
                #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
        )
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inString.toggle() } }
            if inString { continue }
            if inComment {
                if line.contains("*/") { inComment = false }
                continue
            }
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("/*"), !line.contains("*/") {
                inComment = true
                continue
            }
            let range = NSRange(line.startIndex..., in: line)
            guard let match = pattern.firstMatch(in: line, range: range), let name = Range(match.range(at: 1), in: line)
            else { continue }
            found.append(Import(module: String(line[name]), line: index + 1))
        }
        return found
    }

    /// Every Swift file under Sources, by target, as package-relative paths.
    static func sourceFiles() throws -> [(target: String, path: String)] {
        let sources = packageRoot.appendingPathComponent("Sources")
        var files: [(String, String)] = []
        for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let folder = sources.appendingPathComponent(target)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                files.append((target, "Sources/\(target)/\(relative)"))
            }
        }
        return files.sorted { $0.1 < $1.1 }
    }

    /// What `rules` say of `target`'s file `path` importing `module`: the words of each rule it breaks.
    static func broken(target: String, path: String?, module: String) -> [String] {
        rules.filter { !$0.allows(target, path, module) }.map(\.words)
    }

    // MARK: Tests

    @Test("the reader finds every form of import line, and none in a string or a comment")
    func reader() {
        let text = """
            import Foundation
            @testable import VaultCLI
            package import VaultStore
            import struct VaultIndex.KeptCatalog
              @_spi(Testing) import VaultAnki
            // import VaultServe
            /*
            import VaultLSP
            */
            let help = \"\"\"
            import VaultWiring
            \"\"\"
            func important() {}
            """
        #expect(
            Self.imports(in: text) == [
                Import(module: "Foundation", line: 1), Import(module: "VaultCLI", line: 2),
                Import(module: "VaultStore", line: 3), Import(module: "VaultIndex", line: 4),
                Import(module: "VaultAnki", line: 5),
            ])
    }

    @Test("the manifest reader takes a target's dependencies (products by name), not its excludes, not test targets")
    func manifestReader() {
        let manifest = """
            .target(name: "A", dependencies: ["B", .product(name: "P", package: "pkg")], exclude: ["Assets"]),
            .executableTarget(name: "a", dependencies: ["A"], linkerSettings: releaseLink),
            .testTarget(name: "ATests", dependencies: ["VaultStore"]),
            .target(name: "C"),
            """
        #expect(Self.declaredDependencies(in: manifest) == ["A": ["B", "P"], "a": ["A"], "C": []])
    }

    @Test("the rules refuse what docs/ARCHITECTURE.md forbids and allow what it allows")
    func rulesSayWhatTheDocSays() {
        #expect(!Self.broken(target: "VaultServe", path: "Sources/VaultServe/A.swift", module: "VaultCLI").isEmpty)
        #expect(!Self.broken(target: "VaultServe", path: "Sources/VaultServe/A.swift", module: "VaultStore").isEmpty)
        #expect(!Self.broken(target: "VaultCLI", path: "Sources/VaultCLI/A.swift", module: "VaultIndex").isEmpty)
        #expect(!Self.broken(target: "VaultCLI", path: "Sources/VaultCLI/A.swift", module: "VaultLSP").isEmpty)
        #expect(Self.broken(target: "VaultCLI", path: Self.languageServerHost, module: "VaultLSP").isEmpty)
        #expect(!Self.broken(target: "VaultLSP", path: "Sources/VaultLSP/A.swift", module: "VaultCLI").isEmpty)
        #expect(!Self.broken(target: "VaultApp", path: "Sources/VaultApp/A.swift", module: "VaultStore").isEmpty)
        #expect(!Self.broken(target: "VaultCore", path: "Sources/VaultCore/A.swift", module: "VaultMarkdown").isEmpty)
        #expect(!Self.broken(target: "VaultMarkdown", path: "Sources/VaultMarkdown/SiteHTML.swift", module: "CCmark").isEmpty)
        #expect(Self.broken(target: "VaultMarkdown", path: "Sources/VaultMarkdown/CommonMark.swift", module: "CCmark").isEmpty)
        #expect(!Self.broken(target: "VaultCLI", path: "Sources/VaultCLI/A.swift", module: "Hummingbird").isEmpty)
        #expect(!Self.broken(target: "VaultStore", path: "Sources/VaultStore/A.swift", module: "VaultApp").isEmpty)
        #expect(Self.broken(target: "VaultWiring", path: "Sources/VaultWiring/A.swift", module: "VaultAnki").isEmpty)
        #expect(!Self.broken(target: "VaultNew", path: "Sources/VaultNew/A.swift", module: "Foundation").isEmpty)
        #expect(Self.broken(target: "VaultCLI", path: nil, module: "VaultLSP").isEmpty, "Package.swift may declare what one file uses")
        #expect(!Self.broken(target: "VaultServe", path: nil, module: "VaultCLI").isEmpty)
        #expect(!Self.broken(target: "VaultServe", path: nil, module: "VaultIndex").isEmpty)
    }

    @Test("every target under Sources is in a layer of docs/ARCHITECTURE.md")
    func everyTargetHasALayer() throws {
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: Self.packageRoot.appendingPathComponent("Sources").path)
        for target in targets.sorted() where Self.layers[target] == nil {
            Issue.record("Sources/\(target) is in no layer of docs/ARCHITECTURE.md (add it to the doc and to ImportRulesTests.layers).")
        }
        #expect(targets.contains("VaultWiring") && targets.contains("VaultCore"))
    }

    @Test("every source file's imports keep the rules of docs/ARCHITECTURE.md")
    func sourceImports() throws {
        let files = try Self.sourceFiles()
        var judged = 0
        for (target, path) in files {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
            for found in Self.imports(in: text) {
                judged += 1
                for words in Self.broken(target: target, path: path, module: found.module) {
                    Issue.record("\(path):\(found.line) imports \(found.module), which breaks a rule of docs/ARCHITECTURE.md: \(words).")
                }
            }
        }
        // The walk and the reader found the sources: the wiring imports each adapter, the entry point its front end.
        #expect(files.count > 400, "\(files.count) source files")
        #expect(judged > files.count)
    }

    @Test("Package.swift declares no dependency the rules forbid")
    func manifestDependencies() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = Self.declaredDependencies(in: manifest)
        #expect(declared["VaultServe"] != nil && declared["VaultWiring"]?.contains("VaultStore") == true)
        for (target, modules) in declared.sorted(by: { $0.key < $1.key }) {
            for module in modules.sorted() {
                for words in Self.broken(target: target, path: nil, module: module) {
                    Issue.record("Package.swift: \(target) depends on \(module), which breaks a rule of docs/ARCHITECTURE.md: \(words).")
                }
            }
        }
    }

    @Test("one retention switch: only VaultWiring tells the process it runs on (KeptUntilExit.freeFromNowOn)")
    func oneRetentionSwitch() throws {
        for (target, path) in try Self.sourceFiles() where target != "VaultWiring" && target != "VaultProcess" {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("freeFromNowOn(") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                Issue.record(
                    "\(path):\(index + 1) switches what the process keeps until exit, which breaks a rule of docs/ARCHITECTURE.md: the composition root (VaultWiring/ProcessLifetime) is the one retention switch."
                )
            }
        }
    }

    /// The dependencies each non-test target declares in `manifest`: target
    /// names and product names (`.product(name: "GRDB", …)`), not packages.
    static func declaredDependencies(in manifest: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let target = try! NSRegularExpression(pattern: #"\.(target|executableTarget)\(\s*name:\s*"([^"]+)""#)
        let text = manifest as NSString
        for match in target.matches(in: manifest, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 2))
            var modules: Set<String> = []
            let rest = text.substring(from: match.range.location + match.range.length)
            // The target's own arguments end at the first `)` that closes its `(`.
            var depth = 1
            var end = rest.startIndex
            for index in rest.indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = index
                        break
                    }
                }
            }
            let arguments = String(rest[..<end])
            if let open = arguments.range(of: "dependencies:"), let bracket = arguments[open.upperBound...].firstIndex(of: "[") {
                // The list ends at the `]` that closes its `[` (an `exclude: [...]` may follow).
                var level = 0
                var close = arguments.endIndex
                for index in arguments[bracket...].indices {
                    if arguments[index] == "[" { level += 1 }
                    if arguments[index] == "]" {
                        level -= 1
                        if level == 0 {
                            close = index
                            break
                        }
                    }
                }
                let list = arguments[arguments.index(after: bracket)..<close]
                let strings = try! NSRegularExpression(pattern: #"(package:\s*)?"([^"]+)""#)
                let listText = String(list) as NSString
                for item in strings.matches(in: String(list), range: NSRange(location: 0, length: listText.length))
                where item.range(at: 1).location == NSNotFound {
                    modules.insert(listText.substring(with: item.range(at: 2)))
                }
            }
            result[name] = modules
        }
        return result
    }
}
