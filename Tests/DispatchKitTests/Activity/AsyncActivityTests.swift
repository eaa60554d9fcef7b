import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import Foundation
import Testing

// Asynchronous activities: awaited by `await center.dispatchAndWait`, cancelled with the caller, timed
// out, and their result delivered once.
//
// The main actor is shared with the rest of the suite, which keeps it busy for seconds at a time
// (more under the sanitizers): no assertion here depends on how soon a task gets to run. Work that
// must lose a race sleeps for an hour, and what happens after a result is waited for.

@MainActor
private final class Journal: Sendable {
    var lines: [String] = []
    /// Where `/stubborn` waits, ignoring cancellation, until the test lets it go.
    var gate: CheckedContinuation<Void, Never>?
    /// Set when the work has begun: a test that cancels the work waits for it, not for a fixed time.
    var started = false
    nonisolated init() {}
    nonisolated var userInfo: [String: any Sendable] { ["journal": self] }
}

private struct Declined: Error {}

/// `/load/:ms` sleeps that many milliseconds, then logs; `/fail` throws; `/stubborn` ignores
/// cancellation, and waits until the test opens its journal's gate.
private final class LoadActivity: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/load/:ms", "/fail", "/stubborn"] }
    var journal: Journal? { userInfo["journal"] as? Journal }

    override func execute() async throws {
        let milliseconds = UInt64(parameters["ms"] ?? "0") ?? 0
        if paths.first == "fail" { throw Declined() }
        if paths.first == "stubborn" {
            // A continuation does not end when its task is cancelled: this work ignores it.
            await withCheckedContinuation { journal?.gate = $0 }
            journal?.lines.append("stubborn done, cancelled: \(Task.isCancelled)")
            return
        }
        journal?.started = true
        do {
            try await Task.sleep(nanoseconds: milliseconds * 1_000_000)
            journal?.lines.append("loaded \(milliseconds)")
        } catch {
            journal?.lines.append("cancelled")
            throw error
        }
    }
}

private final class PlainActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/plain"] }
    override func execute() throws { (userInfo["journal"] as? Journal)?.lines.append("plain") }
}

/// Logs `sync N` for `/sync?n=N`.
private final class NumberedActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/sync"] }
    override func execute() throws {
        (userInfo["journal"] as? Journal)?.lines.append("sync \(query["n"] ?? "?")")
    }
}

/// Waits, up to 60 s, until `condition` holds; returns whether it did.
@MainActor
private func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<6_000 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

private let hour = "3600000"

@MainActor
private final class Watcher: DispatchObserver {
    var events: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) { events.append(event) }
}

@MainActor
@Suite("Asynchronous activities")
struct AsyncActivityTests {
    private func center() -> (DispatchCenter, Watcher) {
        let center = DispatchCenter()
        center.register([LoadActivity.self, PlainActivity.self, NumberedActivity.self])
        let watcher = Watcher()
        center.addObserver(watcher)
        return (center, watcher)
    }

    @Test func theWorkIsAwaitedAndTheActivityCanThenBeRemoved() async throws {
        let (center, watcher) = center()
        let journal = Journal()
        let result = await center.dispatchAndWait("/load/10", userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(journal.lines == ["loaded 10"])
        #expect(watcher.events.count == 1)
        #expect(watcher.events.first?.isHandled == true)
        let activity = try #require(result.activity)
        try center.remove(activity)
    }

    @Test func aThrowingExecuteIsAnExecutionFailure() async {
        let (center, _) = center()
        let result = await center.dispatchAndWait("/fail")
        guard case .executionFailed(let activity, let error) = result.failure else {
            Issue.record("expected executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == LoadActivity.self)
        #expect(error is Declined)
    }

    @Test func aSynchronousDispatchIsRefusedAndNothingRuns() {
        let (center, watcher) = center()
        let journal = Journal()
        let result = center.dispatch("/load/1", userInfo: journal.userInfo)
        guard case .requiresAsyncDispatch(let activity) = result.failure else {
            Issue.record("expected requiresAsyncDispatch, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == LoadActivity.self)
        #expect(
            result.failure?.description
                == "LoadActivity is asynchronous: dispatch it with `await center.dispatchAndWait(url)` (DispatchKitAsync)"
        )
        #expect(journal.lines.isEmpty)
        #expect(watcher.events.count == 1)
    }

    /// Regression: in asynchronous main-actor code, `center.dispatch(url)` resolved to the awaiting
    /// form and did not compile without `await`, and adding `await` changed what it did. This test
    /// compiles only if every form of the plain `dispatch` stays synchronous here.
    @Test func aPlainDispatchInAsynchronousCodeIsTheSynchronousOne() async throws {
        let (center, _) = center()
        let parsed = try DispatchURL(string: "/load/1")
        let foundation = try #require(URL(string: "cono://test.com/load/1"))
        let results = [center.dispatch("/load/1"), center.dispatch(parsed), center.dispatch(foundation)]
        for result in results {
            guard case .requiresAsyncDispatch = result.failure else {
                Issue.record("expected requiresAsyncDispatch, got \(String(describing: result.failure))")
                continue
            }
        }
        #expect(await center.dispatchAndWait(parsed).isHandled)
        #expect(await center.dispatchAndWait(foundation).isHandled)
    }

    @Test func aSynchronousActivityRunsAsBeforeWhenAwaited() async {
        let (center, _) = center()
        let journal = Journal()
        let result = await center.dispatchAndWait("/plain", userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(journal.lines == ["plain"])
    }

    @Test func theTimeoutEndsTheDispatchAndCancelsTheWork() async throws {
        let (center, watcher) = center()
        let journal = Journal()
        let result = await center.dispatchAndWait("/load/" + hour, userInfo: journal.userInfo, timeout: 0.05)
        guard case .timedOut(let activity, let seconds) = result.failure else {
            Issue.record("expected timedOut, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == LoadActivity.self)
        #expect(seconds == 0.05)
        #expect(result.failure?.description == "LoadActivity did not finish within 0.05 s: timed out")
        // The work's task was cancelled: its hour-long sleep ends.
        #expect(await eventually { !journal.lines.isEmpty })
        #expect(journal.lines == ["cancelled"])
        #expect(watcher.events.count == 1)
    }

    @Test func theCentersExecutionTimeoutAppliesWhenTheDispatchHasNone() async {
        let (center, _) = center()
        #expect(center.executionTimeout == nil)
        center.executionTimeout = 0.02
        let result = await center.dispatchAndWait("/load/" + hour)
        guard case .timedOut(_, let seconds) = result.failure else {
            Issue.record("expected timedOut, got \(String(describing: result.failure))")
            return
        }
        #expect(seconds == 0.02)
        center.executionTimeout = -3
        #expect(center.executionTimeout == 0)
    }

    @Test func cancellingTheCallerCancelsTheWorkAndEndsTheDispatchOnce() async throws {
        let (center, watcher) = center()
        let journal = Journal()
        let caller = Task { @MainActor in
            await center.dispatchAndWait("/load/" + hour, userInfo: journal.userInfo)
        }
        // On a loaded machine the caller's task may not have reached the work after any fixed time.
        #expect(await eventually { journal.started })
        caller.cancel()
        let result = await caller.value
        guard case .cancelled(let activity) = result.failure else {
            Issue.record("expected cancelled, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == LoadActivity.self)
        #expect(await eventually { !journal.lines.isEmpty })
        #expect(journal.lines == ["cancelled"])
        #expect(watcher.events.count == 1)
        guard case .cancelled = watcher.events.first?.failure else {
            Issue.record("expected the event to carry cancelled")
            return
        }
    }

    @Test func workThatIgnoresCancellationCannotDeliverASecondResult() async throws {
        let (center, watcher) = center()
        let journal = Journal()
        let result = await center.dispatchAndWait("/stubborn", userInfo: journal.userInfo, timeout: 0.02)
        guard case .timedOut = result.failure else {
            Issue.record("expected timedOut, got \(String(describing: result.failure))")
            return
        }
        // Let it finish: it was told it was cancelled, and it changes nothing.
        #expect(await eventually { journal.gate != nil })
        journal.gate?.resume()
        #expect(await eventually { !journal.lines.isEmpty })
        #expect(journal.lines == ["stubborn done, cancelled: true"])
        #expect(watcher.events.count == 1)
    }

    @Test func anInvalidURLIsAnInvalidURLFailureWithItsEvent() async {
        let (center, watcher) = center()
        let result = await center.dispatchAndWait("/load/%zz")
        guard case .invalidURL = result.failure else {
            Issue.record("expected invalidURL, got \(String(describing: result.failure))")
            return
        }
        #expect(watcher.events.count == 1)
    }

    /// Regression: a dispatch queued by `await` ran after a later plain dispatch of a synchronous
    /// activity, because the awaiting one was sent to a task of its own instead of running in turn.
    @Test func queuedDispatchesRunInArrivalOrderWhicheverFormQueuedThem() async {
        let (center, watcher) = center()
        let journal = Journal()
        center.isReady = false
        await center.dispatchAndWait("/sync?n=1", userInfo: journal.userInfo)
        center.dispatch("/sync?n=2", userInfo: journal.userInfo)
        await center.dispatchAndWait("/load/0", userInfo: journal.userInfo)
        await center.dispatchAndWait("/sync?n=4", userInfo: journal.userInfo)
        center.dispatch("/sync?n=5", userInfo: journal.userInfo)
        center.isReady = true
        // The synchronous ones ran in turn, as the center became ready; the asynchronous work,
        // created in its turn, runs in its task once that turn is over.
        #expect(journal.lines == ["sync 1", "sync 2", "sync 4", "sync 5"])
        #expect(await eventually { journal.lines.count == 5 })
        #expect(journal.lines.last == "loaded 0")
        #expect(await eventually { watcher.events.count == 5 })
        #expect(watcher.events.allSatisfy { $0.isHandled })
    }

    @Test func aCenterThatIsNotReadyQueuesTheAwaitingDispatchAndRunsItsWorkWhenReady() async {
        let (center, watcher) = center()
        let journal = Journal()
        center.isReady = false
        let result = await center.dispatchAndWait("/load/1", userInfo: journal.userInfo)
        #expect(result.failure.map { "\($0)" } == "queued until the center is ready (position 1)")
        #expect(await center.dispatchAndWait("/plain", userInfo: journal.userInfo).failure != nil)
        center.isReady = true
        #expect(await eventually { journal.lines.count == 2 })
        #expect(journal.lines.sorted() == ["loaded 1", "plain"])
        #expect(await eventually { watcher.events.count == 2 })
        #expect(watcher.events.filter { !$0.isHandled }.isEmpty)
    }
}
