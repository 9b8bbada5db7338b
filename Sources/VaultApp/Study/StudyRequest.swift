import VaultCore

/// What a front end asks of a study session: the words a person gives
/// (`vault study FOLDER --limit N --mode M --exam --overdue`, the web's
/// `/study/FOLDER?n=N`), and nothing the config decides.
///
/// ``Studying`` resolves a request against `config.study` (the daily limit,
/// the preset, the share of long-overdue cards a day) and the ledger (held
/// cards, suspended leeches) into ``StudyOptions``: a front end hands over a
/// request, never options, so none can plan a queue without the config.
public struct StudyRequest: Hashable, Sendable {
    /// Only cards of notes under this vault-relative folder.
    public var folder: String?
    /// A batch of at most this many cards now (`--limit`, the web's `n=`);
    /// the daily limit still caps the day.
    public var batch: Int?
    /// Which tiers the session takes.
    public var mode: StudyMode
    /// The exam preset (`--exam`): 50 cards a day, whatever the config says.
    public var exam: Bool
    /// Today's queue, every overdue card, the weakest, or a cram.
    public var focus: StudyFocus

    public init(
        folder: String? = nil, batch: Int? = nil, mode: StudyMode = .all, exam: Bool = false,
        focus: StudyFocus = .today
    ) {
        self.folder = folder
        self.batch = batch
        self.mode = mode
        self.exam = exam
        self.focus = focus
    }
}
