/// SplitMix64: a tiny deterministic generator, so that every randomised test draws the same
/// inputs on every run and platform (a failure reproduces from its seed), and every benchmark run
/// measures the same routes and lookups.
package struct SeededRandom: RandomNumberGenerator {
    package private(set) var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `range` (modulo bias is irrelevant here).
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    package mutating func chance(_ probability: Double) -> Bool {
        Double(next() % 1_000_000) < probability * 1_000_000
    }

    package mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }

    package mutating func shuffled<T>(_ values: [T]) -> [T] {
        var values = values
        guard values.count > 1 else { return values }
        for index in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(index, int(0...index))
        }
        return values
    }
}
