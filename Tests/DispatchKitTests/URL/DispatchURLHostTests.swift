import DispatchKit
import Foundation
import Testing

/// Hosts, IP literals, ports and user information: the parts of a URL that decide where a link
/// "goes", and so the parts spoofing attacks aim at.
@Suite struct DispatchURLHostTests {
    @Test(
        "valid IPv6 literals parse, without brackets and lowercased",
        arguments: [
            ("app://[::1]/", "::1"), ("app://[::]/", "::"), ("app://[1::]/", "1::"),
            ("app://[2001:DB8::1]:443/", "2001:db8::1"), ("app://[1:2:3:4:5:6:7:8]/", "1:2:3:4:5:6:7:8"),
            ("app://[1:2:3:4:5:6:7::]/", "1:2:3:4:5:6:7::"),
            ("app://[::ffff:192.168.0.1]/", "::ffff:192.168.0.1"),
            ("app://[1:2:3:4:5:6:1.2.3.4]/", "1:2:3:4:5:6:1.2.3.4"),
        ])
    func validIPv6(_ input: String, _ host: String) {
        #expect(urlTestParse(input)?.host == host)
    }

    @Test(
        "malformed IPv6 literals are invalid hosts",
        arguments: [
            "app://[:::1]/", "app://[1:2:3:4:5:6:7:8:9]/", "app://[1:2:3:4:5:6:7]/", "app://[::1.2]/",
            "app://[:.]/", "app://[1::2::3]/", "app://[12345::]/", "app://[1:]/", "app://[:1]/",
            "app://[::256.1.1.1]/", "app://[::01.1.1.1]/", "app://[::1.2.3.4.5]/", "app://[1.2.3.4::]/",
            "app://[1:2:3:4:5:6:7:1.2.3.4]/",
        ])
    func invalidIPv6(_ input: String) {
        guard case .invalidHost(_, let offset)? = urlTestError(input) else {
            Issue.record("\(input) should be an invalid host, got \(String(describing: urlTestError(input)))")
            return
        }
        #expect(offset == 6)
    }

    @Test(
        "invisible characters cannot hide in a host (but are data in a path)",
        arguments: ["\u{200B}", "\u{00AD}", "\u{FEFF}", "\u{2060}", "\u{200D}"])
    func invisibleCharactersInHosts(_ invisible: String) {
        #expect(
            urlTestError("app://ex\(invisible)ample.com/")
                == .invalidHost("ex\(invisible)ample.com", offset: 6))
        #expect(urlTestParse("app://example.com/a\(invisible)b")?.paths == ["a\(invisible)b"])
    }

    @Test("ports may have leading zeros; the value decides, not the digit count")
    func portsWithLeadingZeros() {
        #expect(urlTestParse("app://x:000065535/")?.port == 65_535)
        #expect(urlTestParse("app://x:0000000000080/")?.port == 80)
        #expect(urlTestParse("app://x:0/")?.port == 0)
        #expect(urlTestError("app://x:0065536/") == .invalidPort("0065536", offset: 8))
    }

    @Test("user information is decoded like every component, so equal spellings are equal")
    func userinfoIsDecoded() throws {
        #expect(urlTestParse("app://%75@h") == urlTestParse("app://u@h"))
        #expect(urlTestParse("app://u@h") != urlTestParse("app://v@h"))
        #expect(urlTestParse("app://u@h") != urlTestParse("app://h"))
        let url = try #require(urlTestParse("app://u%20ser:p%40ss@h/"))
        let components = try #require(URLComponents(url: url.url, resolvingAgainstBaseURL: false))
        #expect(components.user == "u ser")
        #expect(components.password == "p@ss")
        #expect(components.host == "h")
    }

    @Test("an @ inside user information is escaped on the way out, so the host stays the host")
    func atSignInUserinfo() throws {
        let url = try #require(urlTestParse("app://a@b@evil.com/x"))
        #expect(url.host == "evil.com")
        #expect(url.description == "app://a%40b@evil.com/x")
        #expect(urlTestParse(url.description) == url)
        #expect(URLComponents(url: url.url, resolvingAgainstBaseURL: false)?.host == "evil.com")
    }

    @Test(
        "registered names are lowercased in every script, raw or escaped, as lowercased() does, then put in their ASCII form",
        arguments: [
            ("cono://ÉCOLE.fr/", "xn--cole-9oa.fr"),  // école
            ("cono://%C3%89COLE.fr/", "xn--cole-9oa.fr"),
            ("cono://ẦU.VN/", "xn--u-dvm.vn"),  // ầu
            ("cono://ԱՐՄ.am/", "xn--y9a2b9a.am"),  // արմ
            ("cono://İSTANBUL.tr/", "xn--istanbul-o0e.tr"),  // i\u{307}stanbul
            ("cono://𞤀𞤁.x/", "xn--9d6hc.x"),  // 𞤢𞤣
            ("cono://ＦＵＬＬ.jp/", "xn--ri7cmaa8a.jp"),  // ｆｕｌｌ: lowercased, not mapped to ASCII
            ("cono://中文.COM/", "xn--fiq228c.com"),
            ("cono://a!$&'()*+,;=~_.-B/", "a!$&'()*+,;=~_.-b"),
        ])
    func registeredNamesAreLowercased(input: String, host: String) throws {
        let url = try DispatchURL(string: input)
        #expect(url.host == host)
        #expect(url.host == url.host?.lowercased())
    }

    @Test(
        "a host holding an invisible or a non-host character is refused, raw or escaped",
        arguments: [
            ("cono://ex%E2%80%8Bample.com/", "ex%E2%80%8Bample.com"),
            ("cono://ex\u{200B}ample.com/", "ex\u{200B}ample.com"),
            ("cono://ex\u{AD}ample.com/", "ex\u{AD}ample.com"),
            ("cono://ÉCOLE%22.fr/", "ÉCOLE%22.fr"),
            ("cono://a<b.com/", "a<b.com"),
        ])
    func invisibleOrNonHostCharactersAreRefused(input: String, text: String) {
        #expect(urlTestError(input) == .invalidHost(text, offset: 7))
    }
}
