import Foundation

/// A number the FSRS-6 memory model can be computed in: a plain `Double`
/// (evaluation) or a ``FSRSDual`` (training, which also needs the derivatives).
protocol FSRSScalar {
    init(_ constant: Double)
    var value: Double { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    static func + (a: Self, b: Double) -> Self
    static func * (a: Self, b: Double) -> Self
    static func - (a: Double, b: Self) -> Self
    func exp() -> Self
    /// `self` to the power `exponent`.
    func power(_ exponent: Self) -> Self
    /// `self` to the constant power `exponent`.
    func power(_ exponent: Double) -> Self
}

extension Double: FSRSScalar {
    var value: Double { self }
    @inline(__always) func exp() -> Double { Foundation.exp(self) }
    @inline(__always) func power(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}

/// A value with its derivatives with respect to the 21 FSRS weights
/// (forward-mode automatic differentiation; lanes 21-31 stay zero).
struct FSRSDual: FSRSScalar {
    var value: Double
    var gradient: SIMD32<Double>

    @inline(__always) init(_ constant: Double) {
        value = constant
        gradient = .zero
    }

    @inline(__always) init(value: Double, gradient: SIMD32<Double>) {
        self.value = value
        self.gradient = gradient
    }

    /// Weight `index` itself: its derivative is 1 with respect to itself.
    static func weight(_ value: Double, index: Int) -> FSRSDual {
        var gradient = SIMD32<Double>.zero
        gradient[index] = 1
        return FSRSDual(value: value, gradient: gradient)
    }

    @inline(__always) static func + (a: FSRSDual, b: FSRSDual) -> FSRSDual {
        FSRSDual(value: a.value + b.value, gradient: a.gradient + b.gradient)
    }
    @inline(__always) static func - (a: FSRSDual, b: FSRSDual) -> FSRSDual {
        FSRSDual(value: a.value - b.value, gradient: a.gradient - b.gradient)
    }
    @inline(__always) static func * (a: FSRSDual, b: FSRSDual) -> FSRSDual {
        FSRSDual(value: a.value * b.value, gradient: b.value * a.gradient + a.value * b.gradient)
    }
    @inline(__always) static func / (a: FSRSDual, b: FSRSDual) -> FSRSDual {
        let q = a.value / b.value
        return FSRSDual(value: q, gradient: (a.gradient - q * b.gradient) / b.value)
    }
    @inline(__always) static func + (a: FSRSDual, b: Double) -> FSRSDual {
        FSRSDual(value: a.value + b, gradient: a.gradient)
    }
    @inline(__always) static func * (a: FSRSDual, b: Double) -> FSRSDual {
        FSRSDual(value: a.value * b, gradient: a.gradient * b)
    }
    @inline(__always) static func - (a: Double, b: FSRSDual) -> FSRSDual {
        FSRSDual(value: a - b.value, gradient: -b.gradient)
    }
    @inline(__always) func exp() -> FSRSDual {
        let e = Foundation.exp(value)
        return FSRSDual(value: e, gradient: e * gradient)
    }
    @inline(__always) func power(_ exponent: FSRSDual) -> FSRSDual {
        let z = Foundation.pow(value, exponent.value)
        return FSRSDual(
            value: z, gradient: (z * exponent.value / value) * gradient + (z * Foundation.log(value)) * exponent.gradient)
    }
    @inline(__always) func power(_ exponent: Double) -> FSRSDual {
        let z = Foundation.pow(value, exponent)
        return FSRSDual(value: z, gradient: (exponent * z / value) * gradient)
    }
}
