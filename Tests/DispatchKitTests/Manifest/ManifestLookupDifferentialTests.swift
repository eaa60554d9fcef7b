import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

// The manifest lookup against the center's, on random releases: random patterns over the small
// alphabet of the route index's differential tests (overlapping on purpose, with priorities, typed
// parameters, optional groups, hosts and schemes), and URLs aimed at them or drawn blind. The
// classes are registered in slot order, which is also their names' order: the tie-break a manifest
// can reproduce. Then random edits of each release make a next one, and the two compatibility
// checks — a center, and manifests alone — must report the same changes.

@MainActor
@Suite struct ManifestLookupDifferentialTests {
    static let seed: UInt64 = 0x4D41_4E49_4645_5354
    static let cases = 120

    /// A random release of up to eight classes with patterns, sometimes a fallback.
    static func release(_ random: inout SeededRandom) -> ManifestRelease {
        var patterns = DifferentialPatternGenerator(random)
        var classes: [ManifestFixture] = []
        for _ in 0..<random.int(1...8) {
            var declared: [RoutePattern] = []
            for _ in 0..<patterns.random.int(1...3) {
                declared.append(RoutePattern(stringLiteral: patterns.pattern()))
            }
            classes.append(
                ManifestFixture(
                    declared, priority: patterns.random.pick([0, 0, 0, 1, -1]),
                    exposure: patterns.random.pick(exposures)))
        }
        random = patterns.random
        guard random.chance(0.4) else { return ManifestRelease(classes) }
        classes.append(ManifestFixture())
        return ManifestRelease(classes, fallback: classes.count - 1)
    }

    static let exposures: [DispatchExposure] = [
        .internalOnly, .external, .external(applications: ["com.example.a"]),
        .external(applications: ["com.example.a", "com.example.b"]),
    ]

    /// `release` with random edits: patterns dropped, added or retyped, priorities and exposures
    /// changed, classes left out.
    static func edited(_ release: ManifestRelease, _ random: inout SeededRandom) -> ManifestRelease {
        var release = release
        var patterns = DifferentialPatternGenerator(random)
        for slot in release.classes.indices where slot != release.fallback {
            var fixture = release.classes[slot]
            switch patterns.random.int(0...9) {
            case 0: fixture = .absent
            case 1: fixture.patterns.removeLast()
            case 2: fixture.patterns.append(RoutePattern(stringLiteral: patterns.pattern()))
            case 3: fixture.priority += patterns.random.pick([-1, 1])
            case 4: fixture.exposure = patterns.random.pick(exposures)
            case 5:
                let text = fixture.patterns.first?.description ?? ""
                fixture.patterns[0] = RoutePattern(stringLiteral: retyped(text, &patterns.random))
            default: break
            }
            if fixture.isRegistered && fixture.patterns.isEmpty { fixture = .absent }
            release.classes[slot] = fixture
        }
        if release.fallback == nil, release.classes.count < 12, patterns.random.chance(0.3) {
            release.classes.append(
                ManifestFixture([RoutePattern(stringLiteral: patterns.pattern())], exposure: .external))
        }
        random = patterns.random
        return release
    }

    /// `pattern` with one parameter's type changed: what narrowing and widening look like.
    static func retyped(_ pattern: String, _ random: inout SeededRandom) -> String {
        let replacements = [
            ("<int>", ""), ("", "<int>"), ("<a|b|c>", "<a|b>"), ("<a|b>", "<a|b|c>"), ("<uuid>", "<int>"),
        ]
        let (from, to) = random.pick(replacements)
        if from.isEmpty {
            // A plain parameter gains a type: the first `:name` followed by `/`, `)` or the end.
            guard let range = pattern.range(of: #":p[0-9]+(?=[/)]|$)"#, options: .regularExpression) else {
                return pattern
            }
            return pattern.replacingCharacters(in: range, with: pattern[range] + to)
        }
        guard let range = pattern.range(of: from) else { return pattern }
        return pattern.replacingCharacters(in: range, with: to)
    }

    /// URLs for a release: every example of its manifest, and random ones aimed at its patterns.
    static func urls(
        for release: ManifestRelease, manifest: RouteManifest, _ random: inout SeededRandom
    ) -> [String] {
        var texts = manifest.routes.flatMap(\.examples)
        let references = release.classes.flatMap(\.patterns).compactMap {
            try? ReferencePattern.parse($0.description).get()
        }
        var generator = DifferentialURLGenerator(random)
        for _ in 0..<40 { texts.append(generator.url(aimingAt: references)) }
        random = generator.random
        return texts
    }

    /// What the center reaches for `url`: its first claimant, else its fallback.
    static func centerReach(_ center: DispatchCenter, _ url: DispatchURL) -> RouteChange.Reach {
        if let first = center.claimants(for: url).first { return .activity(String(reflecting: first)) }
        return center.fallback.map { .fallback(String(reflecting: $0)) } ?? .nothing
    }

    @Test func theManifestLookupReachesWhatTheCenterReaches() {
        var random = SeededRandom(seed: Self.seed)
        var mismatches: [String] = []
        var compared = 0
        for number in 0..<Self.cases {
            let release = Self.release(&random)
            let manifest = release.manifest()
            let lookup = ManifestLookup(manifest)
            let urls = Self.urls(for: release, manifest: manifest, &random)
            let center = release.center()
            for text in urls {
                guard let url = try? DispatchURL(string: text) else { continue }
                compared += 1
                let expected = Self.centerReach(center, url)
                let actual = lookup.arrival(for: url).reach
                if actual != expected, mismatches.count < 10 {
                    let routes = manifest.routes.map { "\($0.pattern) \($0.activity) \($0.priority)" }
                    mismatches.append(
                        "case \(number) \(text): center \(expected), manifest \(actual); \(routes)")
                }
            }
        }
        #expect(mismatches == [])
        #expect(compared > Self.cases * 20)
    }

    @Test func theManifestCheckReportsWhatTheCenterCheckReports() {
        var random = SeededRandom(seed: Self.seed ^ 0xFFFF)
        var mismatches: [String] = []
        var kinds: [String: Int] = [:]
        for number in 0..<Self.cases {
            let old = Self.release(&random)
            let new = Self.edited(old, &random)
            let (center, manifests) = manifestChanges(from: old, to: new)
            for change in center { kinds[change.kindName, default: 0] += 1 }
            if center != manifests, mismatches.count < 5 {
                mismatches.append("case \(number):\n  center \(center)\n  manifests \(manifests)")
            }
        }
        #expect(mismatches == [])
        // The random edits reach every kind of change but a move, which needs another module.
        #expect(
            Set(kinds.keys) == [
                "removed", "retargeted", "parameterNarrowed", "exposureNarrowed", "exposureWidened", "added",
            ])
    }
}
