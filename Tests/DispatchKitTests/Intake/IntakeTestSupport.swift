import DispatchKit
import DispatchKitEvents
import DispatchKitUI
import Foundation
import Testing

// Fixtures shared by the intake tests. Names carry an `Intake` prefix so that they cannot collide
// with the helpers of other test folders in the same target.
//
// Swift Testing runs tests in parallel: no fixture keeps state in a `static`. Each test makes its
// own `IntakeJournal` and hands it to the activities in `userInfo`, which the queue of a center that
// is not ready carries along. The journal keeps values, never requests or activities: a request
// holds its `userInfo`, which holds the journal, and that cycle would leak.

/// What the intake fixtures ran during one test, in order.
@MainActor
final class IntakeJournal {
    nonisolated static let key = "intakeJournal"

    /// `<Class> <url> from <source>`, one line per `execute()`.
    var lines: [String] = []
    /// The source each activity saw as `request.source`, in order.
    var sources: [DispatchOrigin] = []
    /// The parameters each activity saw, in order.
    var parameters: [[String: String]] = []

    nonisolated init() {}

    /// The `userInfo` that hands this journal to the fixtures.
    nonisolated var userInfo: [String: any Sendable] { [Self.key: self] }

    func record(_ activity: DispatchActivity) {
        lines.append("\(type(of: activity)) \(activity.url) from \(activity.request.source)")
        sources.append(activity.request.source)
        parameters.append(activity.parameters)
    }
}

/// A fixture base: records its `execute()` in the journal found in `userInfo`.
class IntakeTestActivity: DispatchActivity {
    var journal: IntakeJournal? { userInfo[IntakeJournal.key] as? IntakeJournal }

    override func execute() throws {
        journal?.record(self)
    }
}

/// Keeps every event it is told about.
@MainActor
final class IntakeWatcher: DispatchObserver {
    var events: [DispatchEvent] = []

    nonisolated init() {}

    func observe(_ event: DispatchEvent) {
        events.append(event)
    }
}

/// Counts the dispatches that reach the interceptor stage: a link refused at the intake never does.
@MainActor
final class IntakeTripwire: DispatchInterceptor {
    var seen: [DispatchURL] = []

    nonisolated init() {}

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        seen.append(interception.url)
        return .proceed
    }
}

extension DispatchResult {
    /// The intake's refusal, or `nil` for any other outcome.
    var intakeRefusal: IntakeError? {
        guard case .refusedAtIntake(let error)? = failure else { return nil }
        return error
    }

    /// The parse error of an invalid URL, or `nil` for any other outcome.
    var intakeInvalidURL: DispatchURLError? {
        guard case .invalidURL(let error)? = failure else { return nil }
        return error
    }

    /// The rule of a rejection, or `nil` for any other outcome.
    var intakeRejection: DispatchRejection.Rule? {
        guard case .rejected(let reason)? = failure else { return nil }
        return reason.rule
    }

    /// The position of a queued dispatch, or `nil` for any other outcome.
    var intakeQueuePosition: Int? {
        guard case .queued(let position)? = failure else { return nil }
        return position
    }
}

extension DispatchEvent {
    /// The intake's refusal the event reports, or `nil`.
    var intakeRefusal: IntakeError? {
        guard case .refusedAtIntake(let error)? = failure else { return nil }
        return error
    }
}

/// A Foundation `URL` the test knows Foundation accepts.
func intakeURL(_ string: String) throws -> URL {
    try #require(URL(string: string), "Foundation does not parse \(string)")
}

/// A `DispatchURL` the test knows is valid.
func intakeDispatchURL(_ string: String) throws -> DispatchURL {
    try DispatchURL(string: string)
}

extension IncomingLink {
    /// The link as the intake tests compare it, a notification's payload not being `Equatable`:
    /// `openedURL cono://test.com/shop/1 from com.example.wallet`, `universalLink https://…`,
    /// `notification url=cono://…` (the payload's top-level entries, sorted).
    var intakeSummary: String {
        switch self {
        case .openedURL(let url, let application):
            return "openedURL \(url.absoluteString) from \(application ?? "an unnamed app")"
        case .universalLink(let url):
            return "universalLink \(url.absoluteString)"
        case .notification(let payload):
            return "notification "
                + payload.entries.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        }
    }
}
