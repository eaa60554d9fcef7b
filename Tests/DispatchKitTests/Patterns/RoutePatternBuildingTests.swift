import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

/// `RoutePattern.url(parameters:query:)`: the inverse of `match`.
@Suite struct RoutePatternBuildingTests {
    @Test func buildsEachForm() throws {
        #expect(
            try RoutePattern("cono://test.com/product/:id<int>").url(
                parameters: ["id": "42"], query: ["from": "push"]
            )
            .description == "cono://test.com/product/42?from=push")
        #expect(try RoutePattern("/product/:id").url(parameters: ["id": "7"]).description == "/product/7")
        #expect(try RoutePattern("//post/:id").url(parameters: ["id": "7"]).description == "//post/7")
        #expect(try RoutePattern("//:host/a").url(parameters: ["host": "Example.COM"]).host == "example.com")
        #expect(try RoutePattern("/files/*").url(parameters: [:]).paths == ["files"])
    }

    @Test func percentEncodesWhatNeedsIt() throws {
        let built = try RoutePattern("app://x/s/:q").url(parameters: ["q": "a/b 50% ?#+中"])
        #expect(built.paths == ["s", "a/b 50% ?#+中"])
        #expect(built.description == "app://x/s/a%2Fb%2050%25%20%3F%23+中")
        #expect(built.url.absoluteString == "app://x/s/a%2Fb%2050%25%20%3F%23+%E4%B8%AD")
    }

    @Test func optionalGroupsAreTakenWhenTheirParametersAreGiven() throws {
        let pattern: RoutePattern = "/the(/foo/:a)(/bar/:b)"
        #expect(try pattern.url(parameters: [:]).paths == ["the"])
        #expect(try pattern.url(parameters: ["b": "2"]).paths == ["the", "bar", "2"])
        #expect(try pattern.url(parameters: ["a": "1", "b": "2"]).paths == ["the", "foo", "1", "bar", "2"])
        let nested: RoutePattern = "/a(/x/:x(/y/:y))"
        #expect(try nested.url(parameters: ["x": "1"]).paths == ["a", "x", "1"])
        #expect(
            throws: RoutePatternError.cannotBuild(
                "an optional group needs all of its parameters or none; missing x")
        ) {
            try nested.url(parameters: ["y": "2"])
        }
    }

    @Test func typedErrors() {
        #expect(throws: RoutePatternError.missingParameter("id")) {
            try RoutePattern("/p/:id").url(parameters: [:])
        }
        #expect(throws: RoutePatternError.invalidParameterValue(name: "id", value: "abc")) {
            try RoutePattern("/p/:id<int>").url(parameters: ["id": "abc"])
        }
        for bad in ["", ".", "..", "a\u{0}b"] {
            #expect(throws: RoutePatternError.invalidParameterValue(name: "id", value: bad)) {
                try RoutePattern("/p/:id").url(parameters: ["id": bad])
            }
        }
        #expect(throws: RoutePatternError.cannotBuild("the host is \"*\", which no value stands for")) {
            try RoutePattern("//*/a").url(parameters: [:])
        }
        #expect(
            throws: RoutePatternError.cannotBuild(
                "the pattern has no parameter \"idd\" (or its group was left out)")
        ) {
            try RoutePattern("/p/:id").url(parameters: ["id": "1", "idd": "2"])
        }
        #expect(throws: RoutePatternError.invalidPattern("empty pattern")) {
            try RoutePattern(stringLiteral: "").url(parameters: [:])
        }
    }

    /// The round trip the issue asks for, on random values including every troublesome character.
    @Test func matchOfTheBuiltURLGivesBackTheParameters() throws {
        let patterns: [RoutePattern] = [
            "/p/:a", "cono://test.com/p/:a/q/:b", "//:h/x/:a", "/the(/foo/:a)(/bar/:b)",
            "/k/:a<int>/:b<x|y z|中>",
            "/files/:a/*", "(/lang/:l)/home/:a", "/u/:a<uuid>",
        ]
        var generator = SeededRandom(seed: 0x5EED)
        let alphabet = Array("ab/%+ ?#&=中é😀.-_~:@!$'()*,;[]\\\"<>^`{|}\t\n") + ["\u{202E}", "\u{A0}"]
        var checked = 0
        for _ in 0..<400 {
            for pattern in patterns {
                let names = try #require(parameterNames(pattern.description))
                var parameters: [String: String] = [:]
                for name in names where name != "h" && generator.next() % 4 != 0 || ["a", "h"].contains(name)
                {
                    parameters[name] = value(
                        for: name, in: pattern.description, alphabet: alphabet, &generator)
                }
                guard let built = try? pattern.url(parameters: parameters) else { continue }
                // A Unicode host comes back in its ASCII form, as every parsed URL has it.
                var expected = parameters
                if expected["h"] == "中文.cn" { expected["h"] = "xn--fiq228c.cn" }
                #expect(pattern.match(built)?.parameters == expected, "\(pattern) \(parameters)")
                // And the same through the URL's text, as a link would travel.
                let reparsed = try DispatchURL(string: built.description)
                #expect(pattern.match(reparsed)?.parameters == expected, "\(pattern) \(built)")
                checked += 1
            }
        }
        #expect(checked > 2_000)
    }

    private func parameterNames(_ pattern: String) -> [String]? {
        var names: [String] = []
        var rest = Substring(pattern)
        while let colon = rest.firstIndex(of: ":") {
            rest = rest[rest.index(after: colon)...]
            if rest.hasPrefix("//") { continue }  // the scheme's ":"
            names.append(String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
        }
        return names
    }

    private func value(
        for name: String, in pattern: String, alphabet: [Character], _ generator: inout SeededRandom
    ) -> String {
        if pattern.contains(":\(name)<int>") { return String(Int(generator.next() % 2_000_000) - 1_000_000) }
        if pattern.contains(":\(name)<uuid>") {
            return "123e4567-e89b-12d3-a456-42661417400\(generator.next() % 10)"
        }
        if pattern.contains(":\(name)<x|y z|中>") { return ["x", "y z", "中"][Int(generator.next() % 3)] }
        if name == "h" { return ["host", "Ex.Com", "中文.cn"][Int(generator.next() % 3)].lowercased() }
        let length = 1 + Int(generator.next() % 6)
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
}
