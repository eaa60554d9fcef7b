import DispatchBenchmarkHeap
import Foundation

/// Heap accounting, done in a child process.
///
/// glibc's per-thread cache (tcache) keeps recently freed small chunks counted as "in use", so
/// `mallinfo2()` in a normal process misses allocations served from it and counts temporaries
/// freed into it. The child this type starts runs with `GLIBC_TUNABLES=glibc.malloc.tcache_count=0`,
/// which makes the count exact, without slowing down the timings of the parent.
enum HeapUsage {
    static let childFlag = "--heap-child"
    private static let tunable = "glibc.malloc.tcache_count=0"

    /// Bytes currently allocated on the heap, or `nil` where the C library cannot tell (not glibc).
    static func bytesInUse() -> Int? {
        let bytes = dispatch_benchmark_heap_in_use()
        return bytes < 0 ? nil : Int(bytes)
    }

    /// Heap bytes that `build` allocated and the value it returns still holds: the growth of the
    /// bytes in use across the call, read while the value is alive.
    @MainActor
    static func retainedBytes<Built>(_ build: () -> Built) -> Int? {
        guard let before = bytesInUse() else { return nil }
        let built = build()
        let after = bytesInUse()!
        return withExtendedLifetime(built) { after - before }
    }

    /// Runs this executable with ``childFlag`` and the tunable that disables the tcache, and
    /// returns what it printed: lines `name routeCount bytes`.
    ///
    /// - Returns: `[name: [routeCount: bytes]]`, empty if the child cannot run or cannot measure.
    static func measureInChild() -> [String: [Int: Int]] {
        guard bytesInUse() != nil else { return [:] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = [childFlag]
        var environment = ProcessInfo.processInfo.environment
        let existing = environment["GLIBC_TUNABLES"].map { $0 + ":" } ?? ""
        environment["GLIBC_TUNABLES"] = existing + tunable
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return [:]
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [:] }
        var table: [String: [Int: Int]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let routes = Int(fields[1]), let bytes = Int(fields[2]) else { continue }
            table[String(fields[0]), default: [:]][routes] = bytes
        }
        return table
    }

    /// The child's side: whether it runs with the tunable that turns the tcache off.
    static var isExact: Bool {
        ProcessInfo.processInfo.environment["GLIBC_TUNABLES"]?.contains(tunable) == true
    }
}
