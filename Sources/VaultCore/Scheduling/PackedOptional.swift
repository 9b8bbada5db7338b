import Foundation

/// An optional date stored in 8 bytes, not the 9 of `Date?` (16 with the
/// padding that follows it in a struct): nil is a NaN no date is made of.
/// Every card's schedule holds up to seven dates, and `vault serve` keeps
/// every card's schedule between requests (35,000 cards at 100,000 notes).
@propertyWrapper
public struct PackedDate: Hashable, Sendable {
    /// The date's `timeIntervalSinceReferenceDate`.
    private var interval: PackedDouble

    /// `date`, packed.
    public init(wrappedValue date: Date?) {
        interval = PackedDouble(wrappedValue: date?.timeIntervalSinceReferenceDate)
    }

    /// The date, or nil.
    public var wrappedValue: Date? {
        get { interval.wrappedValue.map(Date.init(timeIntervalSinceReferenceDate:)) }
        set { interval.wrappedValue = newValue?.timeIntervalSinceReferenceDate }
    }
}

/// An optional `Double` stored in 8 bytes, not the 9 of `Double?` (16 with
/// the padding that follows it in a struct): nil is a NaN no arithmetic
/// makes. FSRS's stability and difficulty (nil before a card's first
/// answer), and every ``PackedDate``.
@propertyWrapper
public struct PackedDouble: Hashable, Sendable {
    /// The value's bits, or ``absent``.
    private var bits: UInt64

    /// A quiet NaN with a payload: not the bits of `Double.nan`, so even a
    /// NaN value reads back as a value, not nil.
    private static let absent: UInt64 = 0x7FF8_0000_0000_DA7E

    /// `value`, packed.
    public init(wrappedValue value: Double?) {
        bits = Self.bits(value)
    }

    /// The value, or nil.
    public var wrappedValue: Double? {
        get { bits == Self.absent ? nil : Double(bitPattern: bits) }
        set { bits = Self.bits(newValue) }
    }

    /// Equal values pack alike: -0 is stored as 0, as `==` counts them equal.
    private static func bits(_ value: Double?) -> UInt64 {
        guard let value else { return absent }
        return (value + 0.0).bitPattern
    }
}

/// A count stored in 4 bytes: a card's answers, correct answers, streak and
/// lapses (never near two billion), read and written as `Int`.
@propertyWrapper
public struct PackedCount: Hashable, Sendable {
    private var value: Int32

    /// `count`, clamped to what 4 bytes hold.
    public init(wrappedValue count: Int) {
        value = Int32(clamping: count)
    }

    /// The count.
    public var wrappedValue: Int {
        get { Int(value) }
        set { value = Int32(clamping: newValue) }
    }
}
