/// The double-tap stage: remembers which URLs were let through recently, so that the same URL
/// again within the window is ``DispatchFailure/duplicate(within:)``. Configured with
/// ``DispatchCenter/duplicateWindow``: a number of seconds is all there is to set.
struct DuplicateFilter {
    let window: Double
    private let nanoseconds: UInt64
    private var recent: [DispatchURL: UInt64] = [:]

    /// `nil` for a window that filters nothing: zero, negative or NaN (see ``Seconds``).
    init?(window: Double) {
        guard window > 0 else { return nil }
        self.window = window
        nanoseconds = Seconds.nanoseconds(window) ?? .max
    }

    /// The window, if `url` was let through less than a window before `now`; else `nil`.
    func window(containing url: DispatchURL, at now: UInt64) -> Double? {
        if let last = recent[url], now &- last < nanoseconds { return window }
        return nil
    }

    /// Notes that `url` was let through (run, held or queued) at `now`.
    ///
    /// Keeps the latest ``capacity`` URLs at most: a double tap repeats one of the last few, and a
    /// long window must not let links from outside grow the table without bound.
    mutating func remember(_ url: DispatchURL, at now: UInt64) {
        if recent.count >= 64, recent[url] == nil {
            // The expired URLs go, and at the capacity the oldest of the others, in one loop over
            // the table: `filter` and `min(by:)` made copies of the dictionary code for this table
            // (1.5 KB of an app) for a path that runs once the table holds 64 URLs.
            var oldest: DispatchURL?
            var oldestTime: UInt64 = 0
            for (seen, time) in recent {
                if now &- time >= nanoseconds {
                    recent[seen] = nil
                } else if oldest == nil || time < oldestTime {
                    oldest = seen
                    oldestTime = time
                }
            }
            if recent.count >= Self.capacity, let oldest { recent[oldest] = nil }
        }
        recent[url] = now
    }

    /// The most URLs remembered; beyond, the oldest is forgotten.
    static let capacity = 1_024
}
