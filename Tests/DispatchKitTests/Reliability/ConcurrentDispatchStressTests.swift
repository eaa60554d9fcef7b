import DispatchKit
import DispatchKitEvents
import DispatchKitRules
import Foundation
import Testing

// Many tasks dispatch while others register and unregister classes, replace the redirect rules
// (with valid and invalid documents) and toggle readiness, with an observer and interceptors in
// place. `DispatchCenter` is `@MainActor`, so the concurrency is the interleaving of actor hops:
// every dispatch is made from a nonisolated child task (`await center.dispatch(…)`-style hop) and
// every task yields between steps, so that registrations, rule swaps and readiness changes land
// between dispatches. The check: every dispatch ended with exactly one outcome — one result per
// call, one `DispatchEvent` per dispatch (at once, or when a queued one runs), and one run of the
// activity for each dispatch whose outcome says it ran. Nobody dispatches from an observer here
// (the one exception to "one event per dispatch" in DispatchPolicy.md is an observer's runaway
// dispatches).

/// Dispatchers × dispatches each.
private let dispatchers = 8
private let dispatchesEach = 200
private let queueCapacity = 16

/// What happened, counted on the main actor.
@MainActor
private final class StressLedger {
    nonisolated static let key = "stressLedger"
    /// Runs of `execute()` per dispatch id.
    var runs: [String: Int] = [:]
    /// Events per dispatch id, and the outcome of the last one.
    var events: [String: Int] = [:]
    var finalOutcome: [String: StressOutcome] = [:]
    /// Events for invalid URLs (they have no URL, so no id).
    var invalidEvents = 0
    var eventCount = 0
    var interceptions = 0
    var dispatchersLeft = dispatchers
    var queueFullResults = 0
    var ruleSwaps = 0
    var refusedDocuments = 0
    var registrations = 0
    var readinessFlips = 0
    nonisolated init() {}
    nonisolated var userInfo: [String: any Sendable] { [Self.key: self] }
}

private enum StressOutcome: String, Sendable, CaseIterable {
    case handled, queued, queueFull, invalidURL, rejected, executionFailed, other

    init(_ failure: DispatchFailure?) {
        switch failure {
        case nil: self = .handled
        case .queued?: self = .queued
        case .queueFull?: self = .queueFull
        case .invalidURL?: self = .invalidURL
        case .rejected?: self = .rejected
        case .executionFailed?: self = .executionFailed
        default: self = .other
        }
    }

    /// Whether `execute()` ran for a dispatch that ended so.
    var ran: Bool { self == .handled || self == .executionFailed }
}

private struct StressError: Error {}

private class StressActivity: DispatchActivity {
    override func execute() throws {
        guard let ledger = userInfo[StressLedger.key] as? StressLedger, let id = query["id"] else { return }
        ledger.runs[id, default: 0] += 1
    }
}
private final class StressA: StressActivity {
    override class var patterns: [RoutePattern] { ["/a"] }
}
private final class StressB: StressActivity {
    override class var patterns: [RoutePattern] { ["/b/:n<int>"] }
}
/// Registered and unregistered while dispatches run: `/c` goes to it or to the fallback.
private final class StressC: StressActivity {
    override class var patterns: [RoutePattern] { ["/c"] }
}
/// Also toggled: a class without patterns.
private final class StressD: StressActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "d" }
}
/// Where the redirect rules send `/old/:id` and `/legacy/:id`.
private final class StressNew: StressActivity {
    override class var patterns: [RoutePattern] { ["/new/:n<int>"] }
}
private final class StressBoom: StressActivity {
    override class var patterns: [RoutePattern] { ["/boom"] }
    override func execute() throws {
        try super.execute()
        throw StressError()
    }
}
private final class StressFallback: StressActivity {}

@MainActor
private final class StressObserver: DispatchObserver {
    let ledger: StressLedger
    init(_ ledger: StressLedger) { self.ledger = ledger }
    func observe(_ event: DispatchEvent) throws {
        ledger.eventCount += 1
        guard let id = event.url?.query["id"] else {
            ledger.invalidEvents += 1
            return
        }
        ledger.events[id, default: 0] += 1
        ledger.finalOutcome[id] = StressOutcome(event.failure)
    }
}

/// Counts what it sees and lets it through.
@MainActor
private final class StressCounter: DispatchInterceptor {
    let ledger: StressLedger
    init(_ ledger: StressLedger) { self.ledger = ledger }
    var priority: Int { 1 }
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        ledger.interceptions += 1
        return .proceed
    }
}

/// Rejects `/blocked` and moves `/moved` to `/a` (keeping the id).
@MainActor
private final class StressGate: DispatchInterceptor {
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        switch interception.url.firstPath {
        case "blocked": return .reject(reason: "blocked in the stress test")
        case "moved":
            let id = interception.url.query["id"] ?? ""
            guard let target = try? DispatchURL(string: "cono://test.com/a?id=\(id)") else { return .proceed }
            return .redirect(to: target)
        default: return .proceed
        }
    }
}

/// Computed on use: LeakSanitizer does not see a global `Data`'s storage as reachable, and
/// would report it as a leak.
private var validRules: [Data] {
    [
        #"{"version": 1, "rules": [{"pattern": "/old/:n<int>", "target": "/new/:n"}]}"#,
        #"{"rules": [{"pattern": "/old/:n<int>", "target": "/new/:n"}, {"pattern": "/legacy/:n<int>", "target": "/new/:n"}]}"#,
    ].map { Data($0.utf8) }
}

/// Each is refused: bad JSON, an unknown field, a newer version, a parameter the pattern lacks.
private var invalidRules: [Data] {
    [
        #"{"rules": [{"pattern": "/old/:n<int>", "target": "/new/:n""#,
        #"{"rules": [{"pattern": "/old/:n<int>", "target": "/new/:n", "bogus": 1}]}"#,
        #"{"version": 3, "rules": []}"#,
        #"{"rules": [{"pattern": "/old/:n<int>", "target": "/new/:slug"}]}"#,
    ].map { Data($0.utf8) }
}

/// The URL of dispatch `index` of dispatcher `task`: a mix of every outcome the pipeline has.
private func stressURL(task: Int, index: Int) -> String {
    let id = "\(task)-\(index)"
    switch index % 10 {
    case 0: return "cono://test.com/a?id=\(id)"
    case 1: return "cono://test.com/b/\(index)?id=\(id)"
    case 2: return "cono://test.com/c?id=\(id)"
    case 3: return "cono://test.com/d?id=\(id)"
    case 4: return "cono://test.com/old/\(index)?id=\(id)"
    case 5: return "cono://test.com/legacy/\(index)?id=\(id)"
    case 6: return "cono://test.com/blocked?id=\(id)"
    case 7: return "cono://test.com/moved?id=\(id)"
    case 8: return "cono://test.com/boom?id=\(id)"
    default: return index % 20 == 9 ? "cono://test.com/%zz?id=\(id)" : "cono://test.com/a b?id=\(id)"
    }
}

private struct StressRecord: Sendable {
    let id: String
    let outcome: StressOutcome
}

/// One dispatch, and what the ledger says right after it, in the same main-actor turn.
@MainActor
private func dispatchOnce(
    _ center: DispatchCenter, _ ledger: StressLedger, task: Int, index: Int
) -> (StressRecord, eventsNow: Int, runsNow: Int) {
    let id = "\(task)-\(index)"
    let result = center.dispatch(stressURL(task: task, index: index), userInfo: ledger.userInfo)
    let outcome = StressOutcome(result.failure)
    if outcome == .queueFull { ledger.queueFullResults += 1 }
    return (StressRecord(id: id, outcome: outcome), ledger.events[id] ?? 0, ledger.runs[id] ?? 0)
}

/// Registers and unregisters classes, one step per main-actor turn, while dispatchers run.
@MainActor
private func toggleRegistrations(_ center: DispatchCenter, _ ledger: StressLedger) async {
    while ledger.dispatchersLeft > 0 {
        center.register(StressC.self)
        await Task.yield()
        center.register(StressD.self)
        await Task.yield()
        center.unregister(StressC.self)
        await Task.yield()
        center.unregister(StressD.self)
        ledger.registrations += 1
        await Task.yield()
    }
}

/// Toggles readiness: holds the center not ready until the queue is full and has refused a
/// dispatch (or a bounded number of turns passed), then lets the queue drain.
@MainActor
private func toggleReadiness(_ center: DispatchCenter, _ ledger: StressLedger) async {
    while ledger.dispatchersLeft > 0 {
        let refusedBefore = ledger.queueFullResults
        var turns = 0
        while ledger.dispatchersLeft > 0, turns < 400,
            center.queuedDispatches.count < queueCapacity || ledger.queueFullResults == refusedBefore
        {
            await Task.yield()
            turns += 1
        }
        center.isReady = true
        ledger.readinessFlips += 1
        for _ in 0..<20 { await Task.yield() }
        if ledger.dispatchersLeft > 0 { center.isReady = false }
    }
}

extension Reliability {
    @Suite("Concurrent dispatch stress")
    struct ConcurrentDispatchStressTests {
        @Test("every dispatch ends with exactly one outcome while the center is reconfigured under it")
        func everyDispatchEndsOnce() async throws {
            let ledger = StressLedger()
            let center = await MainActor.run {
                let center = DispatchCenter()
                center.register([StressA.self, StressB.self, StressNew.self, StressBoom.self])
                center.fallback = StressFallback.self
                center.maximumQueuedDispatches = queueCapacity
                center.addObserver(StressObserver(ledger))
                center.addInterceptor(StressCounter(ledger))
                center.addInterceptor(StressGate())
                center.isReady = false  // the first dispatches queue; the toggler takes over from here
                return center
            }

            let records = await withTaskGroup(of: [StressRecord].self) { group in
                for task in 0..<dispatchers {
                    group.addTask {
                        var records: [StressRecord] = []
                        for index in 0..<dispatchesEach {
                            let (record, eventsNow, runsNow) = await dispatchOnce(
                                center, ledger, task: task, index: index)
                            records.append(record)
                            switch record.outcome {
                            case .queued:
                                #expect(
                                    eventsNow == 0 && runsNow == 0, "\(record.id) queued but already ended")
                            case .invalidURL:
                                break  // no URL, so no id: counted below
                            default:
                                #expect(
                                    eventsNow == 1,
                                    "\(record.id) ended \(record.outcome) with \(eventsNow) events")
                                #expect(
                                    runsNow == (record.outcome.ran ? 1 : 0), "\(record.id): \(runsNow) runs")
                            }
                            await Task.yield()
                        }
                        await MainActor.run { ledger.dispatchersLeft -= 1 }
                        return records
                    }
                }
                // Registers and unregisters classes.
                group.addTask {
                    await toggleRegistrations(center, ledger)
                    return []
                }
                // Replaces the redirect rules; an invalid document leaves the previous rules in force.
                group.addTask {
                    var round = 0
                    while await MainActor.run(body: { ledger.dispatchersLeft > 0 }) {
                        // Parsed off the main actor: `RedirectRules` is plain Sendable data.
                        let valid = try? RedirectRules(json: validRules[round % validRules.count])
                        let invalid = Result { () throws(RedirectRulesError) in
                            try RedirectRules(json: invalidRules[round % invalidRules.count])
                        }
                        await MainActor.run {
                            if let valid {
                                center.redirectRules = valid
                                ledger.ruleSwaps += 1
                            }
                            let before = center.redirectRules
                            switch invalid {
                            // Never: each document is invalid.
                            case .success(let rules): center.redirectRules = rules
                            case .failure: ledger.refusedDocuments += 1
                            }
                            #expect(center.redirectRules == before)
                        }
                        #expect(valid != nil)
                        round += 1
                        await Task.yield()
                    }
                    return []
                }
                // Toggles readiness, queueing and overflowing.
                group.addTask {
                    await toggleReadiness(center, ledger)
                    return []
                }
                var all: [StressRecord] = []
                for await records in group { all += records }
                return all
            }

            await MainActor.run {
                center.isReady = true  // drains whatever still waits
                #expect(center.queuedDispatches.isEmpty)

                #expect(records.count == dispatchers * dispatchesEach, "one result per call")
                var byOutcome: [StressOutcome: Int] = [:]
                for record in records { byOutcome[record.outcome, default: 0] += 1 }
                #expect(byOutcome[.other] == nil, "\(byOutcome)")
                #expect((byOutcome[.queued] ?? 0) > 0)
                #expect((byOutcome[.queueFull] ?? 0) > 0)

                // One event per dispatch: the invalid ones at once (no id), the others by id.
                #expect(ledger.eventCount == records.count)
                #expect(ledger.invalidEvents == byOutcome[.invalidURL] ?? 0)
                var finals: [StressOutcome: Int] = [:]
                for record in records where record.outcome != .invalidURL {
                    #expect(
                        ledger.events[record.id] == 1, "\(record.id): \(ledger.events[record.id] ?? 0) events"
                    )
                    let final = ledger.finalOutcome[record.id] ?? .other
                    if record.outcome != .queued {
                        #expect(final == record.outcome, "\(record.id)")
                    }
                    #expect(final != .queued, "\(record.id) never ran")
                    #expect(
                        (ledger.runs[record.id] ?? 0) == (final.ran ? 1 : 0),
                        "\(record.id) ran \(ledger.runs[record.id] ?? 0)×")
                    finals[final, default: 0] += 1
                }
                #expect(ledger.runs.values.allSatisfy { $0 == 1 })
                #expect(ledger.ruleSwaps > 0 && ledger.refusedDocuments == ledger.ruleSwaps)
                #expect(ledger.registrations > 0 && ledger.readinessFlips > 1)

                // The registry is what the test left: the toggled classes out, the others in order.
                #expect(
                    center.registeredActivities.map(ObjectIdentifier.init)
                        == [StressA.self, StressB.self, StressNew.self, StressBoom.self].map(
                            ObjectIdentifier.init))

                if ProcessInfo.processInfo.environment["BADINPUT_TIMING"] == "1" {
                    print(
                        "stress results: "
                            + byOutcome.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(
                                separator: ", "))
                    print(
                        "stress final outcomes: "
                            + finals.map { "\($0.key.rawValue) \($0.value)" }.sorted().joined(separator: ", ")
                    )
                    print(
                        "stress: \(ledger.eventCount) events, \(ledger.interceptions) interceptions, "
                            + "\(ledger.ruleSwaps) rule swaps, \(ledger.refusedDocuments) refused documents, "
                            + "\(ledger.registrations) register/unregister rounds, \(ledger.readinessFlips) readiness flips"
                    )
                }
            }
        }
    }
}
