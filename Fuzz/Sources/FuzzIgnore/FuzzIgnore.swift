import VaultStore

/// `.vault/ignore` (gitignore syntax, from the vault: other people's commits
/// reach it) and its matcher: the bytes before the first NUL are the file,
/// the lines after it paths to test, as files and as folders. A pattern of
/// many stars against a long path must still answer at once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIgnore(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
    let rules = IgnoreRules(String(decoding: bytes[..<split], as: UTF8.self))
    let rest = split < bytes.endIndex ? bytes[(split + 1)...] : bytes[bytes.endIndex...]
    for path in String(decoding: rest, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
        _ = rules.ignores(String(path), isDirectory: false)
        _ = rules.ignores(String(path), isDirectory: true)
    }
    return 0
}
