/// A string as a dictionary key that is equal only to the same bytes.
///
/// `String` keys are equal when their characters are canonically
/// equivalent (`é` as one scalar or two), and hashing one normalizes it
/// first: for a cache of answers worked out from a string, its bytes say
/// enough and are cheaper to hash.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool {
        a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
