import Foundation

/// The floor: what parsing the same strings with Foundation costs before any routing,
/// `URL(string:)` + `pathComponents`.
enum FoundationFloor {
    static func body(_ lookups: [String]) -> (Int) -> Int {
        var next = 0
        return { operations in
            var sum = 0
            for _ in 0..<operations {
                if let url = URL(string: lookups[next]) { sum &+= url.pathComponents.count }
                next = (next + 1) & (lookups.count - 1)
            }
            return sum
        }
    }
}
