/// What becomes of the large values a use case is done with. A command
/// exits right after: it keeps them, and the kernel frees its memory at once
/// (freeing 100,000 notes' board one allocation at a time costs ~10 ms). A
/// long-running front end (a server, an editor's language server) frees them
/// as usual.
public protocol Retention {
    func keepUntilExit(_ value: Any)
}
