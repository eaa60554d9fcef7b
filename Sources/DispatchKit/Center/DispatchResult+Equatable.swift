// Results compare by what they report, so that a test can compare a whole result at once.

extension DispatchResult: Equatable {
    /// Whether two results report the same dispatch outcome: the same activity instance (or none),
    /// the same URL and an equal failure (see ``DispatchFailure/==(_:_:)``).
    ///
    /// Two dispatches of one URL that each created an activity are different results: each
    /// created its own activity.
    public static func == (lhs: DispatchResult, rhs: DispatchResult) -> Bool {
        lhs.activity === rhs.activity && lhs.url == rhs.url && lhs.failure == rhs.failure
    }
}
