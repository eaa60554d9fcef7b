import Foundation

// Stage 1 of the pipeline: the same URL again within a short window is a double tap, not a second
// dispatch.

extension DispatchCenter {
    /// How soon, in seconds, the same URL dispatched again is a duplicate (a double tap) instead of
    /// being opened twice; `nil` (the default) opens every dispatch.
    ///
    /// Only dispatches made while no other dispatch is running are compared — those are the
    /// user's; a dispatch from an activity's `execute()`, an interceptor or an observer is code's.
    /// (A dispatch from a hold's ``DispatchHold/whenEnded(_:)`` handler or a `Task` counts as the
    /// user's.) URLs are compared as parsed (`cono://Test.com/a` is `cono://test.com/a`), and the
    /// window runs from the last dispatch that ran: one whose activity was created (even if its
    /// `execute()` then threw), was held or was queued. A dispatch that was refused — rejected,
    /// unmatched, a redirect loop — starts no window, so a link from another app that is turned
    /// away cannot keep the app's own dispatch of the same URL from running.
    ///
    /// NaN, zero and negative values filter nothing (they read back as `nil`); `.infinity` opens
    /// each URL once. The center remembers at most the latest 1,024 URLs.
    public var duplicateWindow: Double? {
        get { duplicateFilter?.window }
        set {
            duplicateFilter = newValue.flatMap(DuplicateFilter.init(window:))
            updateGuard()
        }
    }
}
