import DispatchKit
import DispatchKitRules
import Foundation
import Testing

/// A valid rule, to put before and after the one under test.
private let valid = #"{"pattern": "/a", "target": "/b"}"#

/// A document whose rules are the given JSON objects.
private func document(_ rules: String...) -> String {
    #"{"version": 1, "rules": ["# + rules.joined(separator: ", ") + "]}"
}

private func refusal(of json: String) -> RedirectRulesError? {
    refusal(of: Data(json.utf8))
}

private func refusal(of data: Data) -> RedirectRulesError? {
    do {
        _ = try RedirectRules(json: data)
        return nil
    } catch {
        return error
    }
}

/// `RedirectRules(json:)` and `Rule.init`: every problem, with the index of the rule and a
/// description that names it.
@Suite struct RedirectRulesValidationTests {
    typealias Problem = RedirectRulesError.Problem

    /// What each rule may get wrong; the rule under test is the third (index 2), after two valid ones.
    static let ruleProblems: [(String, Problem, String)] = [
        (
            #"{"pattern": "product/:id", "target": "/b"}"#,
            .invalidPattern(field: "pattern", .missingLeadingSlash),
            #"rules[2]: "pattern" is not a valid pattern: a pattern starts with "/", "//host" or "scheme://host""#
        ),
        (
            #"{"pattern": "/a", "target": "/b(/c"}"#,
            .invalidPattern(field: "target", .unbalancedGroup(offset: 2)),
            #"rules[2]: "target" is not a valid pattern: unbalanced parenthesis at offset 2"#
        ),
        // A NUL would reach the built URL, which a parsed URL never holds (`%00` is refused).
        (
            #"{"pattern": "/a", "target": "/b\u0000c"}"#,
            .invalidPattern(field: "target", .disallowedCharacter("\0", offset: 2)),
            #"rules[2]: "target" is not a valid pattern: disallowed character U+0000 (control character) at offset 2 (a URL never holds it raw)"#
        ),
        (
            #"{"pattern": "/p/:id", "target": "/q/:slug"}"#, .unknownParameter("slug"),
            #"rules[2]: the target uses parameter "slug", which the pattern does not capture"#
        ),
        (
            #"{"pattern": "/p(/:id)", "target": "/q/:id"}"#, .optionalParameter("id"),
            #"rules[2]: the target needs parameter "id", which the pattern captures only in an optional group"#
        ),
        (
            #"{"pattern": "/p", "target": "/q/*"}"#, .unknownWildcard,
            #"rules[2]: the target ends in "*" but the pattern has no "*""#
        ),
        (
            #"{"pattern": "/p", "target": "//*/q"}"#, .wildcardTargetHost,
            #"rules[2]: the target's host is "*", which no URL can be built with"#
        ),
        (
            #"{"pattern": "/p/:id/*", "target": "/p/:id/*"}"#, .redirectsToItself,
            "rules[2]: the target is the pattern itself"
        ),
        (
            #"{"pattern": "APP://X/a", "target": "app://x/a/"}"#, .redirectsToItself,
            "rules[2]: the target is the pattern itself"
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {"min": "3..1"}}}"#,
            .invalidVersion(field: "when.appVersion.min", "3..1"),
            #"rules[2]: "when.appVersion.min" is not a version: "3..1" (use dotted numbers like "3.1.4")"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {"max": "3.1-beta"}}}"#,
            .invalidVersion(field: "when.appVersion.max", "3.1-beta"),
            #"rules[2]: "when.appVersion.max" is not a version: "3.1-beta" (use dotted numbers like "3.1.4")"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {"min": "3.2", "max": "3.1.9"}}}"#,
            .emptyVersionRange(
                minimum: RedirectRules.Version("3.2")!, maximum: RedirectRules.Version("3.1.9")!),
            "rules[2]: the minimum version 3.2 is above the maximum 3.1.9"
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {}}}"#, .emptyVersionCondition,
            #"rules[2]: "when.appVersion" needs "min", "max" or both"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"flag": ""}}"#, .emptyFlag,
            #"rules[2]: "when.flag" is empty"#
        ),
        // Unknown fields at every level; the rule's shape is checked before its meaning.
        (
            #"{"pattern": "/a", "tagret": "/b"}"#, .unknownField("tagret"),
            #"rules[2]: unknown field "tagret""#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"flags": ["x"]}}"#, .unknownField("when.flags"),
            #"rules[2]: unknown field "when.flags""#
        ),
        (
            #"{"pattern": "/a", "target": "/a", "when": {"appVersion": {"minimum": "3"}}}"#,
            .unknownField("when.appVersion.minimum"), #"rules[2]: unknown field "when.appVersion.minimum""#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "z": 1, "y": 2}"#, .unknownField("y"),
            #"rules[2]: unknown field "y""#
        ),
        // Missing fields.
        (#"{"target": "/b"}"#, .missingField("pattern"), #"rules[2]: missing field "pattern""#),
        (#"{"pattern": "/a", "note": "x"}"#, .missingField("target"), #"rules[2]: missing field "target""#),
        // Wrong types, booleans and null included.
        (
            "3", .wrongType(field: "", expected: .object, found: .integer),
            "rules[2]: a rule must be a JSON object, not an integer"
        ),
        (
            #"["/a", "/b"]"#, .wrongType(field: "", expected: .object, found: .array),
            "rules[2]: a rule must be a JSON object, not an array"
        ),
        (
            #"{"pattern": 1, "target": "/b"}"#,
            .wrongType(field: "pattern", expected: .string, found: .integer),
            #"rules[2]: "pattern" must be a string, not an integer"#
        ),
        (
            #"{"pattern": "/a", "target": null}"#,
            .wrongType(field: "target", expected: .string, found: .null),
            #"rules[2]: "target" must be a string, not null"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": []}"#,
            .wrongType(field: "when", expected: .object, found: .array),
            #"rules[2]: "when" must be an object, not an array"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": "3.1"}}"#,
            .wrongType(field: "when.appVersion", expected: .object, found: .string),
            #"rules[2]: "when.appVersion" must be an object, not a string"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {"min": 3}}}"#,
            .wrongType(field: "when.appVersion.min", expected: .string, found: .integer),
            #"rules[2]: "when.appVersion.min" must be a string, not an integer"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {"max": 3.5}}}"#,
            .wrongType(field: "when.appVersion.max", expected: .string, found: .number),
            #"rules[2]: "when.appVersion.max" must be a string, not a number"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"flag": true}}"#,
            .wrongType(field: "when.flag", expected: .string, found: .boolean),
            #"rules[2]: "when.flag" must be a string, not a boolean"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "note": false}"#,
            .wrongType(field: "note", expected: .string, found: .boolean),
            #"rules[2]: "note" must be a string, not a boolean"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "note": {}}"#,
            .wrongType(field: "note", expected: .string, found: .object),
            #"rules[2]: "note" must be a string, not an object"#
        ),
        // Duplicate fields, at each level, also when one copy is written with escapes.
        (
            #"{"pattern": "/a", "target": "/b", "target": "/c"}"#, .duplicateField("target"),
            #"rules[2]: field "target" appears more than once"#
        ),
        (
            #"{"pattern": "/a", "t\u0061rget": "/b", "target": "/c"}"#, .duplicateField("target"),
            #"rules[2]: field "target" appears more than once"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"flag": "x", "flag": "y"}}"#,
            .duplicateField("when.flag"),
            #"rules[2]: field "when.flag" appears more than once"#
        ),
        (
            #"{"pattern": "/a", "target": "/b", "when": {"appVersion": {"min": "1", "max": "2", "min": "3"}}}"#,
            .duplicateField("when.appVersion.min"),
            #"rules[2]: field "when.appVersion.min" appears more than once"#
        ),
    ]

    @Test(arguments: ruleProblems)
    func aRuleProblemNamesTheRuleAndTheField(_ rule: String, _ problem: Problem, _ description: String) {
        let error = refusal(of: document(valid, valid, rule, valid))
        #expect(error == RedirectRulesError(ruleIndex: 2, problem: problem))
        #expect(error?.description == description)
        #expect(error?.localizedDescription == description)
    }

    /// What the document as a whole may get wrong: `ruleIndex` is nil.
    static let documentProblems: [(String, Problem, String)] = [
        // Pins "not an object" without saying which: the document is named.
        (
            "[]", .wrongType(field: "", expected: .object, found: .array),
            "the rules document must be a JSON object, not an array"
        ),
        (
            #""rules""#, .wrongType(field: "", expected: .object, found: .string),
            "the rules document must be a JSON object, not a string"
        ),
        (
            "1", .wrongType(field: "", expected: .object, found: .integer),
            "the rules document must be a JSON object, not an integer"
        ),
        (
            "null", .wrongType(field: "", expected: .object, found: .null),
            "the rules document must be a JSON object, not null"
        ),
        (
            #"{"version": true, "rules": []}"#,
            .wrongType(field: "version", expected: .integer, found: .boolean),
            #""version" must be an integer, not a boolean"#
        ),
        (
            #"{"version": "1", "rules": []}"#,
            .wrongType(field: "version", expected: .integer, found: .string),
            #""version" must be an integer, not a string"#
        ),
        (
            #"{"version": 1.5, "rules": []}"#,
            .wrongType(field: "version", expected: .integer, found: .number),
            #""version" must be an integer, not a number"#
        ),
        (
            #"{"version": 3, "rules": []}"#, .unsupportedFormatVersion(3),
            "format version 3 is not supported (this library reads versions 1 and 2)"
        ),
        // The version is read first: a newer format may have fields this one does not know.
        (
            #"{"version": 3, "rules": {}, "extra": 1}"#, .unsupportedFormatVersion(3),
            "format version 3 is not supported (this library reads versions 1 and 2)"
        ),
        (
            #"{"version": 0, "rules": []}"#, .unsupportedFormatVersion(0),
            "format version 0 is not supported (this library reads versions 1 and 2)"
        ),
        (#"{"rules": [], "rulez": []}"#, .unknownField("rulez"), #"unknown field "rulez""#),
        (#"{"rulez": []}"#, .unknownField("rulez"), #"unknown field "rulez""#),
        (#"{"version": 1}"#, .missingField("rules"), #"missing field "rules""#),
        ("{}", .missingField("rules"), #"missing field "rules""#),
        (
            #"{"rules": {}}"#, .wrongType(field: "rules", expected: .array, found: .object),
            #""rules" must be an array, not an object"#
        ),
        (
            #"{"rules": null}"#, .wrongType(field: "rules", expected: .array, found: .null),
            #""rules" must be an array, not null"#
        ),
        (#"{"rules": [], "rules": []}"#, .duplicateField("rules"), #"field "rules" appears more than once"#),
        (
            #"{"rules": [], "version": 1, "version": 1}"#, .duplicateField("version"),
            #"field "version" appears more than once"#
        ),
    ]

    @Test(arguments: documentProblems)
    func aDocumentProblemHasNoRuleIndex(_ json: String, _ problem: Problem, _ description: String) {
        let error = refusal(of: json)
        #expect(error == RedirectRulesError(problem: problem))
        #expect(error?.description == description)
    }

    @Test(
        "a target group the pattern may fill only in part is refused when the document loads",
        arguments: [
            // x without y: the pattern's groups are separate, the target's one.
            ("/a(/:x)(/:y)", "/b(/:x/:y)", "y"),
            // id always, x sometimes, in one target group.
            ("/p/:id(/:x)", "/q(/:id/:x)", "x"),
            // A nested target group is taken when any parameter inside it is: x must come too.
            ("/a(/:x<int>)(/:y)", "/b(/:x(/:y))", "x"),
            // The host is always captured; the group's path parameter is not.
            ("//:h/a(/:x)", "/b(/:h/:x)", "x"),
            // The wildcard form takes the segment the group would: x alone is possible.
            ("/a(/:x)(/:y<int>)/*", "/b(/:x/:y)/*", "y"),
        ])
    func aPartlyFilledGroupIsRefused(_ pattern: String, _ target: String, _ parameter: String) throws {
        let rule = #"{"pattern": "\#(pattern)", "target": "\#(target)"}"#
        let error = refusal(of: document(valid, rule))
        #expect(error == RedirectRulesError(ruleIndex: 1, problem: .partlyFilledGroup(parameter)))
        #expect(
            error?.description
                == #"rules[1]: the target's optional group needs parameter "\#(parameter)", which the pattern can leave out while capturing the rest of that group"#
        )
        #expect(throws: RedirectRulesError(problem: .partlyFilledGroup(parameter))) {
            try RedirectRules.Rule(pattern: RoutePattern(pattern), target: RoutePattern(target))
        }
    }

    @Test(
        "target groups the pattern fills whole or not at all keep working",
        arguments: [
            ("/a(/:x/:y)", "/b(/:x/:y)", ["/a": "/b", "/a/1/2": "/b/1/2"]),
            ("/a(/:x)(/:y)", "/b(/:x)(/:y)", ["/a": "/b", "/a/1": "/b/1", "/a/1/2": "/b/1/2"]),
            ("/a(/:x(/:y))", "/b(/:x(/:y))", ["/a": "/b", "/a/1": "/b/1", "/a/1/2": "/b/1/2"]),
            ("(/lang/:l)/home", "/start(/:l)", ["/home": "/start", "/lang/fr/home": "/start/fr"]),
            ("/p/:id(/:x)", "/q/:id(/:x)", ["/p/1": "/q/1", "/p/1/2": "/q/1/2"]),
            // y alone is never captured: on "/a/1" the earlier group, x, takes the segment.
            ("/a(/:x)(/:y)", "/b(/:x(/:y))", ["/a": "/b", "/a/1": "/b/1", "/a/1/2": "/b/1/2"]),
            ("/a(/:x)/*", "/b(/:x)/*", ["/a": "/b", "/a/1": "/b/1", "/a/1/2": "/b/1/2"]),
        ] as [(String, String, [String: String])])
    func wholeGroupsWork(_ pattern: String, _ target: String, _ redirects: [String: String]) throws {
        let rules = try RedirectRules(
            json: Data(document(#"{"pattern": "\#(pattern)", "target": "\#(target)"}"#).utf8))
        for (from, to) in redirects {
            let url = try DispatchURL(string: "app://x" + from)
            #expect(rules.redirect(for: url, in: .init())?.url.description == "app://x" + to, "\(from)")
        }
    }

    @Test func theSampleAppsRulesStillLoad() throws {
        let sample = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("SampleApp/redirect-rules.json")
        let rules = try RedirectRules(json: Data(contentsOf: sample))
        #expect(!rules.isEmpty)
    }

    @Test func theFirstProblemInDocumentOrderIsReported() {
        let error = refusal(
            of: document(
                valid, #"{"pattern": "/a", "target": "/b/:x"}"#, valid,
                #"{"pattern": "/a", "target": "/b", "oops": 1}"#))
        #expect(error == RedirectRulesError(ruleIndex: 1, problem: .unknownParameter("x")))
        // A duplicate in a later rule does not come before an earlier rule's problem.
        let later = refusal(
            of: document(
                #"{"pattern": 7, "target": "/b"}"#, #"{"pattern": "/a", "pattern": "/a", "target": "/b"}"#))
        #expect(
            later
                == RedirectRulesError(
                    ruleIndex: 0, problem: .wrongType(field: "pattern", expected: .string, found: .integer)))
        let duplicate = refusal(of: document(valid, #"{"pattern": "/a", "pattern": "/c", "target": "/b"}"#))
        #expect(duplicate == RedirectRulesError(ruleIndex: 1, problem: .duplicateField("pattern")))
    }

    @Test func theSameFieldInDifferentObjectsIsNoDuplicate() throws {
        let rules = try RedirectRules(
            json: Data(
                document(
                    #"{"pattern": "/a", "target": "/b", "when": {"flag": "f"}, "note": "pattern target flag"}"#,
                    #"{"pattern": "/c", "target": "/d", "when": {"flag": "f"}}"#
                ).utf8))
        #expect(rules.rules.map(\.target) == ["/b", "/d"])
    }

    @Test func optionalFieldsMayBeLeftOut() throws {
        let rules = try RedirectRules(
            json: Data(
                document(
                    #"{"pattern": "/a", "target": "/b", "when": {}}"#,
                    #"{"pattern": "/c(/:x)", "target": "/d(/:x)"}"#
                ).utf8))
        #expect(rules.rules.map(\.condition) == [RedirectRules.Condition(), RedirectRules.Condition()])
        #expect(rules.rules.map(\.note) == [nil, nil])
        // "version": 1.0 is the number 1.
        #expect(try RedirectRules(json: Data(#"{"version": 1.0, "rules": []}"#.utf8)).isEmpty)
    }

    @Test(arguments: [
        "", "{", "{\"rules\": [}", "{\"rules\": []} x", "{\"rules\": [] /* c */}", "{'rules': []}", "\u{1}",
    ])
    func textThatIsNotJSONIsRefused(_ text: String) throws {
        let error = try #require(refusal(of: text))
        #expect(error.ruleIndex == nil)
        guard case .invalidJSON(let reason) = error.problem else {
            Issue.record("expected invalid JSON, got \(error)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(error.description == "not valid JSON: \(reason)")
    }

    /// Regression: the loader accepted a comma before a closing bracket (`{"rules": [],}`), which
    /// is not JSON, which Foundation accepts on some platforms and refuses on others, and which the
    /// Android app and the server reading the same document may refuse.
    @Test(arguments: [
        (#"{"rules": [],}"#, nil as Int?, ""),
        ("{\"rules\": []\n,\t\r\n }", nil, ""),
        (#"{"rules": [\#(valid),]}"#, nil, "rules"),
        (document(valid, #"{"pattern": "/c", "target": "/d",}"#), 1, ""),
        (document(valid, #"{"pattern": "/c", "target": "/d", "when": {"flag": "x",}}"#), 1, "when"),
        (
            document(#"{"pattern": "/c", "target": "/d", "when": {"appVersion": {"min": "1" , }}}"#), 0,
            "when.appVersion"
        ),
        ("[1,]", nil, ""),
    ])
    func aCommaBeforeAClosingBracketIsRefusedEverywhere(json: String, ruleIndex: Int?, field: String) throws {
        let error = try #require(refusal(of: json))
        #expect(error == RedirectRulesError(ruleIndex: ruleIndex, problem: .trailingComma(field: field)))
        let place = field.isEmpty ? "a closing bracket" : "the closing bracket of \"\(field)\""
        let index = ruleIndex.map { "rules[\($0)]: " } ?? ""
        #expect(error.description == "\(index)a comma before \(place), which JSON does not allow")
    }

    @Test func commasAndBracketsInsideStringsAreText() throws {
        let rules = try RedirectRules(
            json: Data(document(#"{"pattern": "/a", "target": "/b", "note": "x,] ,} \",]"}"#).utf8))
        #expect(rules.rules.first?.note == #"x,] ,} ",]"#)
    }

    @Test func bytesThatAreNotUTF8AreRefused() throws {
        let invalid = try #require(
            refusal(of: Data([0x7B, 0x22, 0x72, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])))
        guard case .invalidJSON = invalid.problem else {
            Issue.record("expected invalid JSON, got \(invalid)")
            return
        }
        let utf16 = try #require(#"{"rules": []}"#.data(using: .utf16LittleEndian))
        #expect(refusal(of: utf16) == RedirectRulesError(problem: .invalidJSON("the document is not UTF-8")))
        let utf16WithMark = try #require(#"{"rules": []}"#.data(using: .utf16))
        #expect(
            refusal(of: utf16WithMark)
                == RedirectRulesError(problem: .invalidJSON("the document is not UTF-8")))
        // A UTF-8 byte-order mark is harmless.
        #expect(try RedirectRules(json: Data([0xEF, 0xBB, 0xBF] + Array(#"{"rules": []}"#.utf8))).isEmpty)
    }

    @Test func aDocumentOverOneMebibyteIsRefusedUnread() throws {
        let body = document(valid)
        let padding = RedirectRules.maximumDocumentSize - body.utf8.count
        // Exactly 1 MiB is fine (JSON allows any amount of whitespace)…
        let atLimit = Data((String(repeating: " ", count: padding) + body).utf8)
        #expect(atLimit.count == 1_048_576)
        #expect(try RedirectRules(json: atLimit).rules.count == 1)
        // …one byte more is not, whatever it holds.
        let over = Data((String(repeating: " ", count: padding + 1) + body).utf8)
        #expect(refusal(of: over) == RedirectRulesError(problem: .documentTooLarge(bytes: 1_048_577)))
        #expect(
            refusal(of: over)?.description == "the document is 1048577 bytes, more than the 1048576 allowed")
    }

    @Test func moreThanTenThousandRulesAreRefused() throws {
        let rule = { (index: Int) in #"{"pattern": "/a/\#(index)", "target": "/b"}"# }
        let atLimit = try RedirectRules(
            json: Data(document((0..<10_000).map(rule).joined(separator: ",")).utf8))
        #expect(atLimit.rules.count == 10_000)
        #expect(atLimit.rules.last?.pattern == "/a/9999")
        let over = refusal(of: document((0...10_000).map(rule).joined(separator: ",")))
        #expect(over == RedirectRulesError(problem: .tooManyRules(count: 10_001)))
        #expect(over?.description == "10001 rules, more than the 10000 allowed")
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(refusal(of: deep) == RedirectRulesError(problem: .nestingTooDeep))
        #expect(
            refusal(of: String(repeating: "[", count: 100_000))
                == RedirectRulesError(problem: .nestingTooDeep))
        let objects =
            String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(refusal(of: objects) == RedirectRulesError(problem: .nestingTooDeep))
        #expect(refusal(of: deep)?.description == "arrays and objects nested deeper than 32 levels")
    }

    @Test func theNestingLimitIsExact() {
        // The document is level 1; a field holding 31 nested arrays reaches 32.
        func nested(_ levels: Int) -> String {
            #"{"rules": [], "x": "# + String(repeating: "[", count: levels)
                + String(repeating: "]", count: levels) + "}"
        }
        #expect(refusal(of: nested(31)) == RedirectRulesError(problem: .unknownField("x")))
        #expect(refusal(of: nested(32)) == RedirectRulesError(problem: .nestingTooDeep))
        // Brackets inside strings are text.
        let text = String(repeating: "[{", count: 1_000)
        #expect(
            (try? RedirectRules(
                json: Data(document(#"{"pattern": "/a", "target": "/b", "note": "\#(text)"}"#).utf8)))?
                .rules.first?.note == text)
    }

    @Test func aRuleMadeInCodeIsValidatedAlike() {
        #expect(throws: RedirectRulesError(problem: .unknownParameter("x"))) {
            try RedirectRules.Rule(pattern: "/a/:id", target: "/b/:x")
        }
        #expect(throws: RedirectRulesError(problem: .invalidPattern(field: "pattern", .empty))) {
            try RedirectRules.Rule(pattern: "", target: "/b")
        }
        #expect(throws: RedirectRulesError(problem: .redirectsToItself)) {
            try RedirectRules.Rule(pattern: "/a", target: "/a")
        }
        let inverted = RedirectRules.Condition(
            minimumVersion: RedirectRules.Version("4"), maximumVersion: RedirectRules.Version("3.9"))
        #expect(
            throws: RedirectRulesError(
                problem: .emptyVersionRange(
                    minimum: RedirectRules.Version("4")!, maximum: RedirectRules.Version("3.9")!))
        ) {
            try RedirectRules.Rule(pattern: "/a", target: "/b", condition: inverted)
        }
        #expect(throws: RedirectRulesError(problem: .emptyFlag)) {
            try RedirectRules.Rule(pattern: "/a", target: "/b", condition: .init(flag: ""))
        }
        // Without an index, the description is the problem alone.
        #expect(
            RedirectRulesError(problem: .unknownParameter("x")).description
                == #"the target uses parameter "x", which the pattern does not capture"#)
        // Equal bounds are a one-version range, and an optional target parameter may be optional in the pattern too.
        let one = RedirectRules.Condition(
            minimumVersion: RedirectRules.Version("3.1"), maximumVersion: RedirectRules.Version("3.1.0"))
        #expect((try? RedirectRules.Rule(pattern: "/a(/:x)", target: "/b(/:x)", condition: one)) != nil)
        #expect((try? RedirectRules.Rule(pattern: "/a/:x", target: "/b(/:x)")) != nil)
    }
}
