import Foundation

/// Number formatting shared by the table and the chart.
enum Format {
    /// `1,234`, `56.7`, `3.25`: three significant digits below 1,000, thousands separated above.
    static func number(_ value: Double) -> String {
        if value >= 999.5 { return grouped(Int(value.rounded())) }
        if value >= 99.95 { return String(format: "%.0f", value) }
        if value >= 9.995 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }

    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    static func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

    static func percent(_ value: Double) -> String { String(format: "%.1f%%", value * 100) }

    /// A duration in nanoseconds with a readable unit: `850 ns`, `1.2 µs`, `4 ms`.
    static func duration(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return number(nanoseconds) + " ns"
        case ..<1_000_000: return number(nanoseconds / 1_000) + " µs"
        default: return number(nanoseconds / 1_000_000) + " ms"
        }
    }
}
