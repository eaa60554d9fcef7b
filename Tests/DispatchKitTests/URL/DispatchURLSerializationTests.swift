import DispatchKit
import Foundation
import Testing

// `description` (the normal form), `url` (the Foundation view), round trips, equality of equivalent
// spellings and use as a `Hashable` key.

@Suite("DispatchURL serialization")
struct DispatchURLSerializationTests {
    // MARK: - description

    @Test(
        "description is the normal form",
        arguments: [
            (
                "CONO://Test.com/mine_home/../settings_home?uid=42&tab=a+b",
                "cono://test.com/settings_home?uid=42&tab=a%20b"
            ),
            ("cono://test.com/mine_home?uid=42", "cono://test.com/mine_home?uid=42"),
            ("app://X/a%41", "app://x/aA"),
            ("app://x/a//b/", "app://x/a/b"),
            ("app://x/a/./b/../c", "app://x/a/c"),
            ("app://x/a%2Fb", "app://x/a%2Fb"),
            ("app://x/a%2fb", "app://x/a%2Fb"),
            ("app://x/a+b", "app://x/a+b"),
            ("app://x/a%2Bb", "app://x/a+b"),
            ("app://x/a%20b", "app://x/a%20b"),
            ("app://x/a%3Fb%23c", "app://x/a%3Fb%23c"),
            ("app://x/%25", "app://x/%25"),
            ("app://x/%5C", "app://x/%5C"),
            ("app://x/%7E%2D%5F%2E", "app://x/~-_."),
            ("app://x/%e4%b8%ad", "app://x/中"),
            ("app://x/中文?q=中#中", "app://x/中文?q=中#中"),
            ("app://x/%E2%80%AE", "app://x/%E2%80%AE"),  // escaped again: not allowed raw
            ("app://x/%C2%A0", "app://x/%C2%A0"),
            ("app://x/%0A", "app://x/%0A"),
            ("app://x/%2E%2E%2Fadmin", "app://x/..%2Fadmin"),
            ("app://x?q=a%2Bb", "app://x?q=a%2Bb"),
            ("app://x?q=a+b", "app://x?q=a%20b"),
            ("app://x?a%3Db=c%26d", "app://x?a%3Db=c%26d"),
            ("app://x?q=%23", "app://x?q=%23"),
            ("app://x?q=a?b/c", "app://x?q=a?b/c"),
            ("app://x?&&a&&", "app://x?a"),
            ("app://x?", "app://x"),
            ("app://x?flag&x=", "app://x?flag&x="),
            ("app://x#", "app://x#"),
            ("app://x#a+b", "app://x#a+b"),
            ("app://x#a%23b", "app://x#a%23b"),
            ("app://x#a%20b", "app://x#a%20b"),
            ("app://x#a?b&c=d", "app://x#a?b&c=d"),
            ("app://[FE80::1]", "app://[fe80::1]"),
            ("app://[::1]:8080/x", "app://[::1]:8080/x"),
            ("app://x:/", "app://x"),
            ("app://x:0080/", "app://x:80"),
            ("app://u:p@H:1/x", "app://u:p@h:1/x"),
            ("app://h%41", "app://ha"),
            ("app:", "app:"),
            ("app:path", "app:path"),
            ("app:/path", "app:/path"),
            ("file:///x", "file:/x"),
            ("app://", "app:"),
            ("//H/x", "//h/x"),
            ("/mine_home?uid=1", "/mine_home?uid=1"),
            ("mine_home", "/mine_home"),
            ("mine_home:x", "/mine_home:x"),
            ("a%3Ab", "/a:b"),
            ("?flag&x=", "?flag&x="),
            ("#a+b", "#a+b"),
            ("/", "/"),
            (".", "/"),
            ("//", "/"),
        ] as [(String, String)])
    func description(_ input: String, _ expected: String) throws {
        let url = try DispatchURL(string: input)
        #expect(url.description == expected)
        #expect(String(describing: url) == expected)
        #expect("\(url)" == expected)
    }

    @Test(
        "an opaque path (a scheme, no authority, no leading slash) is written back as it came",
        arguments: [
            ("mailto:a@b.c", "mailto:a@b.c"),
            ("javascript:alert(1)", "javascript:alert(1)"),
            ("tel:+123", "tel:+123"),
            ("urn:isbn:0451450523", "urn:isbn:0451450523"),
            ("MAILTO:a@b.c?subject=Hi+there#top", "mailto:a@b.c?subject=Hi%20there#top"),
            ("javascript:alert(1)?x#y", "javascript:alert(1)?x#y"),
            ("app:a/./b/../c", "app:a/c"),
            ("app:a//b", "app:a/b"),
            ("app:a%2Fb", "app:a%2Fb"),
            ("app:中", "app:中"),
            // Dot segments that leave no path: nothing to tell apart from an empty path.
            ("app:a/..", "app:"),
            ("app:.", "app:"),
            // A leading slash, an authority or no scheme: hierarchical, as before.
            ("app:/a", "app:/a"),
            ("app://h/a", "app://h/a"),
            ("a/b", "/a/b"),
        ] as [(String, String)])
    func opaquePath(_ input: String, _ expected: String) throws {
        let url = try DispatchURL(string: input)
        #expect(url.description == expected)
        let again = try DispatchURL(string: url.description)
        #expect(again == url)
        #expect(again.description == expected)
        #expect(try DispatchURL(url.url) == url, "\(url.url.absoluteString)")
    }

    @Test func anOpaquePathIsNotTheSameURLAsARootedOne() throws {
        let opaque = try DispatchURL(string: "javascript:alert(1)")
        let rooted = try DispatchURL(string: "javascript:/alert(1)")
        #expect(opaque.paths == rooted.paths)
        #expect(opaque != rooted)
        #expect(opaque.url.absoluteString == "javascript:alert(1)")
        #expect(rooted.url.absoluteString == "javascript:/alert(1)")
    }

    // MARK: - url (Foundation view)

    @Test(
        "url is the fully percent-encoded form",
        arguments: [
            ("app://x/中文", "app://x/%E4%B8%AD%E6%96%87"),
            ("app://x?q=中&k=a+b", "app://x?q=%E4%B8%AD&k=a%20b"),
            ("app://x#中", "app://x#%E4%B8%AD"),
            ("app://中.com/x", "app://xn--fiq.com/x"),
            ("app://x/a%5Bb%5D%7B%7D%7C%5E%60%22%3C%3E", "app://x/a%5Bb%5D%7B%7D%7C%5E%60%22%3C%3E"),
            ("app://x/a%2Fb", "app://x/a%2Fb"),
            ("app://x/a+b?c=d+e&f=%2B", "app://x/a+b?c=d%20e&f=%2B"),
            ("app://x/%F0%9F%98%80", "app://x/%F0%9F%98%80"),
            ("app://u:p@h/", "app://u:p@h"),
            ("app://u%20ser@h/", "app://u%20ser@h"),
            ("app://u:p%40ss@h/", "app://u:p%40ss@h"),
            ("app://a@b@h/", "app://a%40b@h"),
            ("app://[::1]:80/x", "app://[::1]:80/x"),
            ("/mine_home?uid=1", "/mine_home?uid=1"),
            ("app:path", "app:path"),
            ("javascript:alert(1)", "javascript:alert(1)"),
            ("CONO://Test.com/mine_home/../x", "cono://test.com/x"),
        ] as [(String, String)])
    func foundationURL(_ input: String, _ expected: String) throws {
        let url = try DispatchURL(string: input)
        #expect(url.url.absoluteString == expected)
        #expect(url.url.absoluteString.allSatisfy { $0.isASCII })
    }

    @Test("url means the same thing to Foundation")
    func foundationReadsTheSameParts() throws {
        let url = try DispatchURL(string: "Cono://Test.com:8080/a%20b/中?q=a+b&x=%26&f#frag%20x")
        let foundation = url.url
        #expect(foundation.scheme == "cono")
        #expect(foundation.host == "test.com")
        #expect(foundation.port == 8080)
        #expect(foundation.path == "/a b/中")
        let components = try #require(URLComponents(url: foundation, resolvingAgainstBaseURL: false))
        #expect(
            components.queryItems == [
                URLQueryItem(name: "q", value: "a b"), URLQueryItem(name: "x", value: "&"),
                URLQueryItem(name: "f", value: nil),
            ])
        #expect(components.fragment == "frag x")
        #expect(components.user == nil)
    }

    @Test("url keeps the user information Foundation reads")
    func foundationReadsUserinfo() throws {
        let url = try DispatchURL(string: "app://us%20er:p%40ss@h/x")
        let components = try #require(URLComponents(url: url.url, resolvingAgainstBaseURL: false))
        #expect(components.user == "us er")
        #expect(components.password == "p@ss")
        #expect(components.host == "h")
    }

    // MARK: - Round trips

    static let roundTripInputs: [String] = [
        "cono://test.com/mine_home?uid=42&tab=a+b#top",
        "CONO://Test.com/Mine_Home/../Settings",
        "app://x/a%2Fb/c",
        "app://x/%2E%2E%2Fadmin",
        "app://x/..%2F..%2F",
        "app://x/.%2F",
        "app://x/a%20b?q=a%20b&r=a+b#a%20b",
        "app://x/a+b?q=a%2Bb&r=+#+",
        "app://x?a=b%26c%3Dd&e%3Df=g%26h",
        "app://x?a==&=b&&c=%3D%26",
        "app://x?flag&flag=&flag=1",
        "app://x/中文/%E4%B8%AD?名=值&q=%E6%96%87#片段",
        "app://x/\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "app://x/e\u{301}/ｆｕｌｌ",
        "app://中文.com/x",
        "app://[::1]/x",
        "app://[FE80::1:2]:8080/x?y#z",
        "app://user:pw@host:1/x",
        "app://us%20er@host/x",
        "app://a@b@h",
        "app://u@[::1]",
        "app://x/#",
        "app://x#a#b",
        "app://x#%23%25%2B",
        "app://x/%25/%3F/%23/%5C/%7F/%C2%85/%E2%80%8E",
        "app://x/%0A%09%20",
        "app://x/p?q=%0A#%0D",
        "app://x/;,=!$'()*:@~",
        "app://x?q=;,!$'()*:@~/?",
        "app://x/%5B%5D%7B%7D",
        "app://a-b_c~d.!$&'()*+,;=/",
        "app:",
        "app:path",
        "app:/a/b",
        "app:a/b",
        "localhost:8080/x",
        "mailto:a@b.c",
        "javascript:alert(1)",
        "tel:+123",
        "urn:isbn:0451450523",
        "mailto:a@b.c?subject=hi%20there#frag",
        "sms:中文?body=a+b",
        "file:///etc/hosts",
        "mine_home:x",
        "/mine_home?uid=1",
        "mine_home",
        "?a=1",
        "#f",
        "//h",
        "/",
        ".",
        "..",
    ]

    @Test("parsing the description gives an equal value", arguments: roundTripInputs)
    func descriptionRoundTrip(_ input: String) throws {
        let url = try DispatchURL(string: input)
        let again = try DispatchURL(string: url.description)
        #expect(again == url)
        #expect(again.description == url.description)
        #expect(again.paths == url.paths)
        #expect(again.queryItems == url.queryItems)
        #expect(again.fragment == url.fragment)
    }

    @Test("parsing the Foundation view gives an equal value", arguments: roundTripInputs)
    func foundationRoundTrip(_ input: String) throws {
        let url = try DispatchURL(string: input)
        #expect(try DispatchURL(url.url) == url, "\(url.url.absoluteString)")
        #expect(try DispatchURL(string: url.url.absoluteString) == url)
    }

    // MARK: - Equality and hashing

    @Test(
        "equivalent spellings are equal and hash alike",
        arguments: [
            ("app://X/a%41", "app://x/aA"),
            ("APP://x/a", "app://x/a"),
            ("app://x/a//b/", "app://x/a/b"),
            ("app://x/a/./b/../c", "app://x/a/c"),
            ("app://x/%2e/a/%2E%2E/b", "app://x/b"),
            ("app://x/%7e", "app://x/~"),
            ("app://x/%e4%b8%ad", "app://x/中"),
            ("app://x/a%2fb", "app://x/a%2Fb"),
            ("app://x/a%2Bb", "app://x/a+b"),
            ("app://x?a=b+c", "app://x?a=b%20c"),
            ("app://x?a=%62", "app://x?a=b"),
            ("app://x?&a=1&", "app://x?a=1"),
            ("app://x?", "app://x"),
            ("app://x/a#f", "app://x/a/#f"),
            ("app://x#%66", "app://x#f"),
            ("app://h%41", "app://ha"),
            ("app://[::A]", "app://[::a]"),
            ("app://x:/a", "app://x/a"),
            ("app://x:0080", "app://x:80"),
            ("app:a/./b", "app:a//b"),
            ("app://", "app:"),
            ("file:///x", "file:/x"),
            ("mine_home", "/mine_home"),
            (".", "/"),
        ] as [(String, String)])
    func equivalentSpellings(_ lhs: String, _ rhs: String) throws {
        let a = try DispatchURL(string: lhs)
        let b = try DispatchURL(string: rhs)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.description == b.description)
    }

    @Test(
        "different URLs are not equal",
        arguments: [
            ("app://x/A", "app://x/a"),
            ("app://x?a=1", "app://x?A=1"),
            ("app:path", "app:/path"),
            ("app://x?a=1", "app://x?a=2"),
            ("app://x/a%2Fb", "app://x/a/b"),
            ("app://x/a+b", "app://x/a%20b"),
            ("app://x?f", "app://x?f="),
            ("app://x?a=1&b=2", "app://x?b=2&a=1"),
            ("app://x?a=1&a=1", "app://x?a=1"),
            ("app://x#", "app://x"),
            ("app://x#a", "app://x#A"),
            ("app://x/a", "app://y/a"),
            ("app://x/a", "other://x/a"),
            ("app://x:1/a", "app://x/a"),
            ("app://x:1/a", "app://x:2/a"),
            ("app://x/a", "app:/a"),
            ("//x/a", "/x/a"),
            ("/a", "app:/a"),
            ("app://x/ａ", "app://x/a"),
            ("app://x/%2E%2E%2Fadmin", "app://x/admin"),
        ] as [(String, String)])
    func differentURLs(_ lhs: String, _ rhs: String) throws {
        #expect(try DispatchURL(string: lhs) != DispatchURL(string: rhs))
    }

    @Test("DispatchURL, its limits and its errors cross concurrency domains")
    func sendable() async throws {
        let url = try DispatchURL(string: "app://x/a?b=c")
        let limits = DispatchURL.Limits(maximumQueryItems: 4)
        let error = try #require(urlTestError("app://x/%zz"))
        let echoed = await Task.detached { (url, limits, error) }.value
        #expect(echoed.0 == url)
        #expect(echoed.1 == limits)
        #expect(echoed.2 == error)
    }

    @Test("DispatchURL works as a Set element and a dictionary key")
    func hashableUse() throws {
        let spellings = ["app://X/a%41", "app://x/aA", "APP://x/./aA/", "app://x//b/../aA", "app://x:/aA"]
        let set = Set(try spellings.map { try DispatchURL(string: $0) })
        #expect(set.count == 1)
        #expect(set.contains(try DispatchURL(string: "app://x/aA")))
        #expect(!set.contains(try DispatchURL(string: "app://x/aa")))

        var routes: [DispatchURL: String] = [:]
        routes[try DispatchURL(string: "cono://test.com/mine_home?uid=1")] = "mine"
        routes[try DispatchURL(string: "cono://test.com/settings_home")] = "settings"
        #expect(routes[try DispatchURL(string: "CONO://TEST.com/x/../mine_home?uid=%31")] == "mine")
        #expect(routes[try DispatchURL(string: "cono://test.com/settings_home/")] == "settings")
        #expect(routes[try DispatchURL(string: "cono://test.com/mine_home?uid=2")] == nil)
        #expect(routes.count == 2)
    }
}
