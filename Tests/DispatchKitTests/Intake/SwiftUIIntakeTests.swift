import DispatchKit
import DispatchKitUI
import Foundation
import Testing

@testable import DispatchKitSwiftUI

// SwiftUI's onOpenURL hands over universal links as plain URLs: DispatchKitUI's modifier dispatches
// http(s) URLs as universal links, so that they are checked against the associated domains and carry
// their source, and every other URL as opened by another app.

private final class ProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
}

@MainActor
@Suite("SwiftUI intake")
struct SwiftUIIntakeTests {
    private func center() throws -> DispatchCenter {
        let center = DispatchCenter()
        center.register(ProductActivity.self)
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        return center
    }

    @Test func webURLsAreUniversalLinks() throws {
        let center = try center()
        let url = try #require(URL(string: "https://test.com/product/42"))
        #expect(center.dispatch(.openedInSwiftUI(url)).activity?.request.source == .universalLink)
        let upper = try #require(URL(string: "HTTPS://test.com/product/42"))
        #expect(center.dispatch(.openedInSwiftUI(upper)).activity?.request.source == .universalLink)
    }

    @Test func aWebURLOffTheAssociatedDomainsIsRefused() throws {
        let center = try center()
        let undeclared = try #require(URL(string: "https://evil.com/product/42"))
        guard
            case .refusedAtIntake(.undeclaredDomain)? = center.dispatch(.openedInSwiftUI(undeclared)).failure
        else {
            Issue.record("an undeclared host was not refused")
            return
        }
        let plain = try #require(URL(string: "http://test.com/product/42"))
        guard case .refusedAtIntake(.notHTTPS)? = center.dispatch(.openedInSwiftUI(plain)).failure else {
            Issue.record("an http link was not refused")
            return
        }
    }

    @Test func otherURLsComeFromAnUnnamedApp() throws {
        let center = try center()
        let url = try #require(URL(string: "cono://test.com/product/42"))
        #expect(
            center.dispatch(.openedInSwiftUI(url)).activity?.request.source == .external(application: nil))
    }
}
