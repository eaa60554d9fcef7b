import DispatchKitRules
import Foundation
import Testing

@testable import DispatchKit

#if canImport(Glibc)
    import Glibc
#endif

// The path as it arrived (`rawPath`, `rawPathSegments`) beside the normalized `paths`.

/// What a row of the tables expects: the raw path and its segments, and the normalized paths
/// (which must not change).
struct URLTestRawPath: Sendable, CustomTestStringConvertible {
    var input: String
    var rawPath: String
    var segments: [String]
    var paths: [String]

    init(_ input: String, _ rawPath: String, _ segments: [String], paths: [String]) {
        self.input = input
        self.rawPath = rawPath
        self.segments = segments
        self.paths = paths
    }

    var testDescription: String { input.debugDescription }
}

/// The normalized paths of raw segments, by the rules of URLRules.md: empty segments dropped,
/// each decoded, then `.` and `..` resolved, never above the root.
private func urlTestNormalized(_ segments: [String]) -> [String]? {
    var paths: [String] = []
    for segment in segments where !segment.isEmpty {
        guard let decoded = urlTestPercentDecoded(segment) else { return nil }
        if decoded == ".." {
            _ = paths.popLast()
        } else if decoded != "." {
            paths.append(decoded)
        }
    }
    return paths
}

/// `segment` with its escapes decoded, or `nil` if one is malformed or the bytes are not UTF-8.
/// (Foundation's `removingPercentEncoding` drops a leading U+FEFF, which a path keeps.)
private func urlTestPercentDecoded(_ segment: String) -> String? {
    var bytes: [UInt8] = []
    var rest = segment.utf8[...]
    while let byte = rest.popFirst() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(value)
        rest = rest.dropFirst(2)
    }
    return String(validating: bytes, as: UTF8.self)
}

/// The time this thread has run, in seconds (Linux), else monotonic time: see BadInputLinearTimeTests.
private func urlTestThreadTime() -> Double {
    #if canImport(Glibc)
        var time = timespec()
        if clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 {
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    #endif
    return Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

@Suite("DispatchURL raw path")
@MainActor
struct DispatchURLRawPathTests {
    // MARK: - The path as written

    // Paths were only ever normalized: `/wiki//æ/_raising` and `/wiki/æ/_raising`, two different
    // wiki titles, reached an activity as one URL, and nothing gave back the one that arrived.
    @Test("two paths that normalize alike keep their own raw paths, and stay one URL to a route")
    func wikipediaPair() throws {
        let double = try DispatchURL(string: "https://en.wikipedia.org/wiki//%C3%A6/_raising")
        let single = try DispatchURL(string: "https://en.wikipedia.org/wiki/%C3%A6/_raising")
        #expect(double.rawPath == "/wiki//%C3%A6/_raising")
        #expect(double.rawPathSegments == ["wiki", "", "%C3%A6", "_raising"])
        #expect(single.rawPath == "/wiki/%C3%A6/_raising")
        #expect(single.rawPathSegments == ["wiki", "%C3%A6", "_raising"])
        // Matching, equality, hashing and the description are the normalized ones, as before.
        #expect(double.paths == ["wiki", "æ", "_raising"])
        #expect(double.paths == single.paths)
        #expect(double == single)
        #expect(double.hashValue == single.hashValue)
        #expect(double.description == single.description)
        #expect(double.description == "https://en.wikipedia.org/wiki/æ/_raising")
    }

    nonisolated static let rawPathCases: [URLTestRawPath] = [
        // Escapes as written, never decoded; `%2F` is no separator.
        .init("app://x/a%2Fb", "/a%2Fb", ["a%2Fb"], paths: ["a/b"]),
        .init("app://x/%41%42", "/%41%42", ["%41%42"], paths: ["AB"]),
        .init("app://x/%e4%b8%ad/b", "/%e4%b8%ad/b", ["%e4%b8%ad", "b"], paths: ["中", "b"]),
        .init("app://x/a%20b/%25", "/a%20b/%25", ["a%20b", "%25"], paths: ["a b", "%"]),
        .init("app://x/%2E%2E%2Fadmin", "/%2E%2E%2Fadmin", ["%2E%2E%2Fadmin"], paths: ["../admin"]),
        // Empty segments kept; a trailing slash gives a trailing empty segment.
        .init("app://x/a//b", "/a//b", ["a", "", "b"], paths: ["a", "b"]),
        .init("app://x//a", "//a", ["", "a"], paths: ["a"]),
        .init("app://x/a/", "/a/", ["a", ""], paths: ["a"]),
        .init("app://x/", "/", [""], paths: []),
        .init("app://x//", "//", ["", ""], paths: []),
        .init("app://x/a///", "/a///", ["a", "", "", ""], paths: ["a"]),
        // Dot segments as written, raw or escaped.
        .init("app://x/a/./b/../c", "/a/./b/../c", ["a", ".", "b", "..", "c"], paths: ["a", "c"]),
        .init("app://x/..", "/..", [".."], paths: []),
        .init("app://x/%2e%2E/a", "/%2e%2E/a", ["%2e%2E", "a"], paths: ["a"]),
        .init("app://x/a/.", "/a/.", ["a", "."], paths: ["a"]),
        // Nothing to keep: the raw path is what `paths` write back.
        .init("app://x/a/b", "/a/b", ["a", "b"], paths: ["a", "b"]),
        .init("app://x/a+b/c~d", "/a+b/c~d", ["a+b", "c~d"], paths: ["a+b", "c~d"]),
        .init("app://x/中文/b", "/中文/b", ["中文", "b"], paths: ["中文", "b"]),
        .init("app://x/中文//b", "/中文//b", ["中文", "", "b"], paths: ["中文", "b"]),
        .init("app://x", "", [], paths: []),
        .init("app://x?q=/a//b#/c//d", "", [], paths: []),
        .init("app://x/a//b?q=1#f", "/a//b", ["a", "", "b"], paths: ["a", "b"]),
        // Split on the byte: a "/" before a combining mark is one Character, but still a separator.
        .init("app://x/a//\u{338}b", "/a//\u{338}b", ["a", "", "\u{338}b"], paths: ["a", "\u{338}b"]),
        // No authority (RFC 3986): the path follows the scheme's ":", with or without a "/".
        .init("app:path", "path", ["path"], paths: ["path"]),
        .init("app:a//b/", "a//b/", ["a", "", "b", ""], paths: ["a", "b"]),
        .init("app:./a", "./a", [".", "a"], paths: ["a"]),
        .init("app:%61", "%61", ["%61"], paths: ["a"]),
        .init(
            "mailto:someone@example.com", "someone@example.com", ["someone@example.com"],
            paths: [
                "someone@example.com"
            ]),
        .init("app:/path", "/path", ["path"], paths: ["path"]),
        .init("app:", "", [], paths: []),
        .init("app:///x", "/x", ["x"], paths: ["x"]),
        .init("file:///etc//hosts", "/etc//hosts", ["etc", "", "hosts"], paths: ["etc", "hosts"]),
        // Relative references.
        .init("/mine_home?uid=1", "/mine_home", ["mine_home"], paths: ["mine_home"]),
        .init("mine_home", "mine_home", ["mine_home"], paths: ["mine_home"]),
        .init("a//b/", "a//b/", ["a", "", "b", ""], paths: ["a", "b"]),
        .init("/", "/", [""], paths: []),
        .init("?q=1", "", [], paths: []),
        .init("#f", "", [], paths: []),
        .init("//host/a//b", "/a//b", ["a", "", "b"], paths: ["a", "b"]),
        // The authority is no part of it: IPv6 literals, ports and user information stay where they were.
        .init("app://[::1]:8080/a//b", "/a//b", ["a", "", "b"], paths: ["a", "b"]),
        .init("app://user:pw@[2001:DB8::1]:443/", "/", [""], paths: []),
        .init("app://x:80//%41", "//%41", ["", "%41"], paths: ["A"]),
        .init("app://x:/a", "/a", ["a"], paths: ["a"]),
    ]

    @Test("the raw path and its segments are the path as written", arguments: rawPathCases)
    func rawPath(_ row: URLTestRawPath) throws {
        let url = try DispatchURL(string: row.input)
        #expect(url.rawPath == row.rawPath)
        #expect(url.rawPathSegments == row.segments)
        #expect(url.paths == row.paths)
        // The segments are the raw path split on "/" (its leading "/" separates nothing).
        let joined = url.rawPathSegments.joined(separator: "/")
        #expect(url.rawPath == joined || url.rawPath == "/" + joined)
        // Dropping empty segments, decoding and resolving dot segments gives `paths`.
        #expect(urlTestNormalized(url.rawPathSegments) == url.paths)
    }

    @Test(
        "the host, port and user information parse as before",
        arguments: [
            ("app://[::1]:8080/a//b", "::1", 8080),
            ("app://user:pw@[2001:DB8::1]:443/", "2001:db8::1", 443),
            ("app://X:80//%41", "x", 80),
        ])
    func authorityUntouched(_ input: String, host: String, port: Int) throws {
        let url = try DispatchURL(string: input)
        #expect(url.host == host)
        #expect(url.port == port)
    }

    @Test(
        "the raw path does not take part in equality, hashing or the description",
        arguments: [
            ("app://x/a//b/", "app://x/a/b"),
            ("app://x/%61/./b", "app://x/a/b"),
            ("app:a//b", "app:a/b"),
            ("app://x/", "app://x"),
            ("a//b", "/a/b"),
        ])
    func normalizedIdentity(_ written: String, _ normal: String) throws {
        let url = try DispatchURL(string: written)
        let other = try DispatchURL(string: normal)
        #expect(url.rawPath != other.rawPath)
        #expect(url == other)
        #expect(url.hashValue == other.hashValue)
        #expect(url.description == other.description)
        #expect(url.url == other.url)
        #expect(Set([url, other]).count == 1)
    }

    // The path as written shares one field with the query: cutting the query out of it must step
    // over the `?` by a byte, not a Character, or a combining mark that starts the query is lost.
    @Test(
        "the query and fragment read the same whether or not the path is kept as written",
        arguments: [
            ("app://x/a//b?q=1&r=%41&q=2#f", "app://x/a/b?q=1&r=%41&q=2#f"),
            ("app://x/a//b?\u{301}=1", "app://x/a/b?\u{301}=1"),
            ("app://x/a/?", "app://x/a?"),
            ("app://x/%61?t=a+b", "app://x/a?t=a+b"),
            ("app:a//b?x=a+b", "app:a/b?x=a+b"),
            ("a//b?flag", "/a/b?flag"),
            ("mine_home?uid=1", "/mine_home?uid=1"),
        ])
    func queryBesideRawPath(_ written: String, _ normal: String) throws {
        let url = try DispatchURL(string: written)
        let other = try DispatchURL(string: normal)
        #expect(url.rawPath != other.rawPath)
        #expect(url.rawPath.utf8.count < written.utf8.count)
        #expect(url.queryItems == other.queryItems)
        #expect(url.query == other.query)
        #expect(url.fragment == other.fragment)
        #expect(url.rawQuery == other.rawQuery)
        #expect(url == other)
        #expect(url.description == other.description)
    }

    // The raw path must cost the usual URL nothing: only a path that `paths` would not write back
    // is kept, and it shares the query's field.
    @Test(
        "only a path that paths would not write back is kept as written",
        arguments: [
            ("app://x/a/b?q=1", false),
            ("app://x/中文/b", false),
            ("app://x/a+b/c~d", false),
            ("app://x", false),
            ("app://x?q=1", false),
            ("app:a/b", false),
            ("/a/b", false),
            ("?q=1", false),
            ("#f", false),
            ("app://x/", true),
            ("app://x/a/", true),
            ("app://x/a//b", true),
            ("app://x/a/./b", true),
            ("app://x/a/../b", true),
            ("app://x/%41", true),
            ("app://x/中文//b", true),
            ("app:a//b", true),
            ("a/b", true),
        ])
    func keptOnlyWhenNeeded(_ input: String, _ kept: Bool) throws {
        let url = try DispatchURL(string: input)
        #expect(url.tailHoldsPath == kept)
        #expect((url.storedRawPath != nil) == kept)
        #expect(url.rawPath == url.storedRawPath ?? url.writtenPath)
    }

    @Test("a URL parsed from a Foundation URL has the path of its absoluteString")
    func foundationURL() throws {
        let foundation = try #require(URL(string: "https://en.wikipedia.org/wiki//%C3%A6/_raising/"))
        let url = try DispatchURL(foundation)
        #expect(url.rawPath == "/wiki//%C3%A6/_raising/")
        #expect(url.rawPathSegments == ["wiki", "", "%C3%A6", "_raising", ""])
        #expect(url.paths == ["wiki", "æ", "_raising"])
        // Whatever Foundation wrote, the raw path is the absoluteString's.
        let raw = try #require(URL(string: "app://x/a//b%2Fc"))
        #expect(try DispatchURL(raw).rawPath == "/a//b%2Fc")
    }

    // MARK: - URLs the center builds

    @Test("a URL built from a pattern has its paths, written, as its raw path")
    func builtFromPattern() throws {
        let url = try RoutePattern("/wiki/:title/:section").url(parameters: [
            "title": "a b/c", "section": "%",
        ])
        #expect(url.paths == ["wiki", "a b/c", "%"])
        #expect(url.rawPath == "/wiki/a%20b%2Fc/%25")
        #expect(url.rawPathSegments == ["wiki", "a%20b%2Fc", "%25"])
        let root = try RoutePattern("app://host").url(parameters: [:])
        #expect(root.rawPath == "")
        #expect(root.rawPathSegments == [])
    }

    @Test("a redirect target has its paths, written, as its raw path, not the path that arrived")
    func redirectTarget() throws {
        let rules = RedirectRules([try .init(pattern: "/old/*", target: "/new/*")])
        let arrived = try DispatchURL(string: "app://x/old//a%2Fb/./c/?q=1")
        let target = try #require(rules.redirect(for: arrived, in: .init())?.url)
        #expect(target.paths == ["new", "a/b", "c"])
        #expect(target.rawPath == "/new/a%2Fb/c")
        #expect(target.rawPathSegments == ["new", "a%2Fb", "c"])
    }

    @Test("a typed link's URL has its paths, written, as its raw path")
    func builtFromLink() throws {
        let center = DispatchCenter()
        center.register(RawPathTitleActivity.self)
        let url = try center.url(for: RawPathTitleActivity.Link(title: "æ/_raising"))
        #expect(url.paths == ["wiki", "æ/_raising"])
        #expect(url.rawPath == "/wiki/æ%2F_raising")
        #expect(url.rawPathSegments == ["wiki", "æ%2F_raising"])
    }

    @Test("a parsed URL whose path is written as `paths` write it has the same raw path as a built one")
    func parsedEqualsBuilt() throws {
        let built = try RoutePattern("app://host/wiki/:title").url(parameters: ["title": "中 文"])
        let parsed = try DispatchURL(string: built.description)
        #expect(parsed.rawPath == built.rawPath)
        #expect(parsed.rawPathSegments == built.rawPathSegments)
        #expect(parsed.rawPath == "/wiki/中%20文")
    }

    // MARK: - The activity

    @Test("the activity receives the path segments as they arrived, and the normalized paths")
    func activityRawSegments() throws {
        let center = DispatchCenter()
        center.register(RawPathWikiActivity.self)
        let double = center.dispatch("https://en.wikipedia.org/wiki//%C3%A6/_raising")
        let single = center.dispatch("https://en.wikipedia.org/wiki/%C3%A6/_raising")
        let first = try #require(double.activity as? RawPathWikiActivity)
        let second = try #require(single.activity as? RawPathWikiActivity)
        #expect(first.rawPathSegments == ["wiki", "", "%C3%A6", "_raising"])
        #expect(second.rawPathSegments == ["wiki", "%C3%A6", "_raising"])
        #expect(first.paths == second.paths)
        #expect(first.url.rawPath == "/wiki//%C3%A6/_raising")
        #expect(first.wildcard == ["æ", "_raising"])
    }

    // MARK: - Hostile input

    @Test("every input of the bad-input corpus gives a raw path without trapping, consistent with paths")
    func badInputCorpus() {
        var parsed = 0
        for entry in BadInputCorpus.all {
            guard let url = try? DispatchURL(string: entry.input, limits: entry.limits) else { continue }
            parsed += 1
            let raw = url.rawPath
            let segments = url.rawPathSegments
            // The raw path ends where the query or fragment starts (the authority ends before them).
            let beforeQuery = entry.input.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            #expect(beforeQuery.reversed().starts(with: raw.utf8.reversed()), "\(entry.testDescription)")
            #expect(urlTestNormalized(segments) == url.paths, "\(entry.testDescription)")
        }
        #expect(parsed > 100)
    }

    @Test(
        "reading a long raw path takes time linear in its length",
        arguments: [
            ("empty segments", "/"),
            ("escapes", "/%41"),
            ("dot segments", "/.."),
            ("escaped dot segments", "/%2e"),
            ("empty CJK segments", "/中/"),
            ("plain segments", "/a"),
        ])
    func linearTime(_ family: String, _ unit: String) {
        let raised = DispatchURL.Limits(
            maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)
        func input(bytes: Int) -> String {
            "cono://test.com" + String(repeating: unit, count: bytes / unit.utf8.count)
        }
        // Parse, then read both; the fastest of a few runs (noise only adds time), per byte.
        func perByte(_ string: String) -> Double {
            var best = Double.infinity
            for _ in 0..<4 {
                let start = urlTestThreadTime()
                let url = try? DispatchURL(string: string, limits: raised)
                let segments = url?.rawPathSegments.count ?? 0
                let length = url?.rawPath.utf8.count ?? 0
                best = min(best, urlTestThreadTime() - start)
                #expect(segments > 0 && length > 0, "\(family)")
            }
            return best / Double(string.utf8.count)
        }
        let small = input(bytes: 1 << 14)
        let large = input(bytes: 1 << 18)
        var growth = Double.infinity
        for _ in 0..<5 where growth > 5 {
            growth = min(growth, perByte(large) / perByte(small))
        }
        #expect(growth <= 5, "\(family): time per byte grew \(growth)× from 16 KiB to 256 KiB")
    }
}

/// Claims `/wiki/*`: the title is the rest of the path.
private final class RawPathWikiActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/wiki/*"] }
    override func execute() throws {}
}

/// A typed link whose title may hold a "/".
private final class RawPathTitleActivity: LinkActivity<RawPathTitleActivity.Link> {
    struct Link: DispatchLink {
        var title: String
    }
    override class var patterns: [RoutePattern] { ["/wiki/:title"] }
    override func execute(with link: Link) throws {}
}
