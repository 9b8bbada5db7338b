/// Where a link is written in its note's file, as `vault check` names it:
/// the line (counted from 0) and the column (counted in Unicode scalars
/// from 1, as ``WrittenLink/column``).
public struct LinkPlace: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
