import DispatchKit
import DispatchKitRules
import Testing

private func url(_ string: String) throws -> DispatchURL { try DispatchURL(string: string) }

/// The pattern grammar: each form, each segment kind, and each way a pattern can be invalid.
@Suite struct RoutePatternGrammarTests {
    @Test(
        "what each form matches",
        arguments: [
            // path only: any scheme and host, relative URLs too
            ("/product/:id", "cono://test.com/product/42", true),
            ("/product/:id", "https://x.y/product/42", true),
            ("/product/:id", "/product/42", true), ("/product/:id", "cono://test.com/product", false),
            ("/product/:id", "cono://test.com/product/42/more", false),
            // //host: the host, case-insensitively, any scheme
            ("//post/:id", "cono://POST/7", true), ("//post/:id", "https://post/7", true),
            ("//post/:id", "cono://other/7", false), ("//post/:id", "/7", false),
            // scheme://host
            ("cono://test.com/mine_home", "CONO://Test.com/mine_home", true),
            ("cono://test.com/mine_home", "app://test.com/mine_home", false),
            ("cono://test.com/mine_home", "/mine_home", false),
            // host parameter and *: a host is required
            ("//:host/a", "app://anything/a", true), ("//:host/a", "/a", false),
            ("//*/a", "app://any/a", true),
            ("//*/a", "/a", false),
            // nothing after the host: empty paths only
            ("//post", "app://post", true), ("//post", "app://post/", true),
            ("//post", "app://post/x", false),
            ("/", "app://x", true), ("/", "app://x/a", false),
            // literals compare decoded segments, case-sensitively
            ("/a b/中文", "app://x/a%20b/%E4%B8%AD%E6%96%87", true), ("/Mine", "app://x/mine", false),
            ("/a%2Fb", "app://x/a%2Fb", false), ("/50%", "app://x/50%25", true),
            // typed parameters decide whether the URL matches
            ("/p/:id<int>", "app://x/p/42", true), ("/p/:id<int>", "app://x/p/-7", true),
            ("/p/:id<int>", "app://x/p/4a", false), ("/p/:id<int>", "app://x/p/+4", false),
            ("/p/:id<int>", "app://x/p/99999999999999999999", false),
            ("/u/:id<uuid>", "app://x/u/123e4567-E89B-12d3-a456-426614174000", true),
            ("/u/:id<uuid>", "app://x/u/123e4567-e89b-12d3-a456-42661417400", false),
            ("/k/:kind<new|hot>", "app://x/k/hot", true), ("/k/:kind<new|hot>", "app://x/k/Hot", false),
            // trailing *: zero or more segments
            ("/files/*", "app://x/files", true), ("/files/*", "app://x/files/a/b", true),
            ("/files/*", "app://x/other", false),
            // optional groups, nested and repeated
            ("/the(/foo/:a)(/bar/:b)", "app://x/the", true),
            ("/the(/foo/:a)(/bar/:b)", "app://x/the/bar/2", true),
            ("/the(/foo/:a)(/bar/:b)", "app://x/the/foo/1/bar/2", true),
            ("/the(/foo/:a)(/bar/:b)", "app://x/the/bar/2/foo/1", false),
            ("(/lang/:l)/home", "app://x/lang/fr/home", true), ("(/lang/:l)/home", "app://x/home", true),
            ("/a(/b(/c))", "app://x/a/c", false), ("/a(/b(/c))", "app://x/a/b/c", true),
        ] as [(String, String, Bool)])
    func matches(_ pattern: String, _ link: String, _ expected: Bool) throws {
        let routePattern = try RoutePattern(pattern)
        #expect((routePattern.match(try url(link)) != nil) == expected)
    }

    @Test func parametersAndWildcardAreCaptured() throws {
        let files: RoutePattern = "//:host/files/:owner/*"
        let match = try #require(files.match(try url("app://Disk.Local/files/ann/a%2Fb/c.txt?owner=bob")))
        #expect(match.parameters == ["host": "disk.local", "owner": "ann"])
        #expect(match.wildcard == ["a/b", "c.txt"])
        #expect(RoutePattern("/files/*").match(try url("app://x/files"))?.wildcard == [])
        #expect(RoutePattern("/p/:id").match(try url("app://x/p/1?id=2"))?.parameters == ["id": "1"])
        #expect(RoutePattern("/p/:id").match(try url("app://x/p/1"))?.wildcard == nil)
    }

    @Test func anOptionalGroupThatCanTakeASegmentTakesIt() throws {
        // "/a(/:x)" on "/a/1" could skip the group only if the URL ended; it does not.
        #expect(RoutePattern("/a(/:x)").match(try url("app://x/a/1"))?.parameters == ["x": "1"])
        #expect(RoutePattern("/a(/:x)").match(try url("app://x/a"))?.parameters == [:])
        // Within one pattern the more specific way through the groups wins.
        #expect(RoutePattern("/p(/:x)(/new)").match(try url("app://x/p/new"))?.parameters == [:])
    }

    @Test func aLiteralEqualsTheSameTextParsed() throws {
        let literal: RoutePattern = "/product/:id<int>"
        let text = "/product/:id<int>"  // a variable, so that init(_:) really parses it
        let parsed = try RoutePattern(text)
        #expect(literal == parsed)
        #expect(literal.description == "/product/:id<int>")
        #expect(literal.error == nil)
        #expect(Set([literal, parsed]).count == 1)
    }

    @Test(
        "invalid patterns say what and where, and never match",
        arguments: [
            ("", RoutePatternError.empty),
            ("product/:id", .missingLeadingSlash),
            ("cono:/x", .missingLeadingSlash),
            ("/a//b", .emptySegment(offset: 2)),
            ("/a/../b", .dotSegment(offset: 3)),
            ("/p/:", .invalidParameterName("", offset: 4)),
            ("/p/:a-b", .invalidParameterName("a-b", offset: 4)),
            ("/p/:id/q/:id", .duplicateParameter("id")),
            ("//:id/p/:id", .duplicateParameter("id")),
            ("/p/:id<integer>", .unknownType("integer", offset: 7)),
            ("/p/:id<new>", .unknownType("new", offset: 7)),
            ("/files/*/more", .misplacedWildcard(offset: 7)),
            ("/a(/*)", .misplacedWildcard(offset: 4)),
            ("/a(/b", .unbalancedGroup(offset: 2)),
            ("/a/b)", .unbalancedGroup(offset: 4)),
            ("/a()", .emptyGroup(offset: 2)),
            ("/a(b)", .emptyGroup(offset: 2)),
            ("/a(/1)(/2)(/3)(/4)(/5)(/6)(/7)(/8)(/9)", .tooManyGroups(count: 9)),
        ] as [(String, RoutePatternError)])
    func invalid(_ pattern: String, _ error: RoutePatternError) throws {
        #expect(throws: error) { try RoutePattern(pattern) }
        let literal = RoutePattern(stringLiteral: pattern)
        #expect(literal.error == error)
        #expect(literal.match(try url("app://x/a/b")) == nil)
        #expect(literal.match(try url("app://x")) == nil)
    }

    @Test(
        "control characters are refused where a URL refuses them, naming the character and its offset",
        arguments: [
            ("/a\u{0}b", Unicode.Scalar(0x00), 2),
            ("/p/:id<a|b\u{0}>", "\u{0}", 10),
            ("//h\u{0}st/a", "\u{0}", 3),
            ("/a\tb", "\t", 2),
            ("/a\n", "\n", 2),
            ("/\u{7F}", "\u{7F}", 1),
            ("/中\u{85}", "\u{85}", 2),
            ("/a/\u{202E}nimda", "\u{202E}", 3),
        ] as [(String, Unicode.Scalar, Int)])
    func controlCharacters(_ pattern: String, _ scalar: Unicode.Scalar, _ offset: Int) throws {
        let error = RoutePatternError.disallowedCharacter(scalar, offset: offset)
        #expect(throws: error) { try RoutePattern(pattern) }
        #expect(RoutePattern(stringLiteral: pattern).error == error)
    }

    @Test func aRefusedCharacterIsNamedVisibly() {
        #expect(
            RoutePatternError.disallowedCharacter("\0", offset: 2).description
                == "disallowed character U+0000 (control character) at offset 2 (a URL never holds it raw)")
        // Characters a URL carries escaped stay literals: a space matches `%20`.
        #expect(RoutePattern(stringLiteral: "/a b\\c").error == nil)
    }

    // Regression: other routers' syntax was taken as literal text, so "/product/<int:id>",
    // "/item/{id}" and "/search?q=:q" registered without a word and never matched any URL.
    @Test(
        "other routers' syntax is refused, naming the DispatchKit spelling",
        arguments: [
            ("/product/<int:id>", "<int:id>", "a parameter is written :id<int>", 9),
            ("/product/<id>", "<id>", "a parameter is written :id", 9),
            ("/u/<uuid:key>", "<uuid:key>", "a parameter is written :key<uuid>", 3),
            ("/item/{id}", "{id}", "a parameter is written :id", 6),
            ("/item/{id:int}", "{id:int}", "a parameter is written :id<int>", 6),
            ("/item/{id?}", "{id?}", "an optional segment is a group: (/:id)", 6),
            ("/files/{*path}", "{*path}", "the rest of the path is matched by a final *", 7),
            ("/files/<path:rest>", "<path:rest>", "the rest of the path is matched by a final *", 7),
            ("/user/:id?", ":id?", "an optional segment is a group: (/:id)", 6),
            (
                "/search?q=:q", "?q=:q",
                "a pattern matches the path, never the query; read query items from query or from the "
                    + "properties of a typed link", 7
            ),
            (
                "/next?to=/a/b", "?to=/a/b",
                "a pattern matches the path, never the query; read query items from query or from the "
                    + "properties of a typed link", 5
            ),
            ("//{tenant}/home", "{tenant}", "a host parameter is written :tenant", 2),
            (
                "//shop?x=1/home", "?x=1/home",
                "a pattern matches the path, never the query; read query items from query or from the "
                    + "properties of a typed link", 6
            ),
            ("{scheme}://test.com/a", "{scheme}", "name the scheme, or start with // for any scheme", 0),
            (
                "/a/b<c", "b<c",
                #""<", ">", "{" and "}" are not literal text in a pattern; a parameter is written :name "#
                    + "or :name<int>, and a segment that holds one of them is matched with a parameter", 3
            ),
        ] as [(String, String, String, Int)])
    func otherRoutersSyntax(_ pattern: String, _ text: String, _ suggestion: String, _ offset: Int) throws {
        let error = RoutePatternError.unsupportedSyntax(text, suggestion: suggestion, offset: offset)
        #expect(throws: error) { try RoutePattern(pattern) }
        #expect(RoutePattern(stringLiteral: pattern).error == error)
    }

    // Regression: other routers' syntax inside a parameter got no DispatchKit spelling:
    // "/search/:q?page=:p" and "/item/:id{int}" were an invalid parameter name, "/item/:id<int>?" a
    // type that does not end with ">".
    @Test(
        "other routers' syntax inside a parameter is refused, naming the DispatchKit spelling",
        arguments: [
            ("/search/:q?page=:p", "?page=:p", query, 10),
            ("/search/:q?next=/a/b", "?next=/a/b", query, 10),
            ("/item/:id<int>?page=1", "?page=1", query, 14),
            ("/item/:id{int}", ":id{int}", "a parameter is written :id<int>", 6),
            ("/item/:id{uuid}", ":id{uuid}", "a parameter is written :id<uuid>", 6),
            ("/item/:id{x}", ":id{x}", "a parameter is written :id", 6),
            ("/item/:{id}", ":{id}", "a parameter is written :id", 6),
            ("/item/:<int:id>", ":<int:id>", "a parameter is written :id<int>", 6),
            ("/item/:id<int>?", ":id<int>?", "an optional segment is a group: (/:id<int>)", 6),
            ("/item/:id{int}?", ":id{int}?", "an optional segment is a group: (/:id<int>)", 6),
            ("/k/:m<a|b>?", ":m<a|b>?", "an optional segment is a group: (/:m<a|b>)", 3),
            ("//:tenant{x}/home", ":tenant{x}", "a host parameter is written :tenant", 2),
            ("//:tenant<int>/home", ":tenant<int>", "a host parameter is written :tenant", 2),
            ("//:tenant?x=1/home", "?x=1/home", query, 9),
            ("/item/:id}", ":id}", placeholder, 6),
        ] as [(String, String, String, Int)])
    func otherRoutersSyntaxInAParameter(
        _ pattern: String, _ text: String, _ suggestion: String, _ offset: Int
    )
        throws
    {
        let error = RoutePatternError.unsupportedSyntax(text, suggestion: suggestion, offset: offset)
        #expect(throws: error) { try RoutePattern(pattern) }
        #expect(RoutePattern(stringLiteral: pattern).error == error)
    }

    static let query =
        "a pattern matches the path, never the query; read query items from query or from the properties of "
        + "a typed link"
    static let placeholder =
        #""<", ">", "{" and "}" are not literal text in a pattern; a parameter is written :name or "#
        + ":name<int>, and a segment that holds one of them is matched with a parameter"

    @Test func aParameterOfDispatchKitSyntaxStaysValid() throws {
        // The list of a type that ends the segment holds "?" and braces as text; a missing ">" is
        // still a typo of DispatchKit's own syntax.
        #expect(RoutePattern(stringLiteral: "/k/:m<?|{x}>").error == nil)
        #expect(
            RoutePattern(stringLiteral: "/k/:id<int").error
                == .syntax("a type ends with \">\" at the end of its segment", offset: 6))
        #expect(RoutePattern(stringLiteral: "/k/:").error == .invalidParameterName("", offset: 4))
        #expect(RoutePattern(stringLiteral: "/k/:a-b").error == .invalidParameterName("a-b", offset: 4))
    }

    @Test func theRefusalSaysWhatToWriteInstead() {
        #expect(
            RoutePattern(stringLiteral: "/product/<int:id>").error?.description
                == #""<int:id>" at offset 9 is not pattern syntax: a parameter is written :id<int>"#)
    }

    @Test func aValueListMayHoldTheCharactersALiteralCannot() throws {
        // The values of a list are text to compare, as written: the way to match such a segment.
        let text = "/k/:mark<?|{x}>"
        let pattern = try RoutePattern(text)
        #expect(pattern.match(try url("app://x/k/%3F"))?.parameters == ["mark": "?"])
        #expect(pattern.match(try url("app://x/k/%7Bx%7D"))?.parameters == ["mark": "{x}"])
        #expect(pattern.match(try url("app://x/k/x")) == nil)
    }

    @Test func errorMessagesAreSentences() {
        #expect(
            RoutePatternError.unknownType("integer", offset: 7).description
                == #"unknown parameter type "integer" at offset 7 (int, uuid, or a list like a|b)"#)
        #expect(RoutePatternError.duplicateParameter("id").description == #"parameter "id" appears twice"#)
    }
}

/// Decisions the differential review asked to pin (the random generator never produces them).
@Suite struct RoutePatternEdgeDecisionTests {
    @Test func aSingleTrailingSlashIsIgnoredLikeInURLs() throws {
        let withSlash = RoutePattern(stringLiteral: "/a/")
        #expect(withSlash.error == nil)
        #expect(withSlash.match(try DispatchURL(string: "app://x/a")) != nil)
        #expect(RoutePattern(stringLiteral: "/a//").error == .emptySegment(offset: 2))
    }

    @Test func patternLiteralsAreWrittenDecoded() throws {
        #expect(RoutePattern("/%61").match(try DispatchURL(string: "app://x/a")) == nil)
        #expect(RoutePattern("/%61").match(try DispatchURL(string: "app://x/%2561")) != nil)
    }

    @Test func aStarOnlyStandsAlone() {
        #expect(
            RoutePattern(stringLiteral: "/a*").error
                == .syntax("\"*\" stands alone, as the last segment", offset: 1))
    }

    @Test func hostCharactersAreExplainedPrecisely() {
        #expect(
            RoutePattern(stringLiteral: "//x:80/a").error
                == .syntax("\":\" cannot appear in a host (ports are not part of patterns)", offset: 2))
        #expect(
            RoutePattern(stringLiteral: "//a|b/c").error
                == .syntax("\"|\" cannot appear in a host", offset: 2))
    }
}

private final class MailLink: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/:address"] }
}

/// A URL with an opaque path (`mailto:a@b.c`) has the same ``DispatchURL/paths`` as its rooted
/// spelling, so patterns, the index and redirect rules treat both alike.
@MainActor
@Suite struct OpaquePathMatchingTests {
    @Test func aPathPatternMatchesAnOpaquePath() throws {
        let mail = try DispatchURL(string: "mailto:a@b.c?subject=hi")
        #expect(RoutePattern("/:address").match(mail)?.parameters == ["address": "a@b.c"])

        let center = DispatchCenter()
        center.register([MailLink.self])
        #expect(center.claimants(for: mail).map { "\($0)" } == ["MailLink"])
        #expect(center.activity(for: mail)?.url == mail)
    }

    @Test func aRedirectFromAnOpaquePathBuildsItsTargetsPath() throws {
        let rules = RedirectRules([try .init(pattern: "/:address", target: "/compose/:address")])
        let redirect = rules.redirect(for: try DispatchURL(string: "mailto:a@b.c?x=1"), in: .init())
        #expect(redirect?.url.description == "mailto:/compose/a@b.c?x=1")
    }
}
