import Foundation
import Testing

@testable import VaultPresentation

/// `FixedPoint.text` writes what `String(format: "%.Nf")` writes.
@Suite("numbers with a fixed count of decimals, as printf writes them")
struct FixedPointTests {
    @Test func examples() {
        #expect(FixedPoint.text(3.0, decimals: 0) == "3")
        #expect(FixedPoint.text(12.345, decimals: 1) == "12.3")
        #expect(FixedPoint.text(0.05, decimals: 1) == String(format: "%.1f", 0.05))
        #expect(FixedPoint.text(-1.25, decimals: 1) == "-1.2")
        #expect(FixedPoint.text(-0.01, decimals: 1) == String(format: "%.1f", -0.01))
        #expect(FixedPoint.text(2.5, decimals: 0) == "2")
        #expect(FixedPoint.text(1234567.891, decimals: 2) == "1234567.89")
    }

    /// Random values of every size, and values on and next to the halves.
    @Test func randomValues() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let decimals = Int.random(in: 0...3, using: &generator)
            let value = Double.random(in: -1...1, using: &generator) * pow(10, Double.random(in: -3...9, using: &generator))
            let expected = String(format: "%.\(decimals)f", value)
            #expect(FixedPoint.text(value, decimals: decimals) == expected, "\(value) \(decimals)")
        }
        for units in 0..<5_000 {
            for decimals in 0...3 {
                let half = (Double(units) + 0.5) / pow(10, Double(decimals))
                for value in [half, half.nextUp, half.nextDown, -half] {
                    #expect(
                        FixedPoint.text(value, decimals: decimals) == String(format: "%.\(decimals)f", value),
                        "\(value) \(decimals)")
                }
            }
        }
    }
}
