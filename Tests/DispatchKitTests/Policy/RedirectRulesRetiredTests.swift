import DispatchKit
import DispatchKitRules
import Foundation
import Testing

/// A rule's `"retired": true` (format version 2): a rule can say that it maps links the app no
/// longer claims on purpose, so that the offline check does not fail on its dead pattern.
@Suite struct RedirectRulesRetiredTests {
    func rules(_ json: String) throws(RedirectRulesError) -> RedirectRules {
        try RedirectRules(json: Data(json.utf8))
    }

    @Test func aVersionTwoRuleSaysItMapsRetiredLinks() throws {
        let rules = try rules(
            #"""
            {"version": 2, "rules": [
              {"pattern": "/item/:id<int>", "target": "/product/:id", "retired": true},
              {"pattern": "/old", "target": "/new", "retired": false},
              {"pattern": "/p/:id", "target": "/product/:id"}
            ]}
            """#)
        #expect(rules.rules.map(\.mapsRetiredLinks) == [true, false, false])
        // The flag is part of what a rule is.
        #expect(rules.rules[0] != (try RedirectRules.Rule(pattern: "/item/:id<int>", target: "/product/:id")))
        #expect(
            rules.rules[0]
                == (try RedirectRules.Rule(
                    pattern: "/item/:id<int>", target: "/product/:id", mapsRetiredLinks: true)))
        // It changes nothing at run time.
        let url = try DispatchURL(string: "app://x/item/7")
        #expect(rules.redirect(for: url, in: .init())?.url.description == "app://x/product/7")
    }

    /// The one policy for unknown fields: a field the document's version does not define is an
    /// error, and one a later version defines says which version to declare.
    @Test func aVersionOneDocumentCannotUseIt() {
        for version in [#""version": 1, "#, ""] {
            #expect(
                throws: RedirectRulesError(
                    ruleIndex: 0, problem: .fieldOfLaterVersion(field: "retired", version: 2))
            ) {
                try rules(#"{\#(version)"rules": [{"pattern": "/a", "target": "/b", "retired": true}]}"#)
            }
        }
        let error = RedirectRulesError(
            ruleIndex: 0, problem: .fieldOfLaterVersion(field: "retired", version: 2))
        #expect(
            error.description == #"rules[0]: "retired" is a field of format version 2: declare "version": 2"#)
    }

    @Test func aTypoOrAWrongTypeIsRefused() {
        #expect(throws: RedirectRulesError(ruleIndex: 0, problem: .unknownField("retierd"))) {
            try rules(#"{"version": 2, "rules": [{"pattern": "/a", "target": "/b", "retierd": true}]}"#)
        }
        #expect(
            throws: RedirectRulesError(
                ruleIndex: 0, problem: .wrongType(field: "retired", expected: .boolean, found: .string))
        ) {
            try rules(#"{"version": 2, "rules": [{"pattern": "/a", "target": "/b", "retired": "yes"}]}"#)
        }
        #expect(
            throws: RedirectRulesError(
                ruleIndex: 0, problem: .wrongType(field: "retired", expected: .boolean, found: .integer))
        ) {
            try rules(#"{"version": 2, "rules": [{"pattern": "/a", "target": "/b", "retired": 1}]}"#)
        }
    }
}
