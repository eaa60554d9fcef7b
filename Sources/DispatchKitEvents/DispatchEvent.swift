import DispatchKit
import Foundation

/// What one dispatch did, for analytics and logging: delivered to every ``DispatchObserver`` once
/// the dispatch has its outcome.
///
/// Every dispatch produces exactly one event — a handled one, a failed one, an invalid URL, a
/// nested dispatch, a duplicate — when it ends, with one exception: a dispatch an observer makes
/// deeper than `DispatchCenter.maximumNestingDepth` is refused without an event, since telling
/// the observers would start the next one. A dispatch that waits ends later: a queued one
/// (`DispatchCenter.isReady`) when it runs, a held one (`DispatchHold`) when it is resumed,
/// cancelled or times out.
///
/// ```swift
/// final class Analytics: DispatchObserver {
///     func observe(_ event: DispatchEvent) {
///         print(
///             "route", event.url?.description ?? "-", event.isHandled ? "ok" : "failed",
///             event.activity.map { "\($0)" } ?? "-", event.duration * 1000, "ms")
///     }
/// }
///
/// @MainActor func startAnalytics() {
///     DispatchCenter.shared.addObserver(Analytics())
/// }
/// ```
public struct DispatchEvent: Sendable, CustomStringConvertible {
    /// What the event is about: a dispatch, a destination made without showing it, or a removal.
    public enum Kind: Sendable, Hashable {
        /// A dispatch: the activity was to `DispatchActivity.execute()`.
        case perform
        /// `DispatchCenter.destination(for:as:userInfo:source:)`: the activity was to
        /// `DispatchActivity.makeDestination()`, and nothing was shown.
        case makeDestination
        /// `DispatchCenter.remove(_:)`: the activity was to undo what it showed.
        case remove
    }

    /// One interceptor's decision, named after the interceptor's class.
    public struct Decision: Sendable, Hashable, CustomStringConvertible {
        /// The interceptor's class name.
        public let interceptor: String
        /// What it decided.
        public let decision: DispatchDecision

        /// `LoginWall: hold`.
        public var description: String { "\(interceptor): \(decision)" }
    }

    /// Perform, destination or remove.
    public let kind: Kind
    /// The URL as it was dispatched, before any redirect; `nil` when the input was not a valid URL.
    /// For a removal, the URL the activity was created for.
    public let url: DispatchURL?
    /// Where the URL came from.
    public let source: DispatchOrigin
    /// Why the dispatch did not complete, or `nil` if it was handled.
    public let failure: DispatchFailure?
    /// The class of the activity that was created and executed (the claimant or the fallback), or
    /// `nil` if none was.
    public let activity: DispatchActivity.Type?
    /// The case of the module link that ``activity`` was created for (`product` for a route of its
    /// link's `DispatchLink.routes` to that case), or `nil` for any other class: what analytics
    /// count as the route.
    public let linkCase: String?
    /// The URLs the dispatch was redirected to, in order, by redirect rules and interceptors; the
    /// last one is where it ended. Empty for most dispatches.
    public let redirects: [DispatchURL]
    /// The interceptors' decisions, in the order they were made.
    public let decisions: [Decision]
    /// Seconds from the call to `dispatch` to the outcome, including time spent queued or held.
    /// Observers run after it is measured.
    public let duration: Double
    /// Whether the dispatch was made while another one was running (from an activity's
    /// `execute()`, an interceptor or an observer).
    public let isNested: Bool

    /// Whether an activity (or the fallback) executed without throwing.
    public var isHandled: Bool { failure == nil }

    /// One line: the URL, its source, the outcome, then redirects, decisions and duration.
    public var description: String {
        var line = (url?.description ?? "(invalid URL)") + " from \(source): "
        let actor = activity.map { "\($0)" + (linkCase.map { ".\($0)" } ?? "") } ?? "?"
        if let failure {
            line += (kind == .perform ? "" : kind == .remove ? "remove: " : "destination: ") + "\(failure)"
        } else {
            switch kind {
            case .perform: line += "handled by \(actor)"
            case .makeDestination: line += "destination made by \(actor)"
            case .remove: line += "removed by \(actor)"
            }
        }
        if !redirects.isEmpty {
            line += "; redirected to " + redirects.map(\.description).joined(separator: " -> ")
        }
        if !decisions.isEmpty { line += "; " + decisions.map(\.description).joined(separator: ", ") }
        line += String(format: "; %.3f ms", duration * 1000)
        return line
    }
}
