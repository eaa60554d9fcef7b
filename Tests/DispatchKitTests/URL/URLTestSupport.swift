import DispatchKit
import Foundation

// Helpers shared by the URL/ tests. Names carry a `URLTest` prefix so that they cannot collide with
// helpers in other test folders of the same target.

/// Parses `string`, returning `nil` instead of throwing (for `#expect` one-liners).
func urlTestParse(_ string: String, limits: DispatchURL.Limits = .default) -> DispatchURL? {
    try? DispatchURL(string: string, limits: limits)
}

/// The error parsing `string` throws, or `nil` if it parses. The parser uses typed throws, so the
/// caught error is a `DispatchURLError` without any cast.
func urlTestError(_ string: String, limits: DispatchURL.Limits = .default) -> DispatchURLError? {
    do {
        _ = try DispatchURL(string: string, limits: limits)
        return nil
    } catch {
        return error
    }
}

/// Seconds taken by `body` (monotonic clock; `ContinuousClock` needs macOS 13 / iOS 16).
func urlTestSeconds(_ body: () -> Void) -> Double {
    let start = ProcessInfo.processInfo.systemUptime
    body()
    return ProcessInfo.processInfo.systemUptime - start
}

extension DispatchURL {
    /// The query items as `(name, value)` pairs, which compare and print more readably.
    var urlTestPairs: [URLTestPair] { queryItems.map { URLTestPair($0.name, $0.value) } }
}

struct URLTestPair: Hashable, Sendable, CustomStringConvertible {
    var name: String
    var value: String?
    init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }
    var description: String { value.map { "\(name)=\($0)" } ?? name }
}
