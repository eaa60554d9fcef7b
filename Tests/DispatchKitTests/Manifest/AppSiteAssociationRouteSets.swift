import DispatchTestSupport
import Foundation

@testable import DispatchKit

// Route sets for the universal-link generators (AASA and Android), the router's own answer for a
// URL as the reference router computes it (Tests/DispatchTestSupport/ReferenceRouter.swift,
// independent of the library's pattern code), and the URLs to probe a generated file with.

/// A named set of routes: pattern, exposed or not, priority.
struct LinkRouteSet: CustomStringConvertible, Sendable {
    struct Entry: Sendable {
        var pattern: String
        var isExposed: Bool
        var priority: Int
    }

    let name: String
    let entries: [Entry]
    /// Paths to probe besides those derived from the routes' examples.
    let extraPaths: [String]

    var description: String { name }

    init(
        _ name: String, _ entries: [(String, Bool)], priorities: [String: Int] = [:],
        extraPaths: [String] = []
    ) {
        self.name = name
        self.entries = entries.map { Entry(pattern: $0.0, isExposed: $0.1, priority: priorities[$0.0] ?? 0) }
        self.extraPaths = extraPaths
    }

    /// The manifest a center with these routes exports: one activity per route.
    var manifest: RouteManifest {
        var routes: [RouteManifest.Route] = []
        for (index, entry) in entries.enumerated() {
            guard case .success(let compiled) = RoutePattern(stringLiteral: entry.pattern).compiled else {
                continue
            }
            routes.append(
                RouteManifest.Route(
                    pattern: entry.pattern, activity: "Fixture.Route\(index)", priority: entry.priority,
                    exposure: entry.isExposed ? .external : .internalOnly,
                    parameters: compiled.manifestParameters,
                    wildcard: compiled.hasWildcard, examples: compiled.exampleURLs.map(\.description)))
        }
        routes.sort { ($0.pattern, $0.activity) < ($1.pattern, $1.activity) }
        return RouteManifest(routes: routes)
    }

    /// What the router does with `url` coming in as a universal link: `true` when the winning route
    /// is exposed, `false` when it is not or nothing matches, `nil` when two routes of different
    /// exposure tie (registration order decides).
    func admits(_ url: DispatchURL) -> Bool? {
        var best: (priority: Int, key: [Int], exposed: Set<Bool>)?
        for entry in entries {
            guard case .success(let pattern) = ReferencePattern.parse(entry.pattern),
                let match = pattern.bestMatch(url)
            else { continue }
            if let current = best {
                if entry.priority > current.priority
                    || (entry.priority == current.priority && referenceKeyIsGreater(match.key, current.key))
                {
                    best = (entry.priority, match.key, [entry.isExposed])
                } else if entry.priority == current.priority && match.key == current.key {
                    best?.exposed.insert(entry.isExposed)
                }
            } else {
                best = (entry.priority, match.key, [entry.isExposed])
            }
        }
        guard let best else { return false }
        return best.exposed.count == 1 ? best.exposed.first : nil
    }

    /// The entry that wins `url`, if one does.
    func winner(_ url: DispatchURL) -> Entry? {
        var best: (entry: Entry, key: [Int])?
        for entry in entries {
            guard case .success(let pattern) = ReferencePattern.parse(entry.pattern),
                let match = pattern.bestMatch(url)
            else { continue }
            if let current = best {
                if entry.priority > current.entry.priority
                    || (entry.priority == current.entry.priority
                        && referenceKeyIsGreater(match.key, current.key))
                {
                    best = (entry, match.key)
                }
            } else {
                best = (entry, match.key)
            }
        }
        return best?.entry
    }

    /// `https://test.com` URLs to probe: every route's examples (any host replaced), and around each
    /// one a longer path, a shorter one, and each segment replaced by other values; plus
    /// `extraPaths` and a few unknown paths.
    func probes(host: String = "test.com") -> [DispatchURL] {
        var paths: [[String]] = [[], ["unknown"], ["unknown", "deeper"]]
        paths += extraPaths.map { $0.split(separator: "/").map(String.init) }
        let replacements = ["zz", "42", "-7", "123e4567-e89b-42d3-a456-426614174000", "sample", "more"]
        for route in manifest.routes {
            for example in route.examples {
                guard let url = try? DispatchURL(string: example) else { continue }
                let segments = url.paths
                paths.append(segments)
                paths.append(segments + ["extra"])
                paths.append(segments + ["extra", "more"])
                if !segments.isEmpty { paths.append(Array(segments.dropLast())) }
                for index in segments.indices {
                    for replacement in replacements {
                        var changed = segments
                        changed[index] = replacement
                        paths.append(changed)
                    }
                    var split = segments
                    split.insert("x", at: index)
                    paths.append(split)
                }
            }
        }
        var seen: Set<[String]> = []
        return paths.filter { seen.insert($0).inserted }.compactMap { segments in
            let encoded = segments.map { DispatchURL.escape($0, as: .segment, asciiOnly: false) }
            return try? DispatchURL(string: "https://\(host)/" + encoded.joined(separator: "/"))
        }
    }

    /// The routes of `SampleApp` as its modules declare them.
    static let sample = LinkRouteSet(
        "sample app",
        [
            ("/product/:id<int>", true), ("/p/:id<int>", true), ("/orders(/:id<int>)", true),
            ("/settings/privacy", true), ("/account/login", true), ("/account/logout", false),
        ],
        extraPaths: ["product/42/extra", "product", "orders/7/extra", "account", "settings"])

    static let all: [LinkRouteSet] = [
        sample,
        LinkRouteSet(
            "nested optional groups",
            [
                ("/shop(/:category(/:item))", true), ("/shop/admin", false), ("/shop/:category/edit", false),
                ("(/lang/:code)/home", true), ("/lang/xx/home", false),
            ]),
        LinkRouteSet(
            "wildcards",
            [
                ("/files/*", true), ("/files/private/*", false), ("/docs/:section/*", true),
                ("/docs/:section/raw", false), ("/u/:name/files/*", true), ("/*", false), ("/open", true),
            ],
            extraPaths: [
                "u/a/b/files/c/d/e", "u/a/files/x/files/y", "files", "files/private", "docs/s/raw/x",
            ]),
        LinkRouteSet(
            "hosts and schemes",
            [
                ("//:tenant/t/:id", true), ("//*/w/:x", true), ("//test.com/only/here", true),
                ("//other.com/only/there", true), ("app://test.com/app", true),
                ("https://test.com/secure", true),
                ("http://test.com/plain", true), ("//test.com/only/:x", false),
            ],
            extraPaths: ["only/there", "app", "plain", "only/here"]),
        LinkRouteSet(
            "internal routes sharing prefixes",
            [
                ("/a/:x", true), ("/a/b", false), ("/a/:x/c", false), ("/a/:x/:y", true), ("/b/*", true),
                ("/b/:x", false), ("/c/:x/d/:y", true), ("/c/:x/:y/:z", false),
            ],
            extraPaths: ["a/b/c", "a/b/d", "b/x/y", "c/1/d/2/3", "c/1/2/d/3"]),
        LinkRouteSet(
            "typed parameters and value lists",
            [
                ("/t/:id<int>", true), ("/t/:slug", false), ("/v/:id<uuid>", true), ("/w/:id<int>", false),
                ("/w/:name", true), ("/k/:kind<red|blue>", true), ("/k/:other", false),
                ("/k2/:a<x|y>/:b<1|2|3>", true), ("/k2/:a/:b", false),
            ],
            extraPaths: ["t/abc", "w/42", "w/abc", "k/red", "k/green", "k2/x/3", "k2/z/1", "v/not-a-uuid"]),
        LinkRouteSet(
            "priorities and ties",
            [
                ("/pri/:x", true), ("/pri/:y<int>", false), ("/pri2/lit", true), ("/pri2/:y", false),
                ("/tie/:x", true), ("/tie/:y", false),
            ],
            priorities: ["/pri/:y<int>": 5, "/pri2/:y": 5]),
        LinkRouteSet(
            "encoded and non-ASCII literals",
            [
                ("/caf\u{e9}/menu", true), ("/50%/off", true), ("/a b/\u{4E2D}\u{6587}", true),
                ("/v1.2/:x", true),
                ("/q+r/s", true), ("/it's/\"q\"", true), ("/x&y/<z>", true), ("/caf\u{e9}/:x", false),
            ],
            extraPaths: ["v1x2/a", "cafe/menu", "50/off", "q r/s"]),
    ]
}
