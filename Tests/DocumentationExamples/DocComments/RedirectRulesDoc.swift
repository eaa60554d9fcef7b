import DispatchKit
import DispatchKitRules
import Foundation

// The code blocks of the doc comments of DispatchKitRules (Sources/DispatchKitRules).
enum RedirectRulesDoc {
    static func condition() {
        // snippet: doc-condition
        let condition = RedirectRules.Condition(
            minimumVersion: .init("3.1"), maximumVersion: .init("3.1.4"), flag: "h5-product")
        print(condition.holds(in: .init(appVersion: .init("3.1.0"), flags: ["h5-product"])))  // true
        print(condition.holds(in: .init(appVersion: .init("3.2"), flags: ["h5-product"])))  // false
        // snippet: end
    }

    // snippet: doc-environment
    func currentEnvironment(remoteFlags: Set<String>) -> RedirectRules.Environment {
        let version = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
        return RedirectRules.Environment(
            appVersion: version.flatMap(RedirectRules.Version.init), flags: remoteFlags)
    }
    // snippet: end

    // snippet: doc-rules-json
    func updated(_ rules: RedirectRules, from downloaded: Data) -> RedirectRules {
        do {
            return try RedirectRules(json: downloaded)
        } catch {
            print("kept the previous rules: \(error)")  // … rules[2]: unknown field "when.flags"
            return rules
        }
    }
    // snippet: end

    // snippet: doc-rules-error
    func rules(from data: Data) -> RedirectRules? {
        do {
            return try RedirectRules(json: data)
        } catch {
            print("redirect rules refused: \(error)")
            // redirect rules refused: rules[2]: the target uses parameter "slug", which the
            // pattern does not capture
            return nil
        }
    }
    // snippet: end

    static func rule() throws {
        // snippet: doc-rule
        let rule = try RedirectRules.Rule(
            pattern: "cono://test.com/product/:id", target: "https://m.test.com/p/:id",
            condition: .init(minimumVersion: .init("3.1.0"), maximumVersion: .init("3.1.4")),
            note: "3.1.x crashes on the native product page")
        print(rule)
        // snippet: end
    }

    static func versions() {
        // snippet: doc-version
        let short = RedirectRules.Version("3.1")
        let long = RedirectRules.Version("3.10")
        print(short == RedirectRules.Version("3.1.0"))  // true: missing components are 0
        if let short, let long { print(short < long) }  // true: components compare as numbers
        print(RedirectRules.Version("3.1-beta") == nil)  // true: only dotted numbers
        // snippet: end
    }

    // snippet: doc-rules
    func redirectProductLink(rulesJSON downloadedData: Data) throws {
        let rules = try RedirectRules(json: downloadedData)
        let environment = RedirectRules.Environment(
            appVersion: RedirectRules.Version("3.1.2"), flags: ["product-page-broken"])
        let url = try DispatchURL(string: "cono://test.com/product/42?from=push")
        print(rules.redirect(for: url, in: environment) as Any)
        // (url: https://m.test.com/p/42?from=push, rule: 0)
    }
    // snippet: end

    static func redirectInCode() throws {
        // snippet: doc-rules-code
        let rules = RedirectRules([try .init(pattern: "/old/:id", target: "/new/:id")])
        print(rules.redirect(for: try DispatchURL(string: "app://x/old/7?a=1#top"), in: .init()) as Any)
        // (url: app://x/new/7?a=1#top, rule: 0)
        // snippet: end
    }
}

enum RedirectRulesCenterDoc {
    // snippet: doc-center-redirect-rules
    @MainActor func apply(rulesJSON data: Data, to center: DispatchCenter) {
        do {
            center.redirectRules = try RedirectRules(json: data)  // checked whole, then swapped in
        } catch {
            // rules[2]: the target uses parameter "slug", which the pattern does not capture
            print("rules refused, the previous ones stay: \(error)")
        }
        center.redirectEnvironment.flags.insert("product-page-broken")  // the app version: the bundle's
    }
    // snippet: end

    @MainActor static func flags() {
        // snippet: doc-center-flags
        DispatchCenter.shared.redirectEnvironment.flags.insert("product-page-broken")
        // snippet: end
    }
}
