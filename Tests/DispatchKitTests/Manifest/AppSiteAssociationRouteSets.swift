import DispatchKitUI
import DispatchTestSupport
import Foundation

@testable import DispatchKit
@testable import DispatchKitManifest

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

    /// Trailing slashes: the router drops one, so `/settings/privacy/` is `/settings/privacy`,
    /// `/account/logout/` the internal route and `/user/me/edit/` the exposed one.
    static let trailingSlashes = LinkRouteSet(
        "trailing slashes",
        [
            ("/settings/privacy", true), ("/account/logout", false), ("/account/:page", true),
            ("/admin", false),
            ("/:section", true), ("/user/me/edit", true), ("/user/:id/:action", false), ("/files/*", true),
            ("/v/:id<uuid>", true), ("/", true),
        ],
        extraPaths: ["account/logout", "admin", "user/me/edit", "user/1/view", "files", "files/a/b"])

    /// Values that hold the glob characters of the formats: `*` and `?` for AASA, `.` and `*` for
    /// Android.
    static let globCharacters = LinkRouteSet(
        "glob characters in values",
        [
            ("/x/:v<a.b|c*d|e?f>", true), ("/x/:other", false), ("/y/:v<c*d|g>/end", true),
            ("/y/:a/:b", false),
            ("/z/:v<a.b|c*d>/:w", true), ("/q/:v<c*d|g>", false), ("/q/:w", true),
        ],
        extraPaths: [
            "x/cZZd", "x/cd", "x/cZd", "x/aXb", "x/c/d", "x/e?f", "y/cZd/end", "y/c/d/end", "y/cd/end",
            "z/aXb/1",
            "z/cZd/1", "z/c/d/1", "q/c*d", "q/cZd",
        ])

    /// Literals and values with percent-escapes, which links may write in lowercase.
    static let escapeCase = LinkRouteSet(
        "escape case",
        [
            ("/x/:v<e?f|caf\u{e9}>", true), ("/x/:w", false), ("/caf\u{e9}/:x", true),
            ("/\u{4E2D}\u{6587}/:y", false),
            ("/:a/:b", true), ("/50%/off", true), ("/e/:v<a?b|c d>", false), ("/e/:w", true),
        ],
        extraPaths: ["x/e?f", "x/caf\u{e9}", "caf\u{e9}/1", "\u{4E2D}\u{6587}/1", "e/a?b", "e/c d", "e/x"])

    /// Parameters whose value may hold an encoded slash (`a%2Fb`): one segment to the router.
    static let encodedSlashes = LinkRouteSet(
        "encoded slashes",
        [
            ("/a/:x/d", true), ("/a/b/:y", false), ("/a/:p/:q/:r", true), ("/c/:x", true), ("/e/:x/:y", true),
            ("/e/:x", false), ("/f/:x/g", true), ("/h/*", true), ("/k/:x", false), ("/k/:x/:y", true),
        ],
        extraPaths: ["a/b/x", "e/x", "k/x"])

    /// No route that universal links reach: the files claim nothing.
    static let nothingExposed = LinkRouteSet(
        "nothing exposed", [("/a", false), ("/b/:x", false), ("/c/*", false)])

    static let all: [LinkRouteSet] = [
        sample, trailingSlashes, globCharacters, escapeCase, encodedSlashes, nothingExposed,
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
                ("/q+r/s", true), ("/it's/\"q\"", true), ("/x&y/:v<<z>|{w}>", true), ("/caf\u{e9}/:x", false),
            ],
            extraPaths: ["v1x2/a", "cafe/menu", "50/off", "q r/s"]),
    ]
}

/// One URL as a link in the wild writes it (`https://test.com/x/e%3ff/`), and the path each
/// platform compares with its file.
struct LinkProbe: CustomStringConvertible, Sendable {
    /// The URL as written.
    let text: String

    var description: String { text }

    /// The path as written, percent-encoded: what iOS compares with the AASA components
    /// (`percentEncoded` is `true` by default).
    var encodedPath: String {
        let path = text.dropFirst("https://test.com".count).prefix { $0 != "?" && $0 != "#" }
        return path.isEmpty ? "/" : String(path)
    }

    /// `Uri.getPath()`: the path as written, percent-decoded (an encoded slash becomes a slash),
    /// which Android's `PatternMatcher` compares.
    var decodedPath: String { encodedPath.removingPercentEncoding ?? encodedPath }

    /// The URL as the router parses it.
    var url: DispatchURL? { try? DispatchURL(string: text) }

    /// Whether a segment, as the router reads it, holds a slash (`%2F`).
    var hasEncodedSlash: Bool { url?.paths.contains { $0.contains("/") } ?? false }

    /// The URL of the path Android sees: the decoded path, as a link of its own.
    var decoded: LinkProbe {
        LinkProbe(
            text: "https://test.com"
                + decodedPath.split(separator: "/", omittingEmptySubsequences: false).map {
                    DispatchURL.escape(String($0), as: .segment, asciiOnly: true)
                }.joined(separator: "/"))
    }
}

extension LinkRouteSet {
    /// The probes as links in the wild may write them: each path of ``probes(host:)`` as Foundation
    /// encodes it, with a trailing slash, with its escapes in lowercase, with two neighbouring
    /// segments joined by an encoded slash, and with each segment replaced by `a%2Fb`.
    func rawProbes() -> [LinkProbe] {
        var texts: [String] = []
        for url in probes() {
            let encoded = url.paths.map { DispatchURL.escape($0, as: .segment, asciiOnly: true) }
            let base = "https://test.com/" + encoded.joined(separator: "/")
            texts.append(base)
            if !encoded.isEmpty { texts.append(base + "/") }
            let lowered = Self.lowercasingEscapes(base)
            if lowered != base {
                texts.append(lowered)
                texts.append(lowered + "/")
            }
            for index in encoded.indices {
                var replaced = encoded
                replaced[index] = "a%2Fb"
                texts.append("https://test.com/" + replaced.joined(separator: "/"))
                guard index + 1 < encoded.count else { continue }
                let joined =
                    encoded[..<index] + [encoded[index] + "%2F" + encoded[index + 1]]
                    + encoded[(index + 2)...]
                texts.append("https://test.com/" + joined.joined(separator: "/"))
            }
        }
        var seen: Set<String> = []
        return texts.filter { seen.insert($0).inserted }.map(LinkProbe.init)
    }

    /// `text` with the hexadecimal letters of its percent-escapes in lowercase.
    static func lowercasingEscapes(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                for offset in 1...2 where bytes[index + offset] >= UInt8(ascii: "A") {
                    bytes[index + offset] |= 0x20
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A live center with one class per route of a set (``ManifestRelease``'s slots, registered in the
/// set's order), its manifest, and its answer for a link that arrives as a universal link.
///
/// The slots read their declarations from a table that the next release overwrites: use it
/// without a suspension point.
@MainActor
struct LiveLinkCenter {
    let set: LinkRouteSet
    let center: DispatchCenter
    let manifest: RouteManifest

    init(_ set: LinkRouteSet) throws {
        let release = ManifestRelease(
            set.entries.map { entry in
                ManifestFixture(
                    [RoutePattern(stringLiteral: entry.pattern)], priority: entry.priority,
                    exposure: entry.isExposed ? .external : .internalOnly)
            })
        self.set = set
        manifest = release.manifest()
        center = release.center()
        center.associatedDomains = try AssociatedDomains(["test.com"])
    }

    /// Whether the center, receiving `probe` as a universal link, hands it to an exposed activity
    /// (creates one: a refused link creates none, and there is no fallback).
    func admits(_ probe: LinkProbe) -> Bool {
        guard let url = URL(string: probe.text) else { return false }
        return center.dispatch(.universalLink(url)).activity != nil
    }

    /// The pattern of the route whose class wins `probe`, if one does.
    func winner(_ probe: LinkProbe) -> String? {
        guard let url = probe.url, let first = center.claimants(for: url).first,
            let slot = ManifestRelease.slots.firstIndex(where: {
                ObjectIdentifier($0) == ObjectIdentifier(first)
            }),
            slot < set.entries.count
        else { return nil }
        return set.entries[slot].pattern
    }
}
