/// The notes open in the editor: their unsaved text, by vault-relative path.
/// What is here overrides the file on disk for every answer.
public struct OpenDocuments: Sendable {
    public struct Document: Sendable {
        public var text: DocumentText
        public var version: Int?
    }

    private(set) var byPath: [String: Document] = [:]

    public init() {}

    public subscript(path: String) -> Document? { byPath[path] }

    public var paths: [String] { byPath.keys.sorted() }

    mutating func open(_ path: String, text: String, version: Int?) {
        byPath[path] = Document(text: DocumentText(text), version: version)
    }

    mutating func close(_ path: String) { byPath[path] = nil }
}
