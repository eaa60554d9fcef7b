import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

// Runs the adversarial corpus (`BadInputCorpus`) through `DispatchURL(string:limits:)` and through a
// `DispatchCenter` with a small registry and a fallback, and checks each input's documented outcome.

// MARK: - Fixture registry

/// What the fixture activities ran, per test (Swift Testing runs tests in parallel).
@MainActor
private final class BadInputJournal {
    nonisolated static let key = "badInputJournal"
    var runs: [String] = []
    nonisolated init() {}
    nonisolated var userInfo: [String: any Sendable] { [Self.key: self] }
}

private class BadInputActivity: DispatchActivity {
    override func execute() throws {
        (userInfo[BadInputJournal.key] as? BadInputJournal)?.runs.append(String(describing: type(of: self)))
    }
}

private final class BadHome: BadInputActivity {
    override class var patterns: [RoutePattern] { ["/home"] }
}
private final class BadProduct: BadInputActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
}
private final class BadAdmin: BadInputActivity {
    override class var patterns: [RoutePattern] { ["/admin"] }
}
private final class BadEtc: BadInputActivity {
    override class var patterns: [RoutePattern] { ["cono://test.com/etc/*"] }
}
private final class BadSearch: BadInputActivity {
    override class var patterns: [RoutePattern] { ["/search"] }
}
private final class BadCafe: BadInputActivity {
    override class var patterns: [RoutePattern] { ["/caf\u{E9}"] }
}
private final class BadIntl: BadInputActivity {
    override class var patterns: [RoutePattern] { ["//caf\u{E9}.com/menu"] }
}
/// A custom `isHit`, the way a seed-style class checks a host.
private final class BadGood: BadInputActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "good.com" }
}
private final class BadFallback: BadInputActivity {}

private let registry: [DispatchActivity.Type] = [
    BadHome.self, BadProduct.self, BadAdmin.self, BadEtc.self, BadSearch.self, BadCafe.self, BadIntl.self,
    BadGood.self,
]

private func activityType(_ route: BadInputRoute) -> DispatchActivity.Type {
    switch route {
    case .home: return BadHome.self
    case .product: return BadProduct.self
    case .admin: return BadAdmin.self
    case .etc: return BadEtc.self
    case .search: return BadSearch.self
    case .cafe: return BadCafe.self
    case .intl: return BadIntl.self
    case .good: return BadGood.self
    case .fallback: return BadFallback.self
    }
}

@MainActor
private func makeCenter() -> DispatchCenter {
    let center = DispatchCenter()
    center.register(registry)
    center.fallback = BadFallback.self
    return center
}

/// Strings compared scalar by scalar: DispatchKit promises never to rewrite them, which `==`
/// (canonical equivalence) cannot see.
private func scalars(_ string: String?) -> [UInt32]? { string.map { $0.unicodeScalars.map(\.value) } }

private func itemTexts(_ url: DispatchURL) -> [String] {
    url.queryItems.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }
}

// MARK: - Tests

extension Reliability {
    @MainActor
    @Suite("Bad input")
    struct BadInputTests {
        @Test(
            "every adversarial input gets its documented outcome, from the parser and from dispatch",
            arguments: BadInputCorpus.all)
        func documentedOutcome(_ input: BadInput) throws {
            let parsed = Result { () throws(DispatchURLError) in
                try DispatchURL(string: input.input, limits: input.limits)
            }
            let center = makeCenter()
            center.urlLimits = input.limits
            let journal = BadInputJournal()
            let result = center.dispatch(input.input, userInfo: journal.userInfo)

            switch input.expected {
            case .rejected(let expected):
                switch parsed {
                case .success(let url):
                    Issue.record("expected \(expected), parsed as \(String(describing: url).prefix(120))")
                case .failure(let error):
                    #expect(error == expected)
                    #expect(error.description == expected.description)
                }
                guard case .invalidURL(let error)? = result.failure else {
                    Issue.record(
                        "dispatch: expected .invalidURL(\(expected)), got \(String(describing: result.failure))"
                    )
                    return
                }
                #expect(error == expected)
                #expect(result.failure?.description == "invalid URL: \(expected)")
                #expect(result.activity == nil)
                #expect(journal.runs.isEmpty, "the fallback never receives invalid URLs")

            case .parsed(let expected, let route):
                let url = try parsed.get()
                #expect(scalars(url.scheme) == scalars(expected.scheme))
                #expect(scalars(url.host) == scalars(expected.host))
                #expect(url.port == expected.port)
                #expect(url.paths.map { scalars($0) } == expected.paths.map { scalars($0) })
                #expect(itemTexts(url).map { scalars($0) } == expected.query.map { scalars($0) })
                #expect(scalars(url.fragment) == scalars(expected.fragment))
                #expect(!url.paths.contains { $0.isEmpty || $0 == "." || $0 == ".." })
                // The normalised form parses back to an equal URL (URLRules.md).
                #expect((try? DispatchURL(string: url.description, limits: badInputRaisedLimits)) == url)

                let type = activityType(route)
                #expect(result.isHandled, "\(String(describing: result.failure))")
                #expect(
                    result.activity.map { ObjectIdentifier(Swift.type(of: $0)) } == ObjectIdentifier(type))
                #expect(journal.runs == [String(describing: type)])
                if route == .fallback {
                    #expect(!center.canDispatch(url))
                } else {
                    #expect(
                        center.claimants(for: url).first.map(ObjectIdentifier.init) == ObjectIdentifier(type))
                }
            }
        }

        /// The figures the issue's closing note cites. Update them with the corpus.
        @Test("the corpus has at least 200 inputs in every outcome class")
        func outcomeClassCounts() {
            var counts: [BadInputClass: Int] = [:]
            for input in BadInputCorpus.all { counts[input.outcomeClass, default: 0] += 1 }
            #expect(BadInputCorpus.all.count >= 200)
            #expect(Set(counts.keys) == Set(BadInputClass.allCases))
            let expected: [BadInputClass: Int] = [
                .valid: 181, .empty: 1, .disallowedCharacter: 172, .malformedEscape: 27, .invalidUTF8: 27,
                .encodedNUL: 11, .invalidHost: 25, .missingHost: 14, .invalidPort: 14, .tooLong: 12,
                .tooManySegments: 3, .tooManyQueryItems: 3,
            ]
            #expect(counts == expected)
            #expect(BadInputCorpus.all.count == 490)
        }

        @Test("after the whole corpus went through one center, its registry is intact")
        func registryIntactAfterCorpus() throws {
            let center = makeCenter()
            let before = center.registeredActivities.map(ObjectIdentifier.init)
            let known = try DispatchURL(string: "cono://test.com/product/7")
            #expect(
                center.claimants(for: known).map(ObjectIdentifier.init) == [ObjectIdentifier(BadProduct.self)]
            )
            let diagnostics = center.validate().count

            let journal = BadInputJournal()
            var handled = 0
            for input in BadInputCorpus.all {
                center.urlLimits = input.limits
                let result = center.dispatch(input.input, userInfo: journal.userInfo)
                switch input.expected {
                case .rejected(let error):
                    guard case .invalidURL(let got)? = result.failure, got == error else {
                        Issue.record("\(input.testDescription): got \(String(describing: result.failure))")
                        continue
                    }
                case .parsed(_, let route):
                    #expect(
                        result.activity.map { ObjectIdentifier(type(of: $0)) }
                            == ObjectIdentifier(activityType(route)),
                        "\(input.testDescription)")
                    handled += 1
                }
            }
            center.urlLimits = .default

            #expect(journal.runs.count == handled)
            #expect(center.registeredActivities.map(ObjectIdentifier.init) == before)
            #expect(center.fallback == BadFallback.self)
            #expect(center.validate().count == diagnostics)
            #expect(
                center.claimants(for: known).map(ObjectIdentifier.init) == [ObjectIdentifier(BadProduct.self)]
            )
            let after = center.dispatch("cono://test.com/product/7", userInfo: journal.userInfo)
            #expect(after.isHandled)
            #expect(
                after.activity.map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(BadProduct.self))
            #expect(journal.runs.last == "BadProduct")
        }

        @Test(
            "canonically equivalent spellings are equal URLs with equal hashes, though the scalars are kept",
            arguments: [
                ("cono://test.com/caf\u{E9}", "cono://test.com/cafe\u{301}"),
                ("cono://test.com/?q=caf\u{E9}", "cono://test.com/?q=cafe\u{301}"),
                ("cono://test.com/#caf\u{E9}", "cono://test.com/#cafe\u{301}"),
                ("cono://test.com/caf%C3%A9", "cono://test.com/cafe%CC%81"),
                ("cono://test.com/\u{212B}", "cono://test.com/\u{C5}"),
            ])
        func canonicalEquivalence(_ nfc: String, _ nfd: String) throws {
            let composed = try DispatchURL(string: nfc)
            let decomposed = try DispatchURL(string: nfd)
            #expect(composed == decomposed)
            #expect(composed.hashValue == decomposed.hashValue)
            #expect(Set([composed, decomposed]).count == 1)
            #expect(!composed.description.unicodeScalars.elementsEqual(decomposed.description.unicodeScalars))
        }

        @Test func canonicallyEquivalentHostsAreOneASCIIHost() throws {
            let composed = try DispatchURL(string: "cono://caf\u{E9}.com/")
            let decomposed = try DispatchURL(string: "cono://cafe\u{301}.com/")
            #expect(composed == decomposed)
            #expect(composed.host == "xn--caf-dma.com")
            #expect(decomposed.description == "cono://xn--caf-dma.com")
        }

        @Test(
            "homographs and compatibility forms are different URLs",
            arguments: [
                ("https://good.com/", "https://g\u{43E}\u{43E}d.com/"),
                ("https://good.com/", "https://\u{FF47}\u{FF4F}\u{FF4F}\u{FF44}.com/"),
                ("https://good.com/", "https://xn--good.com/"),
                ("cono://test.com/home", "cono://test.com/\u{FF48}\u{FF4F}\u{FF4D}\u{FF45}"),
                ("cono://test.com/fi", "cono://test.com/\u{FB01}"),
            ])
        func homographsDiffer(_ plain: String, _ lookalike: String) throws {
            #expect(try DispatchURL(string: plain) != DispatchURL(string: lookalike))
        }
    }
}
