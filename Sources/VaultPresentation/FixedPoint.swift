import VaultCore

/// A number written with a fixed count of decimals, as `String(format:
/// "%.1f")` writes it but without it: `String(format:)` casts each argument
/// to `CVarArg`, and that first cast in a process costs the runtime's search
/// through every protocol conformance of the executable, 0.1-0.6 ms
/// (benchmarks/STARTUP.md).
package enum FixedPoint {
    /// `value` rounded to `decimals` places (0-15) as `printf` rounds it: to
    /// the nearer of the two, by the double's exact value (0.05 is a little
    /// more than a half tenth, so "0.1"), a true half to the even one.
    package static func text(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value.sign == .minus ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<min(max(decimals, 0), 15) { scale *= 10 }
        let magnitude = abs(value)
        var scaled = (magnitude * scale).rounded(.toNearestOrEven)
        guard scaled < 9e15 else { return "\(value)" }
        // The product was rounded before it was rounded to a whole number.
        // Its exact distance from the halves on either side, each a fused
        // multiply-add (one rounding, which keeps the sign), says which way it lies.
        let odd = scaled.truncatingRemainder(dividingBy: 2) == 1
        let aboveUpper = (-(scaled + 0.5)).addingProduct(magnitude, scale)
        let aboveLower = (-(scaled - 0.5)).addingProduct(magnitude, scale)
        if aboveUpper > 0 || (aboveUpper == 0 && odd) {
            scaled += 1
        } else if aboveLower < 0 || (aboveLower == 0 && odd) {
            scaled -= 1
        }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        var text = value.sign == .minus ? "-\(whole)" : "\(whole)"  // printf's "-0.0" too
        if decimals > 0 { text += "." + Int(units % UInt64(scale)).zeroPadded(decimals) }
        return text
    }
}
