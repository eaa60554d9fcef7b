/// How long and how often to run each benchmark.
struct RunPlan: Sendable {
    /// Timed runs; the median of their per-operation times is reported.
    var runs: Int
    /// Each run lasts about this long (more operations for cheap benchmarks)…
    var targetRunNanoseconds: UInt64
    /// …but has at least this many operations, so a run of an expensive benchmark (the naive scan
    /// at 10,000 routes) still averages over many lookups.
    var minimumOperations: Int
    /// …and at most this many, so the most expensive benchmark stays within the time budget.
    var maximumRunNanoseconds: UInt64

    static let full = RunPlan(
        runs: 51, targetRunNanoseconds: 10_000_000, minimumOperations: 256, maximumRunNanoseconds: 200_000_000
    )
    static let quick = RunPlan(
        runs: 5, targetRunNanoseconds: 4_000_000, minimumOperations: 64, maximumRunNanoseconds: 60_000_000)
}
