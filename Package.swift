// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Release builds on Linux link as a position-dependent executable, and take
// libsqlite3, libcmark and libstdc++ from the static archives that
// `make release` links into .build/static-libs (scripts/static-libs.sh):
// the loader then has 92,000 fewer relocations to apply and three fewer
// libraries to map, and `vault --version` starts in 2 ms instead of 5
// (benchmarks/STARTUP.md, "fourth pass"). Without that folder the libraries
// stay shared ones. `--no-export-dynamic` undoes the `-export-dynamic` that
// `-static-stdlib` adds: the runtime's start-up `dladdr` scans every exported
// symbol, 47,000 of them in the one executable, which cost `vault --version`
// 1.5 ms (benchmarks/STARTUP.md, "the exported symbols").
//
// scripts/link-order.txt lists the functions the everyday commands run, and
// gold lays them out side by side at the end of the code, where they had been
// spread over all of it: the kernel maps code in runs of 64 KB around each
// page touched, so the LSP kept 15 MB of code resident to run 0.9 MB of it
// (benchmarks/STARTUP.md, "the code the commands run, side by side";
// `make link-order` writes the list again).
let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let staticLibs = here.appendingPathComponent(".build/static-libs").path
let linkOrder = here.appendingPathComponent("scripts/link-order.txt").path
let releaseLink: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-L\(staticLibs)", "-Xclang-linker", "-no-pie", "-Xclang-linker", "-static-libgcc",
            "-Xlinker", "--no-export-dynamic",
        ] + (FileManager.default.fileExists(atPath: linkOrder) ? ["-Xlinker", "--section-ordering-file=\(linkOrder)"] : []),
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "vault",
    // Hummingbird 2's API is marked available from macOS 14 (its `hummingbird 2.0`
    // availability macro), which `vault-serve` uses unguarded.
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "vault", targets: ["vault"]),
        // `vault serve` execs it from beside `vault`, so no other command runs the web server;
        // installed, it is a link to `vault`, which serves when called by that name.
        .executable(name: "vault-serve", targets: ["vault-serve"]),
        // For the fuzz targets in Fuzz/ (a package of their own, built with -sanitize=fuzzer by `make fuzz`).
        .library(name: "VaultParsing", targets: ["VaultCore", "VaultMarkdown", "VaultStore", "VaultAnki", "VaultLSP"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Hummingbird's own: `vault serve` runs its server in a service group of its own (a short shutdown grace).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        // No pkgConfig: its -L/usr/lib/x86_64-linux-gnu would come first on the
        // link's library path and choose the shared libraries over .build/static-libs.
        .systemLibrary(name: "CCmark", providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        // zstd and zlib for Anki's packages (`vault import anki`); release builds take libzstd.a and libz.a from .build/static-libs.
        .systemLibrary(name: "CZstd", providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .target(name: "VaultCore"),
        // Process-level helpers with no domain: work on another thread, values kept until exit.
        .target(name: "VaultProcess", dependencies: ["CMalloc"]),
        .target(name: "VaultMarkdown", dependencies: ["VaultCore", "CCmark", "Yams"]),
        .target(name: "VaultStore", dependencies: ["VaultCore", "VaultMarkdown", "VaultProcess", "Yams"]),
        .target(
            name: "VaultIndex",
            dependencies: [
                "VaultCore", "VaultMarkdown", "VaultProcess", "VaultStore", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Anki's packages read (zip, SQLite, zstd, protobuf) behind `AnkiPackageReading`.
        .target(
            name: "VaultAnki",
            dependencies: ["VaultCore", "CZstd", "CZlib", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The use cases see the ports and the domain only: the adapters are
        // built by the composition root (VaultWiring).
        .target(name: "VaultApp", dependencies: ["VaultCore", "VaultMarkdown", "VaultProcess"]),
        // The composition root, the one target that builds adapters: every front end's AppContext,
        // the vault `vault serve` keeps between requests, the options that open a vault (`--vault`,
        // `--now`, `vault serve`'s), and whether the process keeps its large values until exit.
        .target(
            name: "VaultWiring",
            dependencies: [
                "VaultCore", "VaultMarkdown", "VaultProcess", "VaultStore", "VaultIndex", "VaultAnki", "VaultApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the terminal and the web show alike: session and due-today wording, counts, the
        // stats report (HTML, SVG charts, the terminal's dashboard), text made safe for a terminal.
        .target(name: "VaultPresentation", dependencies: ["VaultCore", "VaultMarkdown"]),
        // `vault lsp`: the language server, one more front end over the use cases.
        .target(name: "VaultLSP", dependencies: ["VaultApp", "VaultCore", "VaultMarkdown", "VaultProcess"]),
        .target(
            name: "VaultCLI",
            dependencies: [
                "VaultCore", "VaultMarkdown", "VaultProcess", "VaultApp", "VaultLSP", "VaultWiring", "VaultPresentation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Also `vault-serve` when called by that name (the link `make install` makes), so that one
        // copy of the Swift runtime, Foundation and ICU is installed (benchmarks/STARTUP.md).
        .executableTarget(name: "vault", dependencies: ["VaultCLI", "VaultServe"], linkerSettings: releaseLink),
        // The web app (`vault serve`): pages over the same use cases and flows, its context from
        // the composition root (VaultWiring). Its own executable, so `vault` links no HTTP server.
        .target(
            name: "VaultServe",
            dependencies: [
                "VaultCore", "VaultMarkdown", "VaultApp", "VaultProcess", "VaultWiring", "VaultPresentation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Compiled in as AssetsGenerated.swift (scripts/serve-assets.py).
            exclude: ["Assets"]
        ),
        // The web server on its own, for development and the tests (`make install` links vault-serve to vault).
        .executableTarget(name: "vault-serve", dependencies: ["VaultServe"], linkerSettings: releaseLink),
        .testTarget(name: "VaultCoreTests", dependencies: ["VaultCore"]),
        .testTarget(name: "VaultMarkdownTests", dependencies: ["VaultMarkdown"]),
        .testTarget(name: "VaultStoreTests", dependencies: ["VaultStore"]),
        .testTarget(
            name: "VaultAnkiTests", dependencies: ["VaultAnki", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "VaultIndexTests", dependencies: ["VaultIndex", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "VaultAppTests", dependencies: ["VaultApp", "VaultLSP"]),
        .testTarget(name: "VaultPresentationTests", dependencies: ["VaultPresentation"]),
        .testTarget(
            name: "VaultCLITests", dependencies: ["vault", "VaultCLI", "VaultWiring", "VaultIndex"], exclude: ["Fixtures"]),
        .testTarget(
            name: "VaultServeTests",
            dependencies: ["VaultServe", "vault-serve", "VaultWiring", "VaultPresentation", "VaultApp", "VaultProcess"]),
        // The rules of docs/ARCHITECTURE.md on who imports whom, read from every source file's import lines.
        .testTarget(name: "ArchitectureTests"),
    ]
)
