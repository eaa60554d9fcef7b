import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the timings can be trusted: the share of the timed wall-clock time during which the
/// benchmark thread was actually running. Another process competing for the cores (a build on
/// this 2-core machine) shows up as a share well below 100%, and the report says so.
enum TimingAudit {
    nonisolated(unsafe) private static var wall: UInt64 = 0
    nonisolated(unsafe) private static var cpu: UInt64 = 0

    static func record(wall: UInt64, cpu: UInt64) {
        Self.wall &+= wall
        Self.cpu &+= cpu
    }

    /// CPU time of the calling thread, or 0 where it cannot be read.
    static func threadCPUNanoseconds() -> UInt64 {
        #if canImport(Glibc)
            var spec = timespec()
            guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return 0 }
            return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
        #else
            return 0
        #endif
    }

    /// CPU time ÷ wall time over every timed region so far, or `nil` if unknown.
    static var cpuShare: Double? {
        wall > 0 && cpu > 0 ? Double(cpu) / Double(wall) : nil
    }

    /// The 1-minute load average, or `nil` where `/proc/loadavg` does not exist.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }
}
