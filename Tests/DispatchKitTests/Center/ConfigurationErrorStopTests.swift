import Foundation
import Testing

// A new center's default configuration-error handler stops a debug build where the mistake is made,
// as Apple's frameworks stop on a programmer error: the one behaviour no test can watch in its own
// process. Pins it by running ConfigurationErrorProbe, a program that registers a class whose
// pattern does not parse, and watching it stop with the error's description; it fails if the
// default stops stopping. A release build logs the error once and goes on.

@Suite struct ConfigurationErrorStopTests {
    /// The probe sits next to the test bundle in the build products directory.
    static let probe: URL? = {
        let candidates =
            [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + (CommandLine.arguments.first.map { [URL(fileURLWithPath: $0).deletingLastPathComponent()] }
                ?? [])
        return candidates.map { $0.appendingPathComponent("ConfigurationErrorProbe") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let line =
        #"DispatchKit configuration error: CategoryActivity declares an invalid pattern "/category/:kind<new>": unknown parameter type "new" at offset 16 (int, uuid, or a list like a|b); the pattern never matches"#

    @Test func theDefaultHandlerStopsADebugBuild() throws {
        let executable = try #require(Self.probe, "ConfigurationErrorProbe not found next to the tests")
        let process = Process()
        process.executableURL = executable
        // No symbolicated backtrace on the expected stop: it takes seconds and says nothing here.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) {
            $1
        }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #if DEBUG
            #expect(
                process.terminationReason == .uncaughtSignal,
                "the probe exited with \(process.terminationStatus)")
            #expect(stderr.contains(Self.line), "\(stderr)")
            #expect(!stdout.contains("went on"), "the probe went on after the error")
        #else
            #expect(process.terminationStatus == 0)
            #expect(stderr.components(separatedBy: Self.line).count == 2, "\(stderr)")
            #expect(stdout.contains("went on after the configuration error"))
        #endif
    }
}
