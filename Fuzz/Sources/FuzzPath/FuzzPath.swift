import Foundation
import VaultCore
import VaultStore

/// The one path rule: any bytes as a vault-relative path, through its
/// lexical half (``VaultPath``) and on disk (``VaultFileStore/inside(_:)``)
/// in a vault whose folders hold links in, out, up, to the root, dangling
/// and looping. A path the rule accepts must name a place inside the vault
/// (its deepest existing part, every link resolved, is the root or below);
/// a violation stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPath(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let path = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if case .success(let normal) = VaultPath.normalized(path) {
        let parts = Array(normal.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        precondition(normal.utf8.first != UInt8(ascii: "/"), "an absolute result")
        precondition(!parts.contains { $0.elementsEqual([0x2E, 0x2E]) || $0.elementsEqual([0x2E]) }, "a . or .. left")
        precondition(VaultPath.normalized(normal) == .success(normal), "not idempotent")
    }
    guard let relative = try? PathTree.shared.files.inside(path) else { return 0 }
    var probe = Array((PathTree.shared.root + "/" + relative).utf8)
    while access(String(decoding: probe, as: UTF8.self), F_OK) != 0, let slash = probe.lastIndex(of: 0x2F), slash > 0 {
        probe = Array(probe[..<slash])
    }
    guard let resolved = realpath(String(decoding: probe, as: UTF8.self), nil) else { return 0 }
    let real = String(cString: resolved)
    free(resolved)
    precondition(real == PathTree.shared.root || real.hasPrefix(PathTree.shared.root + "/"), "\(path.debugDescription) reached \(real)")
    return 0
}

/// A vault made once per run in the temporary folder, and the store over it.
final class PathTree: @unchecked Sendable {
    static let shared = PathTree()
    let root: String
    let files: VaultFileStore

    init() {
        var template = Array((NSTemporaryDirectory() + "/vault-fuzz-path-XXXXXX").utf8CString)
        let base = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let fm = FileManager.default
        let vault = base + "/v"
        for folder in ["a/b", "é/e\u{301}", "c", "loci/walk"] {
            try! fm.createDirectory(atPath: vault + "/" + folder, withIntermediateDirectories: true)
        }
        try! fm.createDirectory(atPath: base + "/out/deep", withIntermediateDirectories: true)
        fm.createFile(atPath: base + "/secret.txt", contents: Data("secret".utf8))
        fm.createFile(atPath: vault + "/loci/walk/01.png", contents: Data("png".utf8))
        for (link, target) in [
            ("a/in", "../c"), ("a/up", ".."), ("a/out", "../../out"), ("é/abs", base + "/out"), ("c/self", "."),
            ("c/root", "/"), ("a/b/back", "../../é"), ("c/dangling", "nowhere/x"), ("c/loop", "loop"),
            ("loci/walk/02.png", "../../../secret.txt"), ("loci/walk/03.png", "01.png"),
        ] {
            try! fm.createSymbolicLink(atPath: vault + "/" + link, withDestinationPath: target)
        }
        let resolved = realpath(vault, nil)!
        root = String(cString: resolved)
        free(resolved)
        files = VaultFileStore(layout: VaultLayout(root: URL(fileURLWithPath: vault)))
    }
}
