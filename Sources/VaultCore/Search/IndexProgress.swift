/// Told how a refresh is going, so a terminal can show a progress bar.
/// Called on the refreshing thread.
public protocol IndexProgress: AnyObject {
    /// `done` of `total` notes have been parsed and stored.
    func indexed(_ done: Int, of total: Int)
    /// The refresh is over (called only after at least one ``indexed(_:of:)``).
    func finished()
}
