/// The per-operation times of repeated runs of one benchmark, in nanoseconds.
struct Measurement: Sendable {
    /// Nanoseconds per operation of each timed run, in the order of the runs (run `i` of
    /// benchmarks measured together happened in the same round).
    let samples: [Double]
    /// Operations per timed run.
    let operationsPerRun: Int

    var median: Double { Self.median(samples) }
    /// The spread across runs: half the interquartile range, relative to the median.
    var relativeSpread: Double {
        let sorted = samples.sorted()
        return (Self.quantile(sorted, 0.75) - Self.quantile(sorted, 0.25)) / 2 / median
    }

    /// The median of the run-by-run ratios `self / other`, for two benchmarks measured together:
    /// a slow moment of the machine slows both runs of a round and cancels out.
    func pairedRatio(to other: Measurement) -> Double {
        Self.median(zip(samples, other.samples).map { $0 / $1 })
    }

    static func median(_ values: [Double]) -> Double { quantile(values.sorted(), 0.5) }

    private static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        let position = q * Double(sorted.count - 1)
        let low = Int(position.rounded(.down))
        let high = Int(position.rounded(.up))
        return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
    }
}
