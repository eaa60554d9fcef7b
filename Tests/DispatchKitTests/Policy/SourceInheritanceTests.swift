import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import Testing

// A URL from outside stays from outside on every path its code can take: asynchronous work (also
// after it suspends, and in the tasks it starts), `init(request:)`, tasks a synchronous
// `execute()` starts, interceptors, destinations, removal and observers. Each fixture dispatches
// the URL in its `next` query item without a source, the way a login page opens where it was asked
// to go; the internal-only page must refuse it unless the code vouches with `source: .app`.

/// What ran during one test, in order; it travels in `userInfo` (tests run in parallel).
@MainActor
private final class Trail: Sendable {
    var lines: [String] = []
    /// The task a synchronous `execute()` started, for the test to wait for.
    var started: Task<Void, Never>?
    nonisolated init() {}
    nonisolated var userInfo: [String: any Sendable] { ["trail": self] }
}

extension DispatchActivity {
    fileprivate var trail: Trail? { userInfo["trail"] as? Trail }

    /// Dispatches `next` from the query, without a source unless the query says `vouch`, and notes
    /// how it ended.
    fileprivate func forward() {
        guard let next = query["next"], let center else { return }
        let result = center.dispatch(next, userInfo: userInfo, source: query["vouch"] != nil ? .app : nil)
        trail?.lines.append("next: " + (result.failure.map { "\($0)" } ?? "handled"))
    }
}

/// The internal-only page a URL from outside must never reach: it signs the user out.
private final class SignOut: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/sign-out"] }
    override func execute() throws { trail?.lines.append("signed out, from \(request.source)") }
}

/// Exposed to outside sources; forwards `next` from its asynchronous work, after suspending.
private final class AsyncForwarder: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/async/:mode"] }
    override class var exposure: DispatchExposure { .external }

    override func execute() async throws {
        switch parameters["mode"] {
        case "now":
            forward()
        case "later":
            try await Task.sleep(nanoseconds: 1_000_000)
            forward()
        case "task":
            // A task the work starts inherits where its URL came from.
            await Task { forward() }.value
        case "awaiting":
            guard let next = query["next"], let center else { return }
            let result = await center.dispatchAndWait(next, userInfo: userInfo)
            trail?.lines.append("next: " + (result.failure.map { "\($0)" } ?? "handled"))
        default:
            break
        }
    }
}

/// Exposed to outside sources; forwards `next` while it is being created.
private final class InitForwarder: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/init"] }
    override class var exposure: DispatchExposure { .external }

    required init(request: DispatchRequest) {
        super.init(request: request)
        forward()
    }
}

/// Exposed to outside sources; makes the activity for `next` through the registry alone.
private final class Maker: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/maker"] }
    override class var exposure: DispatchExposure { .external }

    override func execute() throws {
        guard let next = query["next"], let url = try? DispatchURL(string: next) else { return }
        let made = center?.activity(for: url, userInfo: userInfo)
        trail?.lines.append("made from \(made?.request.source.description ?? "nothing")")
    }
}

/// Exposed to outside sources; forwards `next` from a task its synchronous `execute()` starts.
private final class TaskForwarder: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/task"] }
    override class var exposure: DispatchExposure { .external }

    override func execute() throws {
        trail?.started = Task { forward() }
    }
}

/// Exposed to outside sources; forwards `next` when asked for its destination, or removed.
private final class DestinationForwarder: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/destination"] }
    override class var exposure: DispatchExposure { .external }

    override func makeDestination() throws -> Any? {
        forward()
        return "page"
    }

    override func execute() {}
    override func remove() throws { forward() }
}

/// Exposed to outside sources; does nothing itself (an interceptor or an observer forwards).
private final class Landing: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/landing"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

/// Dispatches the `next` parameter of every URL it sees, as a careless login wall might.
private final class Forwarding: DispatchInterceptor {
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        if interception.activity == Landing.self, let next = interception.url.query["next"] {
            let trail = interception.request.userInfo["trail"] as? Trail
            let result = interception.request.center?.dispatch(next, userInfo: interception.request.userInfo)
            trail?.lines.append("next: " + (result?.failure.map { "\($0)" } ?? "handled"))
        }
        return .proceed
    }
}

/// Dispatches the `next` parameter of every event's URL.
private final class ForwardingObserver: DispatchObserver {
    /// Weak: the center keeps its observers.
    weak var center: DispatchCenter?
    init(center: DispatchCenter) { self.center = center }

    func observe(_ event: DispatchEvent) {
        guard event.activity == Landing.self, let next = event.url?.query["next"], let center else { return }
        let trail = Trail()
        let result = center.dispatch(next, userInfo: trail.userInfo)
        seen.append((result, trail.lines))
    }

    var seen: [(DispatchResult, [String])] = []
}

private let fromOutside: [DispatchOrigin] = [
    .external(application: "com.example.other"), .external(application: nil), .universalLink, .notification,
]

private let signOut = "/sign-out"
private func refusal(from source: DispatchOrigin) -> String {
    "next: rejected: SignOut is internal only, and the URL came from \(source)"
}

@MainActor
@Suite("A URL from outside stays from outside")
struct SourceInheritanceTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            SignOut.self, AsyncForwarder.self, InitForwarder.self, TaskForwarder.self,
            DestinationForwarder.self, Landing.self, Maker.self,
        ])
        return center
    }

    // The async hole: a nested dispatch from `execute() async` counted as top-level, from the app.
    @Test(arguments: fromOutside, ["now", "later", "task", "awaiting"])
    func asynchronousWorkDispatchesFromItsURLsSource(source: DispatchOrigin, mode: String) async {
        let center = center()
        let trail = Trail()
        let result = await center.dispatchAndWait(
            "/async/\(mode)?next=\(signOut)", userInfo: trail.userInfo, source: source)
        #expect(result.isHandled)
        #expect(trail.lines == [refusal(from: source)])
    }

    @Test(arguments: ["now", "later", "task", "awaiting"])
    func asynchronousWorkForTheAppStillReachesInternalPages(mode: String) async {
        let center = center()
        let trail = Trail()
        await center.dispatchAndWait("/async/\(mode)?next=\(signOut)", userInfo: trail.userInfo)
        #expect(trail.lines == ["signed out, from the app", "next: handled"])
    }

    @Test func asynchronousWorkVouchesForAURLWithAnExplicitSource() async {
        let center = center()
        let trail = Trail()
        await center.dispatchAndWait(
            "/async/later?vouch&next=\(signOut)", userInfo: trail.userInfo, source: .universalLink)
        #expect(trail.lines == ["signed out, from the app", "next: handled"])
    }

    @Test func theSourceDoesNotLeakIntoTheNextDispatch() async {
        let center = center()
        let trail = Trail()
        await center.dispatchAndWait("/async/later", userInfo: trail.userInfo, source: .notification)
        center.dispatch(signOut, userInfo: trail.userInfo)
        #expect(trail.lines == ["signed out, from the app"])
    }

    // init(request:) ran before the source was set, so what it dispatched came from the app.
    @Test(arguments: fromOutside)
    func initializersDispatchFromTheURLsSource(source: DispatchOrigin) {
        let center = center()
        let trail = Trail()
        center.dispatch("/init?next=\(signOut)", userInfo: trail.userInfo, source: source)
        #expect(trail.lines == [refusal(from: source)])
    }

    // An activity made by the registry alone, then executed by hand, dispatched from the app.
    @Test(arguments: fromOutside)
    func activitiesMadeByCodeRunningForAURLCarryItsSource(source: DispatchOrigin) {
        let center = center()
        let trail = Trail()
        center.dispatch("/maker?next=\(signOut)", userInfo: trail.userInfo, source: source)
        #expect(trail.lines == ["made from \(source)"])
        let made = try? center.activity(for: DispatchURL(string: signOut))
        #expect(made?.request.source == .app)
    }

    @Test(arguments: fromOutside)
    func tasksAStartedExecuteStartsDispatchFromTheURLsSource(source: DispatchOrigin) async {
        let center = center()
        let trail = Trail()
        center.dispatch("/task?next=\(signOut)", userInfo: trail.userInfo, source: source)
        await trail.started?.value
        #expect(trail.lines == [refusal(from: source)])
    }

    @Test(arguments: fromOutside)
    func destinationsAndRemovalsDispatchFromTheURLsSource(source: DispatchOrigin) throws {
        let center = center()
        let trail = Trail()
        let page = try center.destination(
            for: "/destination?next=\(signOut)", as: String.self, userInfo: trail.userInfo, source: source)
        #expect(page == "page")
        let result = center.dispatch("/destination?next=\(signOut)", userInfo: trail.userInfo, source: source)
        try center.remove(#require(result.activity))
        #expect(trail.lines == [refusal(from: source), refusal(from: source)])
    }

    // An interceptor dispatching a parameter of the URL it decides on made it the app's own.
    @Test(arguments: fromOutside)
    func interceptorsDispatchFromTheSourceOfTheURLTheyDecideOn(source: DispatchOrigin) {
        let center = center()
        center.addInterceptor(Forwarding())
        let trail = Trail()
        let result = center.dispatch("/landing?next=\(signOut)", userInfo: trail.userInfo, source: source)
        #expect(result.isHandled)
        #expect(trail.lines == [refusal(from: source)])
    }

    @Test func interceptorsDecidingOnTheAppsOwnURLsDispatchFromTheApp() {
        let center = center()
        center.addInterceptor(Forwarding())
        let trail = Trail()
        center.dispatch("/landing?next=\(signOut)", userInfo: trail.userInfo)
        #expect(trail.lines == ["signed out, from the app", "next: handled"])
    }

    @Test(arguments: fromOutside)
    func observersDispatchFromTheSourceOfTheEventsURL(source: DispatchOrigin) throws {
        let center = center()
        let observer = ForwardingObserver(center: center)
        center.addObserver(observer)
        center.dispatch("/landing?next=\(signOut)", source: source)
        let (result, lines) = try #require(observer.seen.first)
        #expect(lines.isEmpty)
        #expect(result.failure.map { "next: \($0)" } == refusal(from: source))
    }

    // A held URL from outside, resumed by the app's own code (a sign-in), keeps its source.
    @Test func aResumedHoldRunsFromTheHeldURLsSource() throws {
        let center = center()
        let wall = HoldingWall()
        center.addInterceptor(wall)
        let trail = Trail()
        center.dispatch("/init?next=\(signOut)", userInfo: trail.userInfo, source: .universalLink)
        #expect(trail.lines.isEmpty)
        try #require(wall.hold).resume()
        #expect(trail.lines == [refusal(from: .universalLink)])
    }

    // A queued URL from outside runs, once the center is ready, from its own source.
    @Test func aQueuedURLRunsFromItsSource() {
        let center = center()
        let trail = Trail()
        center.isReady = false
        center.dispatch("/init?next=\(signOut)", userInfo: trail.userInfo, source: .notification)
        center.isReady = true
        #expect(trail.lines == [refusal(from: .notification)])
    }
}

/// Holds the first URL bound for ``InitForwarder``.
private final class HoldingWall: DispatchInterceptor {
    var hold: DispatchHold?

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard interception.activity == InitForwarder.self, hold == nil else { return .proceed }
        let hold = DispatchHold()
        self.hold = hold
        return .hold(hold)
    }
}
