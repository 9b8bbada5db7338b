// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "vault",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "vault", targets: ["vault"]),
        // For the fuzz targets in Fuzz/ (a package of their own, built with -sanitize=fuzzer by `make fuzz`).
        .library(name: "VaultParsing", targets: ["VaultCore", "VaultMarkdown", "VaultStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "VaultCore"),
        .target(name: "VaultMarkdown", dependencies: ["VaultCore", "CCmark", "Yams"]),
        .target(name: "VaultStore", dependencies: ["VaultCore", "VaultMarkdown", "Yams"]),
        .target(
            name: "VaultIndex",
            dependencies: ["VaultCore", "VaultMarkdown", "VaultStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "VaultApp",
            dependencies: ["VaultCore", "VaultMarkdown", "VaultStore", "VaultIndex"]
        ),
        .target(
            name: "VaultCLI",
            dependencies: [
                "VaultCore", "VaultMarkdown", "VaultStore", "VaultIndex", "VaultApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "vault", dependencies: ["VaultCLI"]),
        .testTarget(name: "VaultCoreTests", dependencies: ["VaultCore"]),
        .testTarget(name: "VaultMarkdownTests", dependencies: ["VaultMarkdown"]),
        .testTarget(name: "VaultStoreTests", dependencies: ["VaultStore"]),
        .testTarget(
            name: "VaultIndexTests", dependencies: ["VaultIndex", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "VaultAppTests", dependencies: ["VaultApp"]),
        .testTarget(name: "VaultCLITests", dependencies: ["vault", "VaultCLI", "VaultIndex"], exclude: ["Fixtures"]),
    ]
)
