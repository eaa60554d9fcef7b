import DispatchKit
import Foundation

// libFuzzer entry point for DispatchKit (see scripts/fuzz.sh and ../shared/RECIPES.md).
//
// SwiftPM renames `main` for `-parse-as-library` executables, so libFuzzer's own `main` cannot be
// used: this file is the program's `main` and, when built with
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING`, hands control to libFuzzer through
// `LLVMFuzzerRunDriver`. Built without those flags (`swift build`, `swift test`) it links without
// libFuzzer and only prints how to run it.
//
// libFuzzer calls the entry point on the main thread, so the main-actor center is reached with
// `MainActor.assumeIsolated`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // Copied: the buffer is libFuzzer's, and an array can cross into the main actor's closure.
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated {
        guard let first = bytes.first else { return }
        let mode = Mode(firstByte: first)
        modeExecutions[Int(mode.rawValue)] += 1
        fuzz(bytes.dropFirst(), in: mode)
        settle(after: mode)
    }
    return 0
}

#if FUZZING
    typealias FuzzerCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: FuzzerCallback
    ) -> CInt

    @_silgen_name("__lsan_disable") func disableLeakSanitizer()
    @_silgen_name("__lsan_enable") func enableLeakSanitizer()

    // Build the fixture and every lazy global (here and in the library) before libFuzzer counts
    // allocations: created during the first input, they would be reported as that input's leaks.
    // LeakSanitizer ignores what is allocated meanwhile: the reference router's patterns are enums
    // whose case is kept in the spare bits of a payload's pointer, where it cannot see the pointer,
    // so it took the fixture's patterns, alive until exit, for leaks.
    disableLeakSanitizer()
    MainActor.assumeIsolated {
        for mode in Mode.allCases {
            fuzz(ArraySlice("cono://test.com/product/1?gate=hold".utf8), in: mode)
            fuzz(ArraySlice("/a/:x<int>(/b/:y)\0\u{1}\u{2}".utf8), in: mode)
            fuzz(ArraySlice(#"{"rules": [{"pattern": "/a/:x", "target": "/b/:x"}]}"#.utf8), in: mode)
        }
        settle(after: .dispatch)
    }
    enableLeakSanitizer()

    atexit { MainActor.assumeIsolated { printModeExecutions() } }

    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&argc, &argv, fuzzTestOneInput))
#else
    print(
        "DispatchFuzz is a libFuzzer target: run scripts/fuzz.sh [seconds], or build it with "
            + "swift build --product DispatchFuzz --scratch-path .build-fuzz "
            + "-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING")
    exit(2)
#endif
