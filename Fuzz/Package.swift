// swift-tools-version: 6.0
// libFuzzer targets over vault's parsers of untrusted bytes. A package of
// its own so that the sanitizer flags never touch the main build:
//   make fuzz            (builds with -sanitize=fuzzer,address and runs each target)
import PackageDescription

let package = Package(
    name: "VaultFuzz",
    dependencies: [.package(name: "vault", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(name: "FuzzNote", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzLedger", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzQuery", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzLoci", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzIgnore", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzCalendar", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzProgramText", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzPath", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzAnki", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
        .executableTarget(name: "FuzzLSPFraming", dependencies: ["FuzzDriver", .product(name: "VaultParsing", package: "vault")]),
    ]
)
