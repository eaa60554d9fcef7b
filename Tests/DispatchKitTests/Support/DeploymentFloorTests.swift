import Foundation
import Testing

/// The tests, the sample and the benchmark keep to the package's deployment floor (iOS 13,
/// macOS 10.15, tvOS 13, watchOS 6), as the library does: a user building the package's tests on
/// a Mac must not meet an API the package does not promise.
///
/// The library itself is compiled for those platforms by the Apple-target check; these targets
/// import modules that have no interface for Apple platforms here (Swift Testing, XCTest), so this
/// scan looks for the APIs newer than the floor that code written on a recent toolchain reaches
/// for first. It is a net for the usual suspects, not a proof.
@Suite struct DeploymentFloorTests {
    /// Each API with the versions that introduced it.
    static let newerThanTheFloor: [(pattern: String, since: String)] = [
        ("ContinuousClock", "iOS 16, macOS 13"),
        ("SuspendingClock", "iOS 16, macOS 13"),
        ("Duration", "iOS 16, macOS 13"),
        ("Task.sleep(for:", "iOS 16, macOS 13"),
        (".seconds(", "iOS 16, macOS 13 (Duration)"),
        (".milliseconds(", "iOS 16, macOS 13 (Duration)"),
        ("import Synchronization", "iOS 18, macOS 15"),
        ("Mutex<", "iOS 18, macOS 15"),
        ("Atomic<", "iOS 18, macOS 15"),
        ("Regex", "iOS 16, macOS 13"),
        ("URL.Template", "iOS 17, macOS 14"),
        (".appending(path:", "iOS 16, macOS 13"),
        ("URL(filePath:", "iOS 16, macOS 13"),
        (".formatted(", "iOS 15, macOS 12"),
        ("AsyncStream.makeStream", "iOS 17, macOS 14"),
    ]

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file under `Tests/`, `SampleApp/` and `Benchmarks/`, but this one.
    static func sources() -> [URL] {
        ["Tests", "SampleApp", "Benchmarks"].flatMap { folder -> [URL] in
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            return (enumerator?.allObjects as? [URL] ?? []).filter {
                $0.pathExtension == "swift" && $0.lastPathComponent != "DeploymentFloorTests.swift"
            }
        }
    }

    /// Whether `code` holds `pattern` as a name of its own: `Duration` and `Duration.seconds`, not
    /// `theDurationIsMeasured` or `"Durations"`.
    static func mentions(_ code: Substring, _ pattern: String) -> Bool {
        func isNamePart(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        var rest = code[...]
        while let range = rest.range(of: pattern) {
            let before = range.lowerBound > code.startIndex ? code[code.index(before: range.lowerBound)] : nil
            let after = range.upperBound < code.endIndex ? code[range.upperBound] : nil
            let startsName = !(pattern.first.map(isNamePart) ?? false) || !isNamePart(before)
            let endsName = !(pattern.last.map(isNamePart) ?? false) || !isNamePart(after)
            if startsName, endsName { return true }
            rest = code[range.upperBound...]
        }
        return false
    }

    @Test(arguments: [
        ("let clock = ContinuousClock()", "ContinuousClock", true),
        ("try await Task.sleep(for: .seconds(1))", ".seconds(", true),
        ("let d: Duration = .zero", "Duration", true),
        ("func theDurationIsMeasured()", "Duration", false),
        ("@Suite(\"Durations in seconds\")", "Duration", false),
        ("let durationLimit = 1", "Duration", false),
    ])
    func theScanMatchesNamesNotParts(code: String, pattern: String, matches: Bool) {
        #expect(Self.mentions(code[...], pattern) == matches)
    }

    @Test func theScanFindsTheSources() {
        #expect(Self.sources().count > 50)
    }

    @Test func noTargetUsesAnAPINewerThanTheFloor() throws {
        var findings: [String] = []
        for file in Self.sources() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code =
                    line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for (pattern, since) in Self.newerThanTheFloor where Self.mentions(code, pattern) {
                    let path = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                    findings.append("\(path):\(number + 1): \(pattern) needs \(since)")
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }
}
