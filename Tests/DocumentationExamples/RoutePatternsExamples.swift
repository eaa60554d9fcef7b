import DispatchKit

// The code blocks of the "Route patterns and precedence" article.

enum RoutePatternsExamples {
    // snippet: patterns-product
    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "//shop/item/:id<int>"] }

        override func execute() throws {
            print("push ProductPage(id: \(parameters.int("id") ?? 0))")
        }
    }
    // snippet: end

    static func matchOnePattern() throws {
        // snippet: patterns-match
        let pattern: RoutePattern = "/files/:owner/*"
        let match = pattern.match(try DispatchURL(string: "app://x/files/ann/a/b.txt"))
        print(match?.parameters ?? [:], match?.wildcard ?? [])  // ["owner": "ann"] ["a", "b.txt"]
        // snippet: end
    }

    // snippet: patterns-collect-errors
    @MainActor func patternErrors(of activity: DispatchActivity.Type) -> [DispatchConfigurationError] {
        let center = DispatchCenter()
        var errors: [DispatchConfigurationError] = []
        center.configurationErrorHandler = { errors.append($0) }
        center.register(activity)
        return errors
    }
    // snippet: end

    static func parseAtRunTime() {
        // snippet: patterns-invalid
        let text = "/files/*/:name"  // read from a configuration file
        do {
            let pattern = try RoutePattern(text)
            print(pattern)
        } catch {
            print(error)  // "*" at offset 7 must be the last segment, outside optional groups
        }
        // snippet: end
    }

    @MainActor
    static func precedence() throws {
        // snippet: patterns-precedence
        final class EditProfile: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/user/me/edit"] }
        }
        final class ShowUser: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/user/:id<int>/*"] }
        }
        final class AnyUserPage: DispatchActivity {
            override class var patterns: [RoutePattern] { ["/user/:name/:page"] }
        }

        let center = DispatchCenter()
        center.register([AnyUserPage.self, ShowUser.self, EditProfile.self])
        let edit = try DispatchURL(string: "/user/me/edit")
        let orders = try DispatchURL(string: "/user/42/orders")
        print(center.claimants(for: edit).map { "\($0)" })  // ["EditProfile", "AnyUserPage"]
        print(center.claimants(for: orders).map { "\($0)" })  // ["ShowUser", "AnyUserPage"]
        // snippet: end
    }

    static func buildURLs() throws {
        // snippet: patterns-build
        let product: RoutePattern = "cono://test.com/product/:id<int>(/review/:review)"
        let link = try product.url(parameters: ["id": "42"], query: ["from": "push"])
        print(link)  // cono://test.com/product/42?from=push
        // snippet: end
    }

    @MainActor
    static func validateAtLaunch() {
        // snippet: patterns-validate
        #if DEBUG
            for diagnostic in DispatchCenter.shared.validate() {
                assertionFailure(diagnostic.description)
            }
        #endif
        // snippet: end
    }
}
