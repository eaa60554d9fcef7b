import Foundation
import Testing

@testable import DispatchManifestTool

/// `dispatch-manifest --version` prints the release the checkout belongs to. Pins the tool saying
/// 0.1.0 while the changelog's last release was 0.7.0: the constant must be the changelog's latest
/// version, and the API check's baseline (`scripts/api-baseline`) that release, or the one before
/// it between a release commit and the next (CONTRIBUTING.md, "Releases").
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

    @Test func theToolPrintsTheChangelogsLatestRelease() throws {
        #expect(Self.releases(in: try Self.text(of: "CHANGELOG.md")).first == dispatchKitVersion)
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
}
