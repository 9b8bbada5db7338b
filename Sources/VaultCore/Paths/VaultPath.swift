/// The one rule for a vault-relative path, its lexical half (the adapter
/// adds symbolic links, ``VaultFiles``): a path is read byte by byte, split
/// at `/` bytes only (a combining mark after a slash does not hide it), `.`
/// and empty parts dropped, `..` taking back the part before it. A path that
/// is absolute, climbs above the vault's root or holds a NUL is refused.
public enum VaultPath {
    /// Why a path is refused.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case absolute
        case climbsOut
        case nul

        public var description: String {
            switch self {
            case .absolute: return "it is an absolute path, and vault reads and writes only inside the vault"
            case .climbsOut: return "its '..' climbs above the vault's folder"
            case .nul: return "it holds a NUL byte"
            }
        }
    }

    /// `path` with `.`, empty parts and `..` resolved (`""` is the root), or why it is refused.
    public static func normalized(_ path: String) -> Result<String, Refusal> {
        let bytes = Array(path.utf8)
        if bytes.contains(0) { return .failure(.nul) }
        if bytes.first == UInt8(ascii: "/") { return .failure(.absolute) }
        var parts: [ArraySlice<UInt8>] = []
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard parts.popLast() != nil else { return .failure(.climbsOut) }
                continue
            }
            parts.append(part)
        }
        var out: [UInt8] = []
        for (i, part) in parts.enumerated() {
            if i > 0 { out.append(UInt8(ascii: "/")) }
            out.append(contentsOf: part)
        }
        // Whole parts only were kept, so the bytes are as valid UTF-8 as the input's.
        return .success(String(decoding: out, as: UTF8.self))
    }

    /// `relative` (a link or a picture named in a note) taken from the vault folder `folder`.
    public static func resolve(_ relative: String, from folder: String) -> Result<String, Refusal> {
        if relative.utf8.first == UInt8(ascii: "/") { return .failure(.absolute) }
        return normalized(folder.isEmpty ? relative : folder + "/" + relative)
    }
}
