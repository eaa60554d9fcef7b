import DispatchKit
import DispatchKitManifest

// The code blocks of the doc comments in Patterns/: RouteDiagnostic, RouteMatch and
// RoutePattern+Building, and RoutePattern.
enum PatternsDoc {
    @MainActor static func diagnostics() {
        // snippet: doc-diagnostics
        // In a test of the app's routes (the route tools are not linked into the app):
        for diagnostic in DispatchCenter.shared.validate() where diagnostic.severity == .error {
            print(diagnostic)
        }
        // snippet: end
    }

    static func match() throws {
        // snippet: doc-match
        let match = RoutePattern("/files/:owner/*").match(
            try DispatchURL(string: "app://x/files/ann/a/b.txt"))
        print(match?.parameters ?? [:])  // ["owner": "ann"]
        print(match?.wildcard ?? [])  // ["a", "b.txt"]
        // snippet: end
    }

    static func build() throws {
        // snippet: doc-build
        let pattern: RoutePattern = "cono://test.com/product/:id<int>(/review/:review)"
        let url = try pattern.url(parameters: ["id": "42"], query: ["from": "push"])
        print(url)  // cono://test.com/product/42?from=push
        // snippet: end
    }
}

enum RoutePatternDoc {
    // snippet: doc-route-pattern
    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/product/:id<int>", "//shop/item/:id<int>"] }

        override func execute() throws {
            print("push ProductPage(id: \(parameters.int("id") ?? 0))")
        }
    }
    // snippet: end
}
