extension String.UnicodeScalarView {
    /// Appends `scalars` to the view in place, one at a time.
    ///
    /// The standard library's `append(contentsOf:)` on a scalar view builds
    /// a new string of the whole view and the new scalars (`String(self) +
    /// scalars`), a copy of everything appended so far: text built by a loop
    /// of them costs the square of its length (`vault show` of a 4 MB note of
    /// links ran for minutes). Appending each scalar grows the view's own
    /// storage, so the loop stays linear.
    public mutating func appendScalars<S: Sequence>(_ scalars: S) where S.Element == Unicode.Scalar {
        for scalar in scalars { append(scalar) }
    }
}
