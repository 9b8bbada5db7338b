/// Two values written as one flat JSON object: every key of `base`, then
/// every key of `more` (docs/JSON.md: objects are flat). `vault show` is a
/// note as `vault list` gives it plus its body; a queue entry of `vault study`
/// is a card as `vault cards` gives it plus its place in the queue.
///
/// Both halves encode themselves (synthesized `Codable`), so a field added
/// to either appears in the output without a list of keys to keep up to date.
struct FlatJSON<Base: Encodable, More: Encodable>: Encodable {
    var base: Base
    var more: More

    init(_ base: Base, _ more: More) {
        self.base = base
        self.more = more
    }

    /// Both halves into the same object (the keys of `more` win a clash).
    func encode(to encoder: Encoder) throws {
        try base.encode(to: encoder)
        try more.encode(to: encoder)
    }
}
