/// The double-tap stage: remembers which URLs were let through recently, so that the same URL
/// again within the window is ``DispatchFailure/duplicate(within:)``. Configured with
/// ``DispatchCenter/duplicateWindow``: a number of seconds is all there is to set.
struct DuplicateFilter {
    let window: Double
    private let nanoseconds: UInt64
    private var recent: [DispatchURL: UInt64] = [:]

    /// `nil` for a window that filters nothing (zero, negative or NaN).
    init?(window: Double) {
        guard window > 0 else { return nil }
        self.window = window
        nanoseconds = DispatchHold.nanoseconds(window) ?? .max
    }

    /// The window, if `url` was let through less than a window before `now`; else `nil`.
    func window(containing url: DispatchURL, at now: UInt64) -> Double? {
        if let last = recent[url], now &- last < nanoseconds { return window }
        return nil
    }

    /// Notes that `url` was let through (queued or run) at `now`.
    mutating func remember(_ url: DispatchURL, at now: UInt64) {
        if recent.count >= 64 { recent = recent.filter { now &- $0.value < nanoseconds } }
        recent[url] = now
    }
}
