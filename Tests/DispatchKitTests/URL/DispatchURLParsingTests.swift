import DispatchKit
import Foundation
import Testing

// What a valid URL parses into: one table per rule of URLRules.md ("The rules"), plus the rules
// decided for the URL model (no-authority forms, IPv6, ports, userinfo, non-ASCII).

/// The parts of a parsed URL a table row expects.
struct URLTestComponents: Sendable, CustomTestStringConvertible {
    var input: String
    var scheme: String?
    var host: String?
    var port: Int?
    var paths: [String]
    var fragment: String? = nil

    init(
        _ input: String, scheme: String?, host: String?, port: Int? = nil, paths: [String],
        fragment: String? = nil
    ) {
        self.input = input
        self.scheme = scheme
        self.host = host
        self.port = port
        self.paths = paths
        self.fragment = fragment
    }

    var testDescription: String { input.debugDescription }
}

@Suite("DispatchURL parsing")
struct DispatchURLParsingTests {
    // MARK: - Components

    static let componentCases: [URLTestComponents] = [
        .init("cono://test.com/mine_home?uid=42", scheme: "cono", host: "test.com", paths: ["mine_home"]),
        .init(
            "cono://test.com:8080/a/b#top", scheme: "cono", host: "test.com", port: 8080, paths: ["a", "b"],
            fragment: "top"),
        .init("cono://test.com", scheme: "cono", host: "test.com", paths: []),
        .init("cono://test.com/", scheme: "cono", host: "test.com", paths: []),
        .init("cono://test.com?x=1", scheme: "cono", host: "test.com", paths: []),
        .init("cono://test.com#f", scheme: "cono", host: "test.com", paths: [], fragment: "f"),
        // Scheme and host lowercased; paths keep their case.
        .init("CONO://Test.COM/Mine_Home/A", scheme: "cono", host: "test.com", paths: ["Mine_Home", "A"]),
        .init("App+1.x-Y://h", scheme: "app+1.x-y", host: "h", paths: []),
        // Empty or absent authority: host nil.
        .init("file:///x", scheme: "file", host: nil, paths: ["x"]),
        .init("app://", scheme: "app", host: nil, paths: []),
        .init("app:///", scheme: "app", host: nil, paths: []),
        .init("app://:/x", scheme: "app", host: nil, paths: ["x"]),
        // No authority (RFC 3986).
        .init("app:", scheme: "app", host: nil, paths: []),
        .init("app:/path", scheme: "app", host: nil, paths: ["path"]),
        .init("app:path", scheme: "app", host: nil, paths: ["path"]),
        .init("app:a/b", scheme: "app", host: nil, paths: ["a", "b"]),
        .init("APP:Path#F", scheme: "app", host: nil, paths: ["Path"], fragment: "F"),
        .init("localhost:8080/x", scheme: "localhost", host: nil, paths: ["8080", "x"]),
        .init("mailto:someone@example.com", scheme: "mailto", host: nil, paths: ["someone@example.com"]),
        // Relative references.
        .init("/mine_home?uid=1", scheme: nil, host: nil, paths: ["mine_home"]),
        .init("mine_home", scheme: nil, host: nil, paths: ["mine_home"]),
        .init("mine_home/detail", scheme: nil, host: nil, paths: ["mine_home", "detail"]),
        .init("mine_home:x", scheme: nil, host: nil, paths: ["mine_home:x"]),
        .init("1app:x", scheme: nil, host: nil, paths: ["1app:x"]),
        .init("?a=1", scheme: nil, host: nil, paths: []),
        .init("#f", scheme: nil, host: nil, paths: [], fragment: "f"),
        .init("/", scheme: nil, host: nil, paths: []),
        .init(".", scheme: nil, host: nil, paths: []),
        .init("//h/x", scheme: nil, host: "h", paths: ["x"]),
        .init("//H", scheme: nil, host: "h", paths: []),
        .init("//", scheme: nil, host: nil, paths: []),
        .init("///x", scheme: nil, host: nil, paths: ["x"]),
        // Host forms.
        .init("app://h%41/x", scheme: "app", host: "ha", paths: ["x"]),
        .init("app://a-b_c~d.!$&'()*+,;=/x", scheme: "app", host: "a-b_c~d.!$&'()*+,;=", paths: ["x"]),
        .init("app://127.0.0.1:80/x", scheme: "app", host: "127.0.0.1", port: 80, paths: ["x"]),
        .init("app://中文.COM/x", scheme: "app", host: "xn--fiq228c.com", paths: ["x"]),
        .init("app://ÄBC/x", scheme: "app", host: "xn--bc-uia", paths: ["x"]),
        .init("app://%C3%84/x", scheme: "app", host: "xn--4ca", paths: ["x"]),
        .init("app://../x", scheme: "app", host: "..", paths: ["x"]),
        // IPv6 literals.
        .init("app://[::1]", scheme: "app", host: "::1", paths: []),
        .init("app://[::1]/x", scheme: "app", host: "::1", paths: ["x"]),
        .init("app://[::1]:8080/x", scheme: "app", host: "::1", port: 8080, paths: ["x"]),
        .init("app://[FE80::A:b]/", scheme: "app", host: "fe80::a:b", paths: []),
        .init("app://[::ffff:1.2.3.4]", scheme: "app", host: "::ffff:1.2.3.4", paths: []),
        .init("app://[::1]:/x", scheme: "app", host: "::1", paths: ["x"]),
        // Ports.
        .init("app://x:/", scheme: "app", host: "x", port: nil, paths: []),
        .init("app://x:", scheme: "app", host: "x", port: nil, paths: []),
        .init("app://x:0", scheme: "app", host: "x", port: 0, paths: []),
        .init("app://x:65535/", scheme: "app", host: "x", port: 65535, paths: []),
        .init("app://x:00080/", scheme: "app", host: "x", port: 80, paths: []),
        .init("app://x:1?a", scheme: "app", host: "x", port: 1, paths: []),
        .init("app://x:1#a", scheme: "app", host: "x", port: 1, paths: [], fragment: "a"),
        // Userinfo: not a host, not a path.
        .init("app://user@h/x", scheme: "app", host: "h", paths: ["x"]),
        .init("app://user:pw@H:1/x", scheme: "app", host: "h", port: 1, paths: ["x"]),
        .init("app://a@b@h/x", scheme: "app", host: "h", paths: ["x"]),
        .init("app://x:80@y/", scheme: "app", host: "y", paths: []),
        .init("app://u%20ser@h", scheme: "app", host: "h", paths: []),
        .init("app://u@[::1]:9/x", scheme: "app", host: "::1", port: 9, paths: ["x"]),
    ]

    @Test("components", arguments: componentCases)
    func components(_ c: URLTestComponents) throws {
        let url = try DispatchURL(string: c.input)
        #expect(url.scheme == c.scheme)
        #expect(url.host == c.host)
        #expect(url.port == c.port)
        #expect(url.paths == c.paths)
        #expect(url.fragment == c.fragment)
        #expect(url.firstPath == c.paths.first)
    }

    // MARK: - Paths

    @Test(
        "paths: split before decoding, empty segments dropped, + and non-ASCII kept",
        arguments: [
            ("app://x/a//b/", ["a", "b"]),
            ("app://x//a///b//", ["a", "b"]),
            ("app://x/a%2Fb", ["a/b"]),
            ("app://x/a%2fb/c", ["a/b", "c"]),
            ("app://x/%2F", ["/"]),
            ("app://x/a+b", ["a+b"]),
            ("app://x/a%2Bb", ["a+b"]),
            ("app://x/a%20b", ["a b"]),
            ("app://x/%7E%41", ["~A"]),
            ("app://x/a%3Fb%23c", ["a?b#c"]),
            ("app://x/a%2500", ["a%00"]),
            ("app://x/中文", ["中文"]),
            ("app://x/%E4%B8%AD%E6%96%87", ["中文"]),
            ("app://x/caf%C3%A9/é", ["café", "é"]),
            (
                "app://x/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
                ["\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"]
            ),
            ("app://x/ＡＢＣ", ["ＡＢＣ"]),
            ("app://x/a:b@c;d=e,f!$'()*", ["a:b@c;d=e,f!$'()*"]),
        ] as [(String, [String])])
    func paths(_ input: String, _ expected: [String]) throws {
        #expect(try DispatchURL(string: input).paths == expected)
    }

    @Test(
        "paths: dot segments resolved, never above the root",
        arguments: [
            ("app://x/a/./b", ["a", "b"]),
            ("app://x/a/../b", ["b"]),
            ("app://x/a/b/..", ["a"]),
            ("app://x/a/b/../", ["a"]),
            ("app://x/a/..", []),
            ("app://x/..", []),
            ("app://x/../../a", ["a"]),
            ("app://x/a/b/../../../c", ["c"]),
            ("app://x/a/./././b/.", ["a", "b"]),
            ("app://x/a/%2e/b", ["a", "b"]),
            ("app://x/a/%2E/b", ["a", "b"]),
            ("app://x/a/%2e%2e/b", ["b"]),
            ("app://x/a/%2E%2e/b", ["b"]),
            ("app://x/a/.%2E/b", ["b"]),
            ("app://x/a/%2e./b", ["b"]),
            ("cono://test.com/mine_home/../settings_home", ["settings_home"]),
            ("/../mine_home", ["mine_home"]),
            ("../../mine_home", ["mine_home"]),
            ("app:../x", ["x"]),
            ("app:./x", ["x"]),
            // Not dot segments: the escape of "/" does not split, and other dots are ordinary.
            ("app://x/%2E%2E%2Fadmin", ["../admin"]),
            ("app://x/a/..%2Fadmin", ["a", "../admin"]),
            ("app://x/a/.%2F", ["a", "./"]),
            ("app://x/...", ["..."]),
            ("app://x/.a/a.", [".a", "a."]),
            ("app://x/..a", ["..a"]),
            ("app://x/%2E%2E%2E", ["..."]),
        ] as [(String, [String])])
    func dotSegments(_ input: String, _ expected: [String]) throws {
        #expect(try DispatchURL(string: input).paths == expected)
    }

    @Test("the host is not a path segment and `..` cannot remove it")
    func hostIsNotASegment() throws {
        let url = try DispatchURL(string: "cono://test.com/../../mine_home")
        #expect(url.host == "test.com")
        #expect(url.paths == ["mine_home"])
        #expect(url.firstPath == "mine_home")
        let bare = try DispatchURL(string: "cono://mine_home")
        #expect(bare.host == "mine_home")
        #expect(bare.paths == [])
        #expect(bare.firstPath == nil)
    }

    @Test("paths are case-sensitive; scheme and host are not")
    func caseRules() throws {
        #expect(try DispatchURL(string: "app://x/Home") != DispatchURL(string: "app://x/home"))
        #expect(try DispatchURL(string: "APP://X/home") == DispatchURL(string: "app://x/home"))
        #expect(try DispatchURL(string: "app://x?Uid=1") != DispatchURL(string: "app://x?uid=1"))
        #expect(try DispatchURL(string: "app://x?uid=A") != DispatchURL(string: "app://x?uid=a"))
        #expect(try DispatchURL(string: "app://x#A") != DispatchURL(string: "app://x#a"))
        #expect(try DispatchURL(string: "app://x/%41").paths == ["A"])
    }

    @Test("no Unicode normalisation: fullwidth letters stay as given")
    func noNormalisation() throws {
        let fullwidth = try DispatchURL(string: "app://x/ａｄｍｉｎ?ｋ=ｖ#ｆ")
        #expect(fullwidth.paths == ["ａｄｍｉｎ"])
        #expect(fullwidth.query == ["ｋ": "ｖ"])
        #expect(fullwidth.fragment == "ｆ")
        #expect(fullwidth != (try DispatchURL(string: "app://x/admin?k=v#f")))
        // A ligature is not decomposed either.
        #expect(try DispatchURL(string: "app://x/ﬁ").paths == ["ﬁ"])
        // Nor is a combining sequence composed, or a precomposed letter decomposed.
        #expect(
            try DispatchURL(string: "app://x/e\u{301}").paths[0].unicodeScalars.elementsEqual([
                "e", "\u{301}",
            ]))
        #expect(try DispatchURL(string: "app://x/\u{E9}").paths[0].unicodeScalars.elementsEqual(["\u{E9}"]))
        #expect(
            try DispatchURL(string: "app://x/e%CC%81").paths[0].unicodeScalars.elementsEqual(["e", "\u{301}"])
        )
    }

    @Test("a zero-width joiner inside an emoji is accepted")
    func zeroWidthJoiner() throws {
        let family = "👨\u{200D}👩\u{200D}👧"
        let url = try DispatchURL(string: "app://x/\(family)?who=\(family)#\(family)")
        #expect(url.paths == [family])
        #expect(url.paths[0].unicodeScalars.count == 5)
        #expect(url.query["who"] == family)
        #expect(url.fragment == family)
    }

    // MARK: - Query

    @Test(
        "query items: split on &, then the first =, + is a space, empty pairs skipped",
        arguments: [
            ("app://x?a=1&b=2", [URLTestPair("a", "1"), URLTestPair("b", "2")]),
            ("app://x?z=1&a=2&m=3", [URLTestPair("z", "1"), URLTestPair("a", "2"), URLTestPair("m", "3")]),
            ("app://x?a=1&a=2", [URLTestPair("a", "1"), URLTestPair("a", "2")]),
            ("app://x?a=1&a=1", [URLTestPair("a", "1"), URLTestPair("a", "1")]),
            ("app://x?flag", [URLTestPair("flag", nil)]),
            ("app://x?flag=", [URLTestPair("flag", "")]),
            ("app://x?a=1=2", [URLTestPair("a", "1=2")]),
            ("app://x?=v", [URLTestPair("", "v")]),
            ("app://x?=", [URLTestPair("", "")]),
            ("app://x?a+b=c+d", [URLTestPair("a b", "c d")]),
            ("app://x?a%2Bb=c%2Bd", [URLTestPair("a+b", "c+d")]),
            ("app://x?a%20b=c%20d", [URLTestPair("a b", "c d")]),
            ("app://x?a%3Db=c%26d", [URLTestPair("a=b", "c&d")]),
            ("app://x?q=%26%3D%2B%23", [URLTestPair("q", "&=+#")]),
            ("app://x?&&a=1&&", [URLTestPair("a", "1")]),
            ("app://x?&", []),
            ("app://x?", []),
            ("app://x?a=b?c/d:e@f", [URLTestPair("a", "b?c/d:e@f")]),
            ("app://x?q=中文&名=值", [URLTestPair("q", "中文"), URLTestPair("名", "值")]),
            ("app://x?q=%E4%B8%AD", [URLTestPair("q", "中")]),
            ("app://x?a=1#b=2", [URLTestPair("a", "1")]),
            ("app://x?a=1&#b=2", [URLTestPair("a", "1")]),
            ("app://x/p?a&b=&c=3", [URLTestPair("a", nil), URLTestPair("b", ""), URLTestPair("c", "3")]),
            ("?uid=1", [URLTestPair("uid", "1")]),
            ("/mine_home?uid=1&tab=a+b", [URLTestPair("uid", "1"), URLTestPair("tab", "a b")]),
        ] as [(String, [URLTestPair])])
    func queryItems(_ input: String, _ expected: [URLTestPair]) throws {
        #expect(try DispatchURL(string: input).urlTestPairs == expected)
    }

    @Test(
        "query dictionary: first value wins, a bare name maps to \"\"",
        arguments: [
            ("app://x?a=1&b=2", ["a": "1", "b": "2"]),
            ("app://x?a=1&a=2", ["a": "1"]),
            ("app://x?a&a=2", ["a": ""]),
            ("app://x?a=2&a", ["a": "2"]),
            ("app://x?flag", ["flag": ""]),
            ("app://x?flag=", ["flag": ""]),
            ("app://x?tab=a+b&uid=42", ["tab": "a b", "uid": "42"]),
            ("app://x", [:]),
            ("app://x?", [:]),
        ] as [(String, [String: String])])
    func queryDictionary(_ input: String, _ expected: [String: String]) throws {
        #expect(try DispatchURL(string: input).query == expected)
    }

    @Test("`?flag` has a nil value and `?flag=` an empty one")
    func flagValues() throws {
        let bare = try DispatchURL(string: "app://x?flag")
        #expect(bare.queryItems == [URLQueryItem(name: "flag", value: nil)])
        #expect(bare.query["flag"] == "")
        let empty = try DispatchURL(string: "app://x?flag=")
        #expect(empty.queryItems == [URLQueryItem(name: "flag", value: "")])
        #expect(empty.query["flag"] == "")
        #expect(bare != empty)
    }

    @Test("`+` is a space in the query only")
    func plusOnlyInQuery() throws {
        let url = try DispatchURL(string: "app://x/a+b?a+b=a+b#a+b")
        #expect(url.paths == ["a+b"])
        #expect(url.query == ["a b": "a b"])
        #expect(url.fragment == "a+b")
    }

    // MARK: - Fragment

    @Test(
        "fragment: decoded, + kept literally",
        arguments: [
            ("app://x#a+b", "a+b"),
            ("app://x#a%20b", "a b"),
            ("app://x#a%2Bb", "a+b"),
            ("app://x#", ""),
            ("app://x#a#b", "a#b"),
            ("app://x#a?b=c/d&e", "a?b=c/d&e"),
            ("app://x/p?q=1#frag%2Fx", "frag/x"),
            ("app://x#%E4%B8%AD文", "中文"),
            ("#f", "f"),
        ] as [(String, String)])
    func fragment(_ input: String, _ expected: String) throws {
        #expect(try DispatchURL(string: input).fragment == expected)
    }

    @Test("no `#` means no fragment", arguments: ["app://x", "app://x/a?b=c", "/a", "app:"])
    func noFragment(_ input: String) throws {
        #expect(try DispatchURL(string: input).fragment == nil)
    }

    @Test("a `?` inside the fragment does not start a query; a `#` inside the query ends it")
    func delimiterOrder() throws {
        let url = try DispatchURL(string: "app://x/p#f?a=1")
        #expect(url.queryItems.isEmpty)
        #expect(url.fragment == "f?a=1")
        #expect(url.paths == ["p"])
    }

    // MARK: - Foundation URL input

    @Test("init(_ url: URL) applies the same rules as init(string:)")
    func foundationInput() throws {
        let foundation = try #require(URL(string: "CONO://Test.com/mine_home/../a%2Fb?uid=42&tab=a+b#F"))
        let url = try DispatchURL(foundation)
        #expect(url == (try DispatchURL(string: "cono://test.com/a%2Fb?uid=42&tab=a%20b#F")))
        #expect(url.paths == ["a/b"])
        #expect(url.query == ["uid": "42", "tab": "a b"])
        #expect(throws: DispatchURLError.encodedNUL(offset: 8)) {
            try DispatchURL(try #require(URL(string: "app://x/%00")))
        }
    }
}
