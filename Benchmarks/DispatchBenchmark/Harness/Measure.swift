import Dispatch

/// Times `body`, which must perform the number of operations it is given and return a value
/// derived from their results (it goes to ``blackHole(_:)`` so the work cannot be optimised away).
@MainActor
func measure(_ plan: RunPlan, _ body: @escaping (Int) -> Int) -> Measurement {
    measureTogether(plan, [body])[0]
}

/// Times several benchmarks in interleaved rounds: each round runs every body once, in an order
/// that rotates, so that machine noise lands on all of them alike and their ratios can be paired
/// run by run (``Measurement/pairedRatio(to:)``).
///
/// First, for each body, warm-up and calibration: the operation count doubles until one run takes
/// a measurable time, then is set for ``RunPlan/targetRunNanoseconds`` (within the plan's bounds),
/// and one full-size run warms up. Then ``RunPlan/runs`` rounds. Each body decides what operation
/// `i` is (usually the next lookup, continuing where its previous run stopped).
///
/// In a round, each timed run directly follows an untimed run of the same body: the figures are
/// steady-state costs. Without it, every run would start by reloading the data that the previous
/// benchmark evicted (a 10,000-route index or router is megabytes, and a cache line from memory
/// costs about 150 ns on the benchmark machine), and what that adds per operation would depend on
/// how long a run is rather than on the router.
@MainActor
func measureTogether(_ plan: RunPlan, _ bodies: [(Int) -> Int]) -> [Measurement] {
    let operations = bodies.map { body in calibrate(plan, body) }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<plan.runs {
        for offset in 0..<bodies.count {
            let which = (round + offset) % bodies.count
            // Untimed first: the previous benchmark has evicted this one's data (see above).
            blackHole(bodies[which](operations[which]))
            let nanoseconds = time { blackHole(bodies[which](operations[which])) }
            samples[which].append(Double(nanoseconds) / Double(operations[which]))
        }
    }
    return zip(samples, operations).map { Measurement(samples: $0, operationsPerRun: $1) }
}

@MainActor
private func calibrate(_ plan: RunPlan, _ body: (Int) -> Int) -> Int {
    var operations = 1
    var elapsed: UInt64 = 0
    while true {
        elapsed = time { blackHole(body(operations)) }
        if elapsed >= plan.targetRunNanoseconds / 8 || operations >= 1 << 24 { break }
        operations *= 2
    }
    let perOperation = Double(max(elapsed, 1)) / Double(operations)
    let byTarget = Int(Double(plan.targetRunNanoseconds) / perOperation)
    let byCeiling = Int(Double(plan.maximumRunNanoseconds) / perOperation)
    operations = max(1, min(max(byTarget, plan.minimumOperations), byCeiling))
    blackHole(body(operations))  // one full-size run of warm-up
    return operations
}

/// Wall-clock nanoseconds `body` takes, from the monotonic clock.
///
/// Also adds to ``TimingAudit``: the wall time, and the CPU time this thread got meanwhile.
@inline(__always)
func time(_ body: () -> Void) -> UInt64 {
    let cpuStart = TimingAudit.threadCPUNanoseconds()
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    TimingAudit.record(wall: elapsed, cpu: TimingAudit.threadCPUNanoseconds() &- cpuStart)
    return elapsed
}

/// Where benchmark results go so that the optimiser must compute them; printed at the end.
nonisolated(unsafe) private(set) var blackHoleSink = 0

@inline(never)
func blackHole(_ value: Int) {
    blackHoleSink &+= value
}
