/// Where a new note is written in the person's editor before it joins the
/// vault (`vault new` without TEXT): a file outside the vault that only
/// this user can read (a folder of its own, 0700; the file 0600, made new,
/// never over an existing file or through a link), read back when the
/// editor exits, and kept where the person finds it when the note is refused.
public protocol NoteDrafts {
    /// A new draft named `name` holding `text`, in a folder of its own.
    /// - Returns: the draft's path, for the editor.
    /// - Throws: a sentence naming the folder or file that cannot be made, and what to do.
    func create(named name: String, holding text: String) throws -> String
    /// The text the editor left in the draft at `path` ("" when it cannot be read).
    func text(of path: String) -> String
    /// Moves the draft at `path` out of the temporary folder into the
    /// person's own state folder and removes its folder there.
    /// - Returns: where the text is now (`path` itself when it cannot be moved).
    func keep(_ path: String) -> String
    /// Removes the draft at `path` and its folder, with whatever the editor left there (backups, swap files).
    func discard(_ path: String)
}
