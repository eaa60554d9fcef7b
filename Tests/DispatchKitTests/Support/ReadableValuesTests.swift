import DispatchKit
import DispatchKitManifest
import DispatchKitUI
import Foundation
import Testing

// Results, failures, navigation steps and states, incoming links and route changes print as one
// line a person reads, the same through `String(describing:)` (print, XCTest), interpolation and
// `String(reflecting:)` (debugPrint, the debugger, Swift Testing's messages for optionals). Pins
// the bug where `print(result)` showed `DispatchResult(activity: Optional(…), problem:
// Optional(DispatchKit.DispatchResult.(unknown context at $…).Problem))` and a NavigationState
// `(unknown context at $…)`.

private final class ProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {
        guard let id = parameters.int("id"), id > 0 else { throw ProductError.invalidID }
    }
}

private enum ProductError: Error, CustomStringConvertible {
    case invalidID
    var description: String { "the id is not a positive integer" }
}

private struct ProductPage: Hashable, CustomStringConvertible {
    let id: Int
    var description: String { "ProductPage(id: \(id))" }
}

/// Checks the three ways a value becomes text, and that none shows the machinery.
private func expectReadable<Value>(
    _ value: Value, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(String(describing: value) == line, sourceLocation: sourceLocation)
    #expect("\(value)" == line, sourceLocation: sourceLocation)
    #expect(String(reflecting: value) == line, sourceLocation: sourceLocation)
    #expect(String(reflecting: Optional(value)) == "Optional(\(line))", sourceLocation: sourceLocation)
    #expect(!line.contains("\n"), sourceLocation: sourceLocation)
}

@MainActor
@Suite struct ReadableValuesTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register(ProductActivity.self)
        return center
    }

    @Test func results() {
        let center = center()
        expectReadable(center.dispatch("cono://test.com/product/42"), "handled by ProductActivity")
        expectReadable(
            center.dispatch("cono://test.com/nowhere"), "no activity claims cono://test.com/nowhere")
        expectReadable(
            center.dispatch("cono://test.com/product/0"),
            "ProductActivity failed: the id is not a positive integer")
        expectReadable(
            center.dispatch("cono://test.com/%zz"),
            #"invalid URL: malformed percent-escape "%zz" at offset 16"#)
    }

    @Test func failures() throws {
        let url = try DispatchURL(string: "cono://test.com/nowhere")
        expectReadable(DispatchFailure.unmatched(url), "no activity claims cono://test.com/nowhere")
        expectReadable(
            DispatchFailure.executeNotOverridden(activity: ProductActivity.self),
            "ProductActivity claimed the URL and reached DispatchActivity's default execute(), which does "
                + "nothing: override execute() without calling super")
        expectReadable(DispatchFailure.recursionLimit(depth: 8), "nested dispatch deeper than 8 levels")
    }

    @Test func navigationSteps() {
        expectReadable(NavigationStep.push(ProductPage(id: 42)), "push ProductPage(id: 42)")
        expectReadable(
            NavigationStep.setStack(["settings", "privacy"]), "set stack settings > privacy")
        expectReadable(NavigationStep.dismissPresented, "dismiss presented")
    }

    @Test func navigationStates() {
        var state = NavigationState()
        expectReadable(state, "root")
        state.apply(.push(ProductPage(id: 42)))
        state.apply(.present("login"))
        expectReadable(state, "root > ProductPage(id: 42); presenting login")

        var tabs = NavigationState(selectedTab: "home")
        tabs.apply(.push(ProductPage(id: 7)))
        tabs.apply(.selectTab("cart"))
        tabs.apply(.push("checkout"))
        tabs.apply(.selectTab("account"))
        expectReadable(
            tabs,
            "tab account (selected): root; tab cart: root > checkout; tab home: root > ProductPage(id: 7)")
    }

    /// A failed `==` between two states shows what differs, also in a tab that is not selected.
    @Test func statesThatDifferPrintDifferently() {
        var one = NavigationState(selectedTab: "home")
        var other = one
        one.apply(.selectTab("cart"))
        one.apply(.push("a"))
        one.apply(.selectTab("home"))
        other.apply(.selectTab("cart"))
        other.apply(.push("b"))
        other.apply(.selectTab("home"))
        #expect(one != other)
        #expect("\(one)" != "\(other)")
    }

    @Test func incomingLinks() throws {
        let url = try #require(URL(string: "https://test.com/product/42"))
        expectReadable(IncomingLink.universalLink(url), "universal link https://test.com/product/42")
        expectReadable(
            IncomingLink.openedURL(url, sourceApplication: "com.example.mail"),
            "opened URL https://test.com/product/42 from com.example.mail")
        expectReadable(
            IncomingLink.openedURL(url, sourceApplication: nil),
            "opened URL https://test.com/product/42 from an app the system does not name")
        let payload: [AnyHashable: Any] = [
            "url": "cono://test.com/orders/7",
            "aps": ["badge": 1, "alert": "Shipped\nto you", "tags": ["a", "b"]] as [String: Any],
        ]
        expectReadable(
            IncomingLink.notification(payload),
            #"notification {aps: {alert: "Shipped\nto you", badge: 1, tags: ["a", "b"]}, url: "cono://test.com/orders/7"}"#
        )
    }

    @Test func routeChanges() throws {
        let old = center().routeManifest()
        let changes = DispatchCenter().routeChanges(since: old)
        let change = try #require(changes.first)
        expectReadable(change, change.description)
        #expect(change.description.contains("/product/:id<int>"))
        #expect(!String(reflecting: changes).contains("RouteChange"))
    }
}
