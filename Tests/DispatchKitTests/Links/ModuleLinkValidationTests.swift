import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

// validate() reads a module link case by case: each case's patterns against the case's
// associated values, and the routes against the enum's cases.

/// Every mistake a module's routes can make with its enum, one per case.
private final class SloppyModule: LinkActivity<SloppyModule.Link> {
    enum Link: DispatchLink {
        case product(id: Int)
        case review(Int)
        case orders(id: Int8)
        case search(q: String)
        case coupon(code: LinkTestSKU)
        case voucher(code: LinkTestSKU)
        case forgotten

        static let routes: [LinkRoute<Link>] = [
            .route("/product/:id<int>/:slug", to: product),
            .route("/review/:id<int>", to: review),
            .route("/orders/:id<int>", to: orders),
            .route("/search", to: search),
            .route("/coupon/:code", to: coupon),
            .route("/voucher/:code", to: voucher),
        ]
    }

    override func execute(with link: Link) throws {}
}

/// A module whose routes and enum agree.
private final class TidyModule: LinkActivity<TidyModule.Link> {
    enum Link: DispatchLink {
        case product(id: Int, tab: LinkTestTab?)
        case search(q: String?, tag: [String])
        case settings

        static let routes: [LinkRoute<Link>] = [
            .route("/product/:id<int>", "/p/:id<int>(/:tab<details|reviews|photos>)", to: product),
            .route("/search", to: search),
            .route("/settings", to: settings),
        ]
    }

    override func execute(with link: Link) throws {}
}

@MainActor
@Suite("Module links: validate() checks each case against its routes")
struct ModuleLinkValidationTests {
    private func diagnostics(_ classes: [DispatchActivity.Type]) -> [RouteDiagnostic] {
        let center = DispatchCenter()
        center.register(classes)
        return center.validate()
    }

    @Test func aModuleWhoseRoutesFitItsCasesReportsNothing() {
        #expect(diagnostics([TidyModule.self]) == [])
    }

    /// Before cases were read one at a time, a module link was read as a struct and every class
    /// of one was reported as unreadable, and no case's patterns were checked.
    @Test func eachCaseIsCheckedAgainstItsOwnPatternsAndTheRoutesAgainstTheEnum() throws {
        let found = diagnostics([SloppyModule.self])
        let link = "SloppyModule.Link"
        #expect(found.count == 8)
        #expect(
            Set(found.map(\.kind)) == [
                .linkLacksParameter(key: "slug", link: "SloppyModule.Link.product"),
                .linkLacksParameter(key: "id", link: "SloppyModule.Link.review"),
                .linkIntegerRange(key: "id", type: "Int8"),
                .linkRequiresQueryKey(key: "q", type: "String"),
                .linkCaseValueUnlabeled(case: "review", key: "_0", link: link),
                .linkRouteUnknownCase(reason: "no LinkTestSKU value could be made up for it", link: link),
                .linkCaseWithoutRoute(case: "forgotten", link: link),
            ])
        let errors = found.filter { $0.severity == .error }.map(\.kind)
        #expect(errors.contains(.linkCaseWithoutRoute(case: "forgotten", link: link)))
        #expect(
            errors.contains(
                .linkRouteUnknownCase(reason: "no LinkTestSKU value could be made up for it", link: link)))
        #expect(errors.contains(.linkCaseValueUnlabeled(case: "review", key: "_0", link: link)))

        let unknown = try #require(
            found.first {
                $0.kind
                    == .linkRouteUnknownCase(
                        reason: "no LinkTestSKU value could be made up for it", link: link)
            })
        // Two cases of the same values, none of which can be made up: neither is told apart.
        #expect(unknown.patterns == ["/coupon/:code"])
        #expect(
            unknown.description
                == #"SloppyModule "/coupon/:code": the case a route of SloppyModule.Link opens could not be found (no LinkTestSKU value could be made up for it), so no URL it matches opens it"#
        )
        let unrouted = try #require(
            found.first { $0.kind == .linkCaseWithoutRoute(case: "forgotten", link: link) })
        #expect(unrouted.patterns == [])
        #expect(
            unrouted.description
                == "SloppyModule: the case forgotten of SloppyModule.Link has no route in routes, so no URL opens it and url(for:) cannot build one"
        )
        let unlabeled = try #require(
            found.first { $0.kind == .linkCaseValueUnlabeled(case: "review", key: "_0", link: link) })
        #expect(
            unlabeled.description.hasSuffix(
                "has a value without a label (_0), which no pattern can name: give it a label"))
    }
}
