import DispatchKit
import DispatchKitEvents

// Fixtures for the policy tests that need a log per test (Swift Testing runs tests in parallel):
// the log travels in `userInfo`, which redirects, holds and queues carry along.

/// What the policy fixtures did during one test, in order.
@MainActor
final class PolicyJournal {
    nonisolated static let key = "policyJournal"
    var lines: [String] = []

    nonisolated init() {}

    nonisolated var userInfo: [String: any Sendable] { [Self.key: self] }

    func count(_ line: String) -> Int { lines.filter { $0 == line }.count }
}

/// Logs `run <class> <url>` when executed, into the journal in its `userInfo`.
class PolicyTestActivity: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    var journal: PolicyJournal? { userInfo[PolicyJournal.key] as? PolicyJournal }

    override func execute() throws {
        journal?.lines.append(
            "run \(type(of: self)) \(url)" + (request.source == .app ? "" : " from \(request.source)"))
    }
}

final class PolicyOrders: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["/orders", "/orders/:id"] }
}

final class PolicyHome: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["/home"] }
}

/// An interceptor whose decisions come from a closure, and which logs what it is asked.
final class PolicyRule: DispatchInterceptor {
    let name: String
    let priority: Int
    let decide: (DispatchInterception) -> DispatchDecision

    init(_ name: String, priority: Int = 0, _ decide: @escaping (DispatchInterception) -> DispatchDecision) {
        self.name = name
        self.priority = priority
        self.decide = decide
    }

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        (interception.request.userInfo[PolicyJournal.key] as? PolicyJournal)?.lines.append(
            "\(name) \(interception.url)")
        return decide(interception)
    }
}

/// A center with the policy fixtures registered.
@MainActor
func policyTestCenter(_ interceptors: [any DispatchInterceptor] = []) -> DispatchCenter {
    let center = DispatchCenter()
    center.register([PolicyOrders.self, PolicyHome.self])
    for interceptor in interceptors { center.addInterceptor(interceptor) }
    return center
}

/// A clock the test moves by hand, in nanoseconds.
@MainActor
final class PolicyTestClock {
    var now: UInt64 = 1_000_000_000

    nonisolated init() {}

    func advance(seconds: Double) { now += UInt64(seconds * 1e9) }
}

func policyURL(_ string: String) -> DispatchURL {
    do { return try DispatchURL(string: string) } catch { fatalError("bad fixture URL \(string): \(error)") }
}

/// The policy failures in a form `#expect(==)` can compare (``DispatchFailure`` is not
/// `Equatable`: it may carry any error).
enum PolicyOutcome: Equatable {
    case handled
    case held(DispatchHold)
    case holdCancelled(by: String)
    case holdTimedOut(by: String, after: Double)
    case holdAlreadyEnded(DispatchHold.State)
    case queued(position: Int)
    case queueFull(capacity: Int)
    case duplicate(within: Double)
    case redirectLoop([DispatchURL])
    case invalidRedirectTarget(rule: Int, error: DispatchURLError)
    case other(String)

    init(_ failure: DispatchFailure?) {
        switch failure {
        case nil: self = .handled
        case .held(let hold): self = .held(hold)
        case .holdCancelled(let by): self = .holdCancelled(by: by)
        case .holdTimedOut(let by, let after): self = .holdTimedOut(by: by, after: after)
        case .holdAlreadyEnded(let state): self = .holdAlreadyEnded(state)
        case .queued(let position): self = .queued(position: position)
        case .queueFull(let capacity): self = .queueFull(capacity: capacity)
        case .duplicate(let window): self = .duplicate(within: window)
        case .redirectLoop(let chain): self = .redirectLoop(chain)
        case .invalidRedirectTarget(let rule, let error):
            self = .invalidRedirectTarget(rule: rule, error: error)
        case let failure?: self = .other(failure.description)
        }
    }
}

extension DispatchResult {
    var outcome: PolicyOutcome { PolicyOutcome(failure) }
}

extension DispatchEvent {
    var outcome: PolicyOutcome { PolicyOutcome(failure) }
}
