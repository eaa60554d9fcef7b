import DispatchKit
import DispatchKitRules
import Foundation

// Between two inputs. libFuzzer calls the entry point from its own loop on the main thread, so
// the main queue never turns: what a dispatch leaves for it (the count of running sources, brought
// down by a main-actor task) piled up, input after input. Every input then ended with more
// allocations than frees, so libFuzzer ran it a second time and searched the whole heap for leaks,
// a heap that grew with each input. Turning the main queue after each input, as an app's run loop
// does between events, finishes that work within the input that left it, and each input leaves
// the process as it found it; what an input can change is then checked back, so that no input
// can decide the next one's verdict.

/// Set by a main-actor task queued behind whatever the input left on the main queue.
@MainActor var mainQueueTurned = false

@MainActor
func settle(after mode: Mode) {
    // Only a dispatch leaves work for the main queue. Turning it costs a run of the run loop (a few
    // system calls), a fifth of the time of a short input, so inputs that dispatch nothing skip it.
    if mode.dispatches {
        mainQueueTurned = false
        Task { @MainActor in mainQueueTurned = true }
        // The main queue runs its work in order: once the marker has run, so has all that came before.
        while !mainQueueTurned {
            _ = RunLoop.main.run(mode: .default, before: .distantPast)
        }
    }
    ProbeActivity.probed = []

    let center = Fixture.center
    if center.redirectRules != Fixture.rules {
        violated("an input left other redirect rules in force")
    }
    if center.snapshotBuildCount != Fixture.indexBuilds {
        violated("an input rebuilt the route index (\(center.snapshotBuildCount) builds)")
    }
}

/// How many inputs each mode ran (libFuzzer's own count does not tell the modes apart), printed
/// when the fuzzer exits. A run of an input again, as libFuzzer does to confirm a leak, counts too.
@MainActor var modeExecutions = [Int](repeating: 0, count: Mode.allCases.count)

@MainActor
func printModeExecutions() {
    let counts = Mode.allCases.map { "\($0)=\(modeExecutions[Int($0.rawValue)])" }
    FileHandle.standardError.write(
        Data("stat::dispatchfuzz_mode_executions: \(counts.joined(separator: " "))\n".utf8))
}
