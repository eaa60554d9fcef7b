import DispatchKit
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Linear time, measured: a long hostile input costs time proportional to its length.
//
// Method. Each family of hostile input is built at two sizes, 16 KiB and 256 KiB (16 times more),
// and parsed with limits raised past its size, so that the parser really walks every byte (with
// the default limits they are all refused in constant time; BadInputCorpus checks that). The
// machine is shared and noisy (2 cores, and the rest of the suite runs in parallel), and noise only
// ever adds time: so each parse is timed in the thread's CPU time (on Linux), which leaves out the
// time spent waiting for a core, each size is parsed several times, interleaved, after one untimed
// warm-up, and the *minimum* is kept; a family over a bound is measured again, up to five times. The time per byte at the large size may not exceed 5 times the time
// per byte at the small one: a linear parser stays near 1, a quadratic one reaches 16.
//
// The other bound: no input may take over 10× an ordinary URL of the same length: a deep link
// of the usual shape grown to that length (`cono://test.com/shop/items/12345/…?from=push&id=42&…`).
// That ratio is printed with BADINPUT_TIMING=1 but held here only to a loose 50× guard against
// gross regressions: a wall-clock ratio between two different inputs is not reliable in a parallel
// debug test run on this machine. The 10× target is checked by the benchmark, in a release build,
// with the other performance targets (`DispatchBenchmark --only hostile`), which measures these
// same families.

private let base = "cono://test.com/"
private let raised = DispatchURL.Limits(
    maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)

/// Half path, half query, of everyday words, `length` bytes (as the benchmark's `HostileInput`).
private func ordinary(bytes length: Int) -> String {
    let segments = ["shop", "items", "12345", "detail", "reviews", "page3", "en"]
    let pairs = ["from=push", "id=42", "utm_source=home_banner", "ref=m12", "lang=en", "q=shoes"]
    var url = base
    var next = 0
    while url.utf8.count < length / 2 {
        url += (next == 0 ? "" : "/") + segments[next % segments.count]
        next += 1
    }
    url += "?"
    next = 0
    while url.utf8.count < length - 32 {
        url += (next == 0 ? "" : "&") + pairs[next % pairs.count]
        next += 1
    }
    return url + "&note=" + String(repeating: "a", count: length - url.utf8.count - 6)
}

/// The hostile inputs, the long families the benchmark also measures, each built to about `bytes` UTF-8 bytes.
private let families: [(name: String, make: @Sendable (_ bytes: Int) -> String)] = {
    @Sendable func fill(_ prefix: String, _ unit: String, bytes: Int, _ suffix: String = "") -> String {
        prefix
            + String(
                repeating: unit, count: (bytes - prefix.utf8.count - suffix.utf8.count) / unit.utf8.count)
            + suffix
    }
    return [
        ("query value", { fill(base + "home?q=", "a", bytes: $0) }),
        ("fragment", { fill(base + "home#", "a", bytes: $0) }),
        ("'+' in a query", { fill(base + "home?q=", "+", bytes: $0) }),
        ("ending in a space", { fill(base, "a", bytes: $0, " ") }),
        ("escapes", { fill(base, "%41", bytes: $0) }),
        ("CJK", { fill(base, "中", bytes: $0) }),
        ("escape run, invalid at its end", { fill(base, "%E4%B8%AD", bytes: $0, "%E4%B8") }),
        ("segments", { "cono://test.com" + String(repeating: "/a", count: $0 / 2) }),
        ("query pairs", { base + "search?" + String(repeating: "a=1&", count: $0 / 4) }),
        ("'..' segments", { "cono://test.com" + String(repeating: "/..", count: $0 / 3) }),
        ("'%2e%2e' segments", { "cono://test.com" + String(repeating: "/%2e%2e", count: $0 / 7) }),
        ("many dots", { fill(base, ".", bytes: $0) }),
        ("many '=' in a query", { fill(base + "search?a", "=", bytes: $0) }),
        ("many '&' in a query", { fill(base + "search?", "&", bytes: $0) }),
        ("long host", { fill("cono://", "a", bytes: $0, "/") }),
        ("long non-ASCII host", { fill("cono://", "\u{C9}", bytes: $0, "/") }),
        ("long uppercase non-ASCII host", { fill("cono://", "\u{C9}A", bytes: $0, "/") }),
        ("long CJK host", { fill("cono://", "中", bytes: $0, "/") }),
        ("long Armenian uppercase host", { fill("cono://", "\u{531}", bytes: $0, "/") }),
        ("long host of 'İ'", { fill("cono://", "\u{130}", bytes: $0, "/") }),
        ("long Vietnamese uppercase host", { fill("cono://", "\u{1EA6}", bytes: $0, "/") }),
        ("long Adlam uppercase host", { fill("cono://", "\u{1E900}", bytes: $0, "/") }),
        ("long host of labels", { fill("cono://", "a.", bytes: $0, "/") }),
        ("long IPv6 literal", { fill("cono://[", "1:", bytes: $0, "]/") }),
        ("long user information of '@'", { fill("cono://", "@", bytes: $0, "test.com/") }),
    ]
}()

/// The time this thread has run, in seconds, where the system can tell (Linux); elsewhere monotonic
/// time. CPU time leaves out the time the thread waited for a core, which on a loaded machine is most
/// of the noise and falls unevenly on the longer input. `DispatchTime`, not `ContinuousClock`, for the
/// fallback: the tests also build for the package's oldest Apple platforms, where `Duration` does not
/// exist.
private func now() -> Double {
    #if canImport(Glibc)
        var time = timespec()
        if clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 {
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    #endif
    return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// The time one parse of `string` takes, in seconds.
private func parseTime(_ string: String) -> Double {
    let start = now()
    let url = try? DispatchURL(string: string, limits: raised)
    let elapsed = now() - start
    withExtendedLifetime(url) {}
    return elapsed
}

/// The fastest of `repetitions` parses of each input, interleaved, after a warm-up, in seconds.
private func fastest(_ inputs: [String], repetitions: Int) -> [Double] {
    for input in inputs { _ = parseTime(input) }
    var best = [Double](repeating: .infinity, count: inputs.count)
    for _ in 0..<repetitions {
        for (index, input) in inputs.enumerated() { best[index] = min(best[index], parseTime(input)) }
    }
    return best
}

extension Reliability {
    @Suite("Bad input: linear time")
    struct BadInputLinearTimeTests {
        @Test("the time to parse a long hostile input grows linearly with its length")
        func linearTime() {
            let began = now()
            let small = 1 << 14
            let large = 1 << 18
            var report: [String] = []
            for family in families {
                let inputs = [
                    family.make(small), family.make(large), ordinary(bytes: family.make(large).utf8.count),
                ]
                // Noise only ever adds time, and a descheduled thread can add a lot to one size: a
                // family over a bound is measured again, up to five times, keeping the best of all
                // runs. A quadratic parser stays near 16× however often it is measured.
                var times = fastest(inputs, repetitions: 4)
                var growth = 0.0
                var ratio = 0.0
                for attempt in 0..<5 {
                    if attempt > 0 { times = zip(times, fastest(inputs, repetitions: 4)).map { min($0, $1) } }
                    growth =
                        (times[1] / Double(inputs[1].utf8.count)) / (times[0] / Double(inputs[0].utf8.count))
                    ratio = times[1] / times[2]
                    if growth <= 5, ratio <= 50 { break }
                }
                let perByteSmall = times[0] / Double(inputs[0].utf8.count)
                let perByteLarge = times[1] / Double(inputs[1].utf8.count)
                report.append(
                    String(
                        format: "%@: %.1f ns/byte at 16 KiB, %.1f at 256 KiB (×%.2f); %.1f× an ordinary URL",
                        family.name, perByteSmall * 1e9, perByteLarge * 1e9, growth, ratio))
                #expect(growth <= 5, "\(family.name): time per byte grew \(growth)× from 16 KiB to 256 KiB")
                #expect(ratio <= 50, "\(family.name): \(ratio)× an ordinary URL of the same length")
            }
            if ProcessInfo.processInfo.environment["BADINPUT_TIMING"] == "1" {
                print(report.joined(separator: "\n"))
                print(String(format: "%.2f s in all", now() - began))
            }
        }
    }
}
