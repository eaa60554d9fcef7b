import DispatchKit
import DispatchKitEvents
import Foundation
import Testing

// A module link: one class, one enum, one case per route. The winning pattern selects the case,
// its associated values decode by label, each case has its own exposure and priority, and a case
// builds its URL from its own patterns.

final class ShopCases: LinkActivity<ShopCases.Link> {
    enum Link: DispatchLink, Hashable {
        case product(id: Int, tab: LinkTestTab?)
        case search(q: String, tag: [String])
        case orders(id: Int16)
        case settings
        case unrouted(id: Int)

        static let routes: [LinkRoute<Link>] = [
            .route("/product/:id<int>", "/p/:id<int>", to: product),
            .route("/search", to: search),
            .route("/orders/:id<int>", to: orders, exposure: .internalOnly),
            .route("/settings", to: settings),
        ]
    }

    override class var exposure: DispatchExposure { .external }
    override func execute(with link: Link) throws {
        switch link {
        case .product(let id, let tab): linkTestJournal?.lines.append("product \(id) \(tab?.rawValue ?? "-")")
        case .search(let q, let tags): linkTestJournal?.lines.append("search \(q) \(tags)")
        case .orders(let id): linkTestJournal?.lines.append("orders \(id)")
        case .settings: linkTestJournal?.lines.append("settings")
        case .unrouted(let id): linkTestJournal?.lines.append("unrouted \(id)")
        }
    }
}

/// A class of higher priority than the module's own, for one of the module's routes.
private final class Promotion: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/deal/:id"] }
    override class var priority: Int { 5 }
    override func execute() throws { linkTestJournal?.lines.append("promotion") }
}

/// A module whose `deal` case outranks the promotion class, and `archive` ranks below a catch-all.
private final class DealsModule: LinkActivity<DealsModule.Link> {
    enum Link: DispatchLink {
        case deal(id: String)
        case archive(id: String)

        static let routes: [LinkRoute<Link>] = [
            .route("/deal/:id", to: deal, priority: 10),
            .route("/any/:id", to: archive, priority: -1),
        ]
    }

    override func execute(with link: Link) throws {
        switch link {
        case .deal(let id): linkTestJournal?.lines.append("deal \(id)")
        case .archive(let id): linkTestJournal?.lines.append("archive \(id)")
        }
    }
}

private final class AnyPage: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/any/:id"] }
    override func execute() throws { linkTestJournal?.lines.append("any page") }
}

@MainActor
@Suite("Module links: one enum case per route")
struct ModuleLinkTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([ShopCases.self, Promotion.self, DealsModule.self, AnyPage.self])
        return center
    }

    @Test(
        arguments: [
            ("/product/42?tab=reviews", "product 42 reviews"),
            ("/p/7", "product 7 -"),
            ("/search?q=shoes&tag=a&tag=b", "search shoes [\"a\", \"b\"]"),
            ("/search?q=", "search  []"),
            ("/orders/12", "orders 12"),
            ("/settings", "settings"),
        ])
    func theWinningPatternSelectsTheCase(url: String, expected: String) {
        let journal = LinkTestJournal()
        let result = center().dispatch(url, userInfo: journal.userInfo)
        #expect(result.isHandled, "\(result)")
        #expect(journal.lines == [expected])
    }

    @Test func aCaseDecodesItsValuesByTheRulesOfAStructLink() {
        let center = center()
        guard case .invalidLink(let error)? = center.dispatch("/orders/40000").failure else {
            Issue.record("an Int16 case value out of range must fail to decode")
            return
        }
        #expect(error.key == "id")
        #expect(error.reason == .outOfRange)
        guard case .invalidLink(let missing)? = center.dispatch("/search").failure else {
            Issue.record("a required associated value absent from the URL must fail to decode")
            return
        }
        #expect(missing.key == "q")
        #expect(missing.reason == .missing)
    }

    @Test func eachCaseHasItsOwnExposure() {
        let center = center()
        let outside = DispatchOrigin.external(application: "com.example.other")
        #expect(center.dispatch("/product/42", source: outside).isHandled)
        guard case .rejected(let rejection)? = center.dispatch("/orders/12", source: outside).failure else {
            Issue.record("the orders case is internal: a URL from another app must be rejected")
            return
        }
        #expect(rejection.activity == "ShopCases")
        #expect(center.dispatch("/orders/12").isHandled)
    }

    @Test func eachCaseHasItsOwnPriority() {
        let journal = LinkTestJournal()
        let center = center()
        center.dispatch("/deal/9", userInfo: journal.userInfo)
        center.dispatch("/any/9", userInfo: journal.userInfo)
        // deal (10) outranks Promotion (5); AnyPage (0) outranks archive (-1).
        #expect(journal.lines == ["deal 9", "any page"])
    }

    @Test(
        arguments: [
            (ShopCases.Link.product(id: 42, tab: .reviews), "/product/42?tab=reviews"),
            (.product(id: 1, tab: nil), "/product/1"),
            (.search(q: "red shoes", tag: ["a", "b"]), "/search?q=red%20shoes&tag=a&tag=b"),
            (.orders(id: 3), "/orders/3"),
            (.settings, "/settings"),
        ])
    func aCaseBuildsItsURLFromItsOwnPatterns(link: ShopCases.Link, expected: String) throws {
        let url = try center().url(for: link)
        #expect(url.description == expected)
    }

    @Test func aDispatchedCaseReadsBackAsTheSameValue() {
        let journal = LinkTestJournal()
        let center = center()
        let links: [ShopCases.Link] = [
            .product(id: 42, tab: .reviews), .search(q: "a&b=c", tag: ["x y"]), .orders(id: -1), .settings,
        ]
        for link in links {
            let result = center.dispatch(link, userInfo: journal.userInfo)
            #expect(result.isHandled, "\(link): \(result)")
            #expect(
                (result.activity as? ShopCases).map { (try? $0.link(as: ShopCases.Link.self)) == link }
                    == true)
        }
        #expect(journal.lines == ["product 42 reviews", "search a&b=c [\"x y\"]", "orders -1", "settings"])
    }

    @Test func aCaseWithoutARouteCannotBeBuilt() {
        #expect {
            try center().url(for: ShopCases.Link.unrouted(id: 1))
        } throws: { error in
            guard let error = error as? LinkEncodingError, case .noPatternFits(let problems) = error.reason
            else {
                return false
            }
            return problems.contains { $0.contains("the case unrouted has no route") }
        }
    }

    @Test func theClassListsEveryCasesPatternsInOrder() {
        #expect(
            ShopCases.patterns == [
                "/product/:id<int>", "/p/:id<int>", "/search", "/orders/:id<int>", "/settings",
            ])
    }
}

/// Keeps the events of every dispatch.
@MainActor
private final class CaseEvents: DispatchObserver {
    var events: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) throws { events.append(event) }
}

/// Holds the orders case only, reading it from the link: a login wall for one route of a module.
@MainActor
private final class OrdersWall: DispatchInterceptor {
    var seen: [String] = []
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard let link = try? interception.request.link(as: ShopCases.Link.self) else { return .proceed }
        seen.append("\(link)")
        if case .orders = link { return .reject(reason: "sign in first") }
        return .proceed
    }
}

@MainActor
@Suite("Module links: interceptors and events")
struct ModuleLinkPolicyTests {
    @Test func anInterceptorReadsTheCaseOfTheRequest() {
        let center = DispatchCenter()
        center.register(ShopCases.self)
        let wall = OrdersWall()
        center.addInterceptor(wall)
        #expect(center.dispatch("/product/42").isHandled)
        guard case .rejected? = center.dispatch("/orders/7").failure else {
            Issue.record("the wall rejects the orders case")
            return
        }
        #expect(wall.seen == ["product(id: 42, tab: nil)", "orders(id: 7)"])
    }

    @Test func anEventNamesTheCase() {
        let center = DispatchCenter()
        center.register(ShopCases.self)
        let events = CaseEvents()
        center.addObserver(events)
        center.dispatch("/search?q=a")
        center.dispatch(ShopCases.Link.settings)
        #expect(events.events.map(\.linkCase) == ["search", "settings"])
        #expect(events.events.first?.description.contains("handled by ShopCases.search") == true)
    }
}

@MainActor
@Suite("Module links: a URL no case matches")
struct ModuleLinkWithoutCaseTests {
    /// Pins the message of a module class that receives a URL as the fallback: the enum's own
    /// decoding would say "Invalid number of keys found", which tells the app nothing.
    @Test func theFallbackSaysNoCaseMatches() {
        let center = DispatchCenter()
        center.register(ShopCases.self)
        center.fallback = ShopCases.self
        guard case .invalidLink(let error)? = center.dispatch("/elsewhere").failure else {
            Issue.record("a module link with no case selected cannot decode")
            return
        }
        #expect(error.description.contains("no case of its routes matches the URL"), "\(error)")
    }
}
