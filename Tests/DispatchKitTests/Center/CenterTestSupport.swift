import DispatchKit

// Shared helpers for the Center/ and Activity/ tests. Names carry a `CenterTest` prefix so that
// they cannot collide with helpers in other test folders of the same target.
//
// Swift Testing runs tests in parallel, so no fixture keeps state in a `static`: every test makes
// its own `CenterTestLog` and passes it to the activities in `userInfo`, through a weak
// `CenterTestLogLink`: the log keeps requests and results, which keep their `userInfo`, and a
// strong log there would be a cycle that AddressSanitizer's leak check reports.

/// What the fixture activities did during one test.
@MainActor
final class CenterTestLog {
    nonisolated static let key = "centerTestLog"

    /// `"init Name"` / `"execute Name"` / `"end Name"` entries, in the order they happened.
    var events: [String] = []
    /// The identity of every activity instance created, in creation order.
    var instances: [ObjectIdentifier] = []
    /// Results of nested dispatches made by fixtures, innermost last-appended first.
    var nestedResults: [DispatchResult] = []
    /// The requests fixtures were created with.
    var requests: [DispatchRequest] = []
    /// The center of each request, held weakly: a test's log must not keep its center alive.
    var centers: [DispatchCenter?] { centerReferences.map(\.center) }
    private var centerReferences: [WeakCenter] = []

    private struct WeakCenter {
        weak var center: DispatchCenter?
    }

    /// Records the request an activity was created with.
    func record(_ request: DispatchRequest) {
        requests.append(request)
        centerReferences.append(WeakCenter(center: request.center))
    }

    nonisolated init() {}

    /// The `userInfo` dictionary that hands this log to the fixtures.
    nonisolated var userInfo: [String: any Sendable] { [Self.key: CenterTestLogLink(self)] }

    func count(_ kind: String, _ type: DispatchActivity.Type) -> Int {
        events.filter { $0 == "\(kind) \(centerTestName(type))" }.count
    }

    func initCount(_ type: DispatchActivity.Type) -> Int { count("init", type) }
    func executeCount(_ type: DispatchActivity.Type) -> Int { count("execute", type) }

    /// Number of `execute` events, whatever the class.
    var totalExecutions: Int { events.filter { $0.hasPrefix("execute ") }.count }
    var totalInits: Int { events.filter { $0.hasPrefix("init ") }.count }
}

/// What `userInfo` carries to the fixtures: the test's log, weakly (the test holds it).
@MainActor
final class CenterTestLogLink {
    weak var log: CenterTestLog?

    nonisolated init(_ log: CenterTestLog) { self.log = log }
}

/// The name a fixture class logs under.
func centerTestName(_ type: DispatchActivity.Type) -> String { String(describing: type) }

/// Identities of classes, to compare orders of metatypes with `#expect(==)`.
func centerTestIDs(_ types: [DispatchActivity.Type]) -> [ObjectIdentifier] {
    types.map(ObjectIdentifier.init)
}

/// A fixture base: logs its creation and its execution into the `CenterTestLog` found in
/// `userInfo` (if any). Subclasses override `isHit(url:)`, `priority` and, if they need to,
/// `execute()` (calling `super.execute()` to log).
class CenterTestActivity: DispatchActivity {
    var log: CenterTestLog? { (userInfo[CenterTestLog.key] as? CenterTestLogLink)?.log }

    required init(request: DispatchRequest) {
        super.init(request: request)
        log?.events.append("init \(centerTestName(type(of: self)))")
        log?.instances.append(ObjectIdentifier(self))
        log?.record(request)
    }

    override func execute() throws {
        log?.events.append("execute \(centerTestName(type(of: self)))")
    }

    /// `center` (or the given one), or an error if the request has none.
    func centerOrThrow(_ center: DispatchCenter?? = nil) throws -> DispatchCenter {
        guard let center = center ?? self.center else { throw CenterTestError(message: "no center") }
        return center
    }
}

/// An error with a readable description, thrown by fixtures.
struct CenterTestError: Error, Equatable, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Parses a URL that the test knows is valid.
func centerTestURL(_ string: String) throws -> DispatchURL { try DispatchURL(string: string) }
