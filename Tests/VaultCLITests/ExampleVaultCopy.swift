import Foundation

/// A temporary copy of ExampleVault, run as its tour runs it (at its reference date).
func exampleVaultCopy() throws -> VaultSandbox {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-example-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
    return VaultSandbox(root: root)
}

/// Every regular file under `root` by relative path with its bytes, those under `.vault/cache` and `.vault/local` left out.
func filesByPath(_ root: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    let base = root.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
        return files
    }
    for case let url as URL in walker {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
        let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
        if path.hasPrefix(".vault/cache") || path.hasPrefix(".vault/local") { continue }
        files[path] = try? Data(contentsOf: url)
    }
    return files
}
