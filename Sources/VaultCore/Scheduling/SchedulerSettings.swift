import Foundation

/// One scheduler with its settings.
public enum SchedulerSettings: Hashable, Sendable {
    /// Boxed: every card's schedule holds its settings, and the boxes of one deck are shared
    /// (a schedule of 232 bytes was 48 of them; 35,000 cards at 100,000 notes).
    indirect case fsrs(FSRSSettings)
    case sm2
    case tiers(promotionStreak: Int)
    case ladder(steps: [Int])
    /// Boxed as fsrs is: a schedule holds its settings.
    indirect case osr(OSRSettings)

    public var name: SchedulerName {
        switch self {
        case .fsrs: return .fsrs
        case .sm2: return .sm2
        case .tiers: return .tiers
        case .ladder: return .ladder
        case .osr: return .osr
        }
    }

    /// The named scheduler with its default settings.
    public static func defaults(_ name: SchedulerName) -> SchedulerSettings {
        switch name {
        case .fsrs: return .fsrs(FSRSSettings())
        case .sm2: return .sm2
        case .tiers: return .tiers(promotionStreak: 5)
        case .ladder: return .ladder(steps: [1, 7, 30, 90])
        case .osr: return .osr(OSRSettings())
        }
    }
}
