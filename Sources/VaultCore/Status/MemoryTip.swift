/// A memory tip of the day (the "Spaced Repetition" seed's tips): one short
/// piece of advice on learning and remembering, the same all day on every
/// machine (chosen by the day, not at random), shown by `vault status` and
/// the web dashboard unless `tips: false` is in the config.
///
/// The list is written for this project: plain advice in our own words,
/// each a sentence or two that reads on a phone.
public struct MemoryTip: Hashable, Sendable {
    /// The tip's place in ``all``, from 1.
    public var number: Int
    public var text: String

    /// The tip for the day `day` (a day number in the vault's zone): the list in order, one a day, round and round.
    public static func of(day: Int) -> MemoryTip {
        let index = ((day % all.count) + all.count) % all.count
        return MemoryTip(number: index + 1, text: all[index])
    }

    /// Every tip, in the order they come.
    public static let all: [String] = [
        "Answer before you reveal: saying the answer, even wrongly, fixes it better than reading it.",
        "A card you fail today is not a failure: the lapse tells the scheduler to bring it back sooner.",
        "Ten minutes every day beat an hour on Sunday: spacing is what makes memories last.",
        "Keep a card to one fact. Two facts on one card are remembered as the weaker of the two.",
        "Write the card in your own words; a copied sentence is easy to recognise and hard to recall.",
        "Link a new note to one you already know: a memory with neighbours is easier to find.",
        "Picture it: a vivid, odd image placed somewhere you know (a memory palace) sticks for years.",
        "Sleep after studying: the night sorts and keeps what the day took in.",
        "Explain the idea aloud as if to a friend; where you stumble is what to study next.",
        "Mix subjects in a session: switching is harder and makes recall stronger.",
        "Be honest with Hard and Again: a generous rating hides a card that needs you.",
        "Study the weakest cards first, while you are fresh (`vault study --weak`).",
        "A leech (a card failed again and again) needs rewriting, not more repetitions.",
        "Review a note a day after writing it; a week later it will still be yours.",
        "Before an exam, switch to the exam preset: every long-overdue card comes back at once.",
        "Short sessions with a pause keep attention high; stop while recall is still good.",
        "Ask why, not only what: an answer with a reason is harder to forget.",
        "Take a day off when you need it (study.limits_by_day); the queue waits, the streak is yours.",
        "Test yourself on what you think you know; the feeling of knowing is a poor judge.",
        "Archive what no longer matters: fewer, better notes are easier to keep in mind.",
    ]
}
