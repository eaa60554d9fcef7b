import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

private final class Bookshop: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//bücher.de/x/:id"] }
}
private final class PunycodeBookshop: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//xn--bcher-kva.de/y/:id"] }
}

/// A Unicode host has one canonical form, its ASCII (punycode) form, however the link arrives:
/// typed as text, through Foundation's `URL`, percent-encoded, or written in a pattern.
@MainActor
@Suite struct InternationalHostTests {
    @Test(
        "a Unicode host is kept in its lowercase ASCII form",
        arguments: [
            ("https://bücher.de/x", "xn--bcher-kva.de"),
            ("https://BÜCHER.de/x", "xn--bcher-kva.de"),
            ("https://Bücher.DE/x", "xn--bcher-kva.de"),
            ("https://b%C3%BCcher.de/x", "xn--bcher-kva.de"),
            ("https://B%C3%9CCHER.de/x", "xn--bcher-kva.de"),
            ("https://münchen.de", "xn--mnchen-3ya.de"),
            ("https://www.münchen.bücher.de", "www.xn--mnchen-3ya.xn--bcher-kva.de"),
            ("https://XN--BCHER-KVA.de/x", "xn--bcher-kva.de"),
            ("https://xn--bcher-kva.de/x", "xn--bcher-kva.de"),
            ("https://example.com/x", "example.com"),
            ("https://user@bücher.de:8443/x", "xn--bcher-kva.de"),
            ("https://中文.com/", "xn--fiq228c.com"),
            // Canonically equivalent spellings are one host.
            ("https://caf\u{E9}.com/", "xn--caf-dma.com"),
            ("https://cafe\u{301}.com/", "xn--caf-dma.com"),
        ])
    func asciiForm(_ input: String, _ host: String) throws {
        let url = try DispatchURL(string: input)
        #expect(url.host == host)
        #expect(try DispatchURL(string: url.description) == url)
        #expect(url.url.host == host)
    }

    @Test func foundationAndTextGiveTheSameURL() throws {
        let foundation = try #require(URL(string: "https://bücher.de/x/1"))
        let viaFoundation = try DispatchURL(foundation)
        let viaText = try DispatchURL(string: "https://bücher.de/x/1")
        #expect(viaFoundation == viaText)
        #expect(viaText.description == "https://xn--bcher-kva.de/x/1")
    }

    @Test func bothEntryPointsReachTheSameActivity() throws {
        let center = DispatchCenter()
        center.register([Bookshop.self, PunycodeBookshop.self])
        let foundation = try #require(URL(string: "https://BÜCHER.de/x/1"))
        #expect(center.dispatch(foundation).activity is Bookshop)
        #expect(center.dispatch("https://bücher.de/x/1").activity is Bookshop)
        #expect(center.dispatch("https://xn--bcher-kva.de/x/1").activity is Bookshop)
        #expect(center.dispatch("https://bücher.de/y/1").activity is PunycodeBookshop)
        #expect(center.validate().isEmpty)
    }

    @Test func aUnicodePatternHostAndItsASCIIFormAreOneRoute() throws {
        let unicode: RoutePattern = "https://Bücher.de/a"
        let ascii: RoutePattern = "https://xn--bcher-kva.de/a"
        for link in ["https://bücher.de/a", "https://xn--bcher-kva.de/a", "https://b%C3%BCcher.de/a"] {
            #expect(unicode.match(try DispatchURL(string: link)) != nil, "\(link)")
            #expect(ascii.match(try DispatchURL(string: link)) != nil, "\(link)")
        }
        #expect(try unicode.url(parameters: [:]).description == "https://xn--bcher-kva.de/a")
        let built = try RoutePattern("//:host/a").url(parameters: ["host": "Bücher.de"])
        #expect(built.host == "xn--bcher-kva.de")
    }

    @Test func aLabelTooLongInASCIIFormIsAnInvalidHost() throws {
        // Each scalar takes at least one byte, "xn--" four more: 60 are over the 63 of a label.
        let fits = String(repeating: "a", count: 52) + "ü"
        let over = String(repeating: "ü", count: 60)
        let fitting = try #require(urlTestParse("https://\(fits).de/")?.host)
        #expect(fitting == URL(string: "https://\(fits).de/")?.host)
        #expect(fitting.utf8.count - ".de".utf8.count <= 63)
        #expect(urlTestError("https://\(over).de/") == .invalidHost("\(over).de", offset: 8))
        #expect(urlTestError("https://a.\(over)/x") == .invalidHost("a.\(over)", offset: 8))
        let pattern = RoutePattern(stringLiteral: "//\(over).de/x")
        #expect(
            pattern.error
                == .syntax(
                    "the host label \"\(over)\" is over 63 bytes in its ASCII (punycode) form", offset: 2))
    }

    @Test func associatedDomainsTakeTheASCIIForm() throws {
        let domains = try AssociatedDomains(["applinks:Bücher.de", "applinks:*.münchen.de"])
        #expect(domains.entries.map(\.domain) == ["xn--bcher-kva.de", "xn--mnchen-3ya.de"])
        #expect(domains.contains(try DispatchURL(string: "https://bücher.de/x")))
        #expect(domains.contains(try DispatchURL(string: "https://xn--bcher-kva.de/x")))
        #expect(domains.contains(try DispatchURL(#require(URL(string: "https://shop.münchen.de/")))))
        #expect(!domains.contains(try DispatchURL(string: "https://bucher.de/x")))
    }
}
