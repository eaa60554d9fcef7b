import Foundation
import Testing

@testable import DispatchManifestTool

/// `dispatch-manifest --version` says which DispatchKit the checkout is: the changelog's last
/// release, or, while the `[Unreleased]` section lists changes, the release that follows it as a
/// pre-release (`0.8.0-dev`). Pins the tool saying 0.1.0 while the changelog's last release was
/// 0.7.0, and saying 0.7.0 for a build with changes that 0.7.0 lacks. The API check's baseline
/// (`scripts/api-baseline`) is the last release, or the one before it between a release commit and
/// the next (CONTRIBUTING.md, "Releases").
@Suite struct VersionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(of file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The versions of the changelog's `## [x.y.z]` headings, latest first ([Unreleased] is none).
    static func releases(in changelog: String) -> [String] {
        changelog.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("## [") else { return nil }
            let name = line.dropFirst("## [".count).prefix { $0 != "]" }
            return name.first?.isNumber == true ? String(name) : nil
        }
    }

    /// The entries (`- …` lines) of the changelog's `[Unreleased]` section.
    static func unreleasedEntries(in changelog: String) -> [String] {
        let lines = changelog.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## [Unreleased]") }) else { return [] }
        return lines[(start + 1)...].prefix { !$0.hasPrefix("## [") }
            .filter { $0.hasPrefix("- ") }.map(String.init)
    }

    /// `x.y.z` as three numbers, or `nil`.
    static func numbers(_ version: some StringProtocol) -> [Int]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        return parts.compactMap { $0 }
    }

    /// What the tool must print for this changelog: `nil` when `version` follows the rule, else why
    /// not. With no unreleased entry, the last release; with some, the next patch, minor or major
    /// version after it followed by `-dev`, and not a patch when an entry is **Breaking** (before
    /// 1.0 a break needs the next minor version, from 1.0 the next major).
    static func problem(with version: String, changelog: String) -> String? {
        guard let last = releases(in: changelog).first, let released = numbers(last) else {
            return "the changelog names no release"
        }
        let entries = unreleasedEntries(in: changelog)
        guard !entries.isEmpty else {
            return version == last ? nil : "\(version): [Unreleased] is empty, so the version is \(last)"
        }
        let (major, minor, patch) = (released[0], released[1], released[2])
        let breaking = entries.contains { $0.contains("**Breaking**") }
        var next = ["\(major + 1).0.0"]
        if !breaking || major == 0 { next.append("\(major).\(minor + 1).0") }
        if !breaking { next.append("\(major).\(minor).\(patch + 1)") }
        let allowed = next.map { $0 + "-dev" }
        guard allowed.contains(version) else {
            return "\(version): [Unreleased] lists \(entries.count) change(s) after \(last)"
                + (breaking ? ", some **Breaking**" : "") + ", so the version is one of \(allowed)"
        }
        return nil
    }

    @Test func theToolsVersionFollowsTheChangelog() throws {
        let changelog = try Self.text(of: "CHANGELOG.md")
        let problem = Self.problem(with: dispatchKitVersion, changelog: changelog)
        #expect(problem == nil, "Sources/DispatchManifestTool/ManifestTool.swift: \(problem ?? "")")
    }

    @Test func theAPIBaselineIsTheLatestRelease() throws {
        let baseline = try Self.text(of: "scripts/api-baseline").split(separator: "\n").map(String.init)
        #expect(baseline.count == 2, "scripts/api-baseline: the version, then the commit")
        #expect(baseline.last?.count == 40, "the baseline's commit is a full hash")
        let releases = Self.releases(in: try Self.text(of: "CHANGELOG.md"))
        let version = try #require(baseline.first)
        #expect(
            releases.prefix(2).contains(version),
            "scripts/api-baseline says \(version); the changelog's latest releases are \(releases.prefix(2))")
    }

    @Test func theReleasesAreTheVersionHeadings() {
        let changelog =
            "# Changelog\n\n## [Unreleased]\n\n- x\n\n## [1.2.0] - 2027-01-01\n\n## [1.1.0] - 2026-12-01\n"
        #expect(Self.releases(in: changelog) == ["1.2.0", "1.1.0"])
    }

    // The rule on small changelogs: a release commit, a change after it, a break after it.
    private static func changelog(unreleased: [String], last: String) -> String {
        "# Changelog\n\n## [Unreleased]\n\n### Added\n\n"
            + unreleased.map { "- \($0)\n" }.joined()
            + "\n## [\(last)] - 2027-01-01\n\n- the release\n\n## [0.1.0] - 2026-12-01\n"
    }

    @Test func aReleaseCommitPrintsTheRelease() {
        let released = Self.changelog(unreleased: [], last: "0.8.0")
        #expect(Self.problem(with: "0.8.0", changelog: released) == nil)
        #expect(Self.problem(with: "0.8.0-dev", changelog: released) != nil)
        #expect(Self.problem(with: "0.9.0-dev", changelog: released) != nil)
    }

    @Test func aChangeAfterTheReleaseMakesTheNextVersionAPreRelease() {
        let ahead = Self.changelog(unreleased: ["`center.thing`: a new thing."], last: "0.7.0")
        #expect(Self.problem(with: "0.7.0", changelog: ahead) != nil)
        #expect(Self.problem(with: "0.7.0-dev", changelog: ahead) != nil)
        #expect(Self.problem(with: "0.8.0", changelog: ahead) != nil)
        #expect(Self.problem(with: "0.7.1-dev", changelog: ahead) == nil)
        #expect(Self.problem(with: "0.8.0-dev", changelog: ahead) == nil)
        #expect(Self.problem(with: "1.0.0-dev", changelog: ahead) == nil)
        #expect(Self.problem(with: "0.9.0-dev", changelog: ahead) != nil)
    }

    @Test func aBreakingChangeIsNotAPatch() {
        let breaking = Self.changelog(
            unreleased: ["`Thing.case`. **Breaking**: a new enum case."], last: "0.7.0")
        #expect(Self.problem(with: "0.7.1-dev", changelog: breaking) != nil)
        #expect(Self.problem(with: "0.8.0-dev", changelog: breaking) == nil)
        let stable = Self.changelog(
            unreleased: ["`Thing.case`. **Breaking**: a new enum case."], last: "1.2.3")
        #expect(Self.problem(with: "1.3.0-dev", changelog: stable) != nil)
        #expect(Self.problem(with: "2.0.0-dev", changelog: stable) == nil)
    }
}
