import Foundation

/// The full-screen views' one clock: the monotonic time since a moment, in
/// milliseconds. The screens read it and hand the readings to their flows
/// (an answer's moment in the session, a response time), which read none.
enum ScreenClock {
    /// Milliseconds from `start` to now.
    static func milliseconds(since start: DispatchTime) -> Int {
        Int((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
    }
}
