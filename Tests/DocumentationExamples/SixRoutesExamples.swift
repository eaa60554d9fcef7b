import DispatchKit
import DispatchKitUI
import Foundation
import Testing

// The DispatchKit version of the six-route shop of MigratingFromOtherRouters.md ("Six routes in
// four routers"), run: the region below is the article's block (ArticleRegionsTests checks it). The
// app it calls (its pages, its session, its login page) is the article's block above it, here
// recording instead of printing, in a namespace that keeps the names apart from the other examples.
private struct SixRoutesArticle {
    enum Page: Equatable {
        case product(id: Int, tab: ProductTab)
        case search(query: String, tags: [String])
        case order(id: Int)
        case settings
        case web(URL)
    }

    @MainActor final class Session {
        var isSignedIn = false
        var shown: [Page] = []
        var loginPages = 0
        var afterSignIn: (@MainActor () -> Void)?

        func signIn() {
            isSignedIn = true
            afterSignIn?()
            afterSignIn = nil
        }
    }

    @MainActor static var session = Session()

    @MainActor static func show(_ page: Page) { session.shown.append(page) }
    /// The same, for the article's functions, which are this namespace's instance methods.
    @MainActor func show(_ page: Page) { Self.show(page) }

    @MainActor static func presentLogin(then signedIn: @escaping @MainActor () -> Void) {
        session.loginPages += 1
        session.afterSignIn = signedIn
    }

    // article: MigratingFromOtherRouters.md, six routes
    final class Shop: LinkActivity<Shop.Link> {
        enum Link: DispatchLink {
            case product(id: Int, tab: ProductTab?)
            case search(q: String, tag: [String])
            case orders(id: Int)
            case settings

            static let routes: [LinkRoute<Link>] = [
                .external("/product/:id<int>", to: product),
                .external("/search", to: search),
                .external("/orders/:id<int>", to: orders),
                .route("/settings", to: settings),
            ]
        }

        override func execute(with link: Link) throws {
            switch link {
            case .product(let id, let tab): show(.product(id: id, tab: tab ?? .details))
            case .search(let q, let tags): show(.search(query: q, tags: tags))
            case .orders(let id):
                guard session.isSignedIn else { return presentLogin { self.center?.dispatch(link) } }
                show(.order(id: id))
            case .settings: show(.settings)
            }
        }
    }

    @MainActor func registerShop(in center: DispatchCenter) {
        center.register(Shop.self)
        center.fallback(exposure: .external) { if $0.url.scheme == "https" { show(.web($0.url.url)) } }
    }

    @MainActor func open(notification userInfo: [AnyHashable: Any], in center: DispatchCenter) {
        center.dispatch(.notification(userInfo))
    }
    // article: end
}

/// Each of the six routes, dispatched through the article's DispatchKit version, reaches its page.
@MainActor
@Suite(.serialized) struct SixRoutesExamples {
    private typealias Article = SixRoutesArticle
    private let center = DispatchCenter()

    init() {
        Article.session = Article.Session()
        Article().registerShop(in: center)
    }

    @Test func aProductOpensOnItsTab() {
        center.dispatch("https://shop.example.com/product/42?tab=reviews", source: .universalLink)
        center.dispatch("https://shop.example.com/product/7", source: .universalLink)
        #expect(Article.session.shown == [.product(id: 42, tab: .reviews), .product(id: 7, tab: .details)])
    }

    @Test func aSearchReadsItsRepeatedTags() {
        center.dispatch("https://shop.example.com/search?q=shoes&tag=red&tag=sale", source: .universalLink)
        #expect(Article.session.shown == [.search(query: "shoes", tags: ["red", "sale"])])
    }

    @Test func anOrderWaitsBehindTheLoginWallUntilSignIn() {
        center.dispatch("https://shop.example.com/orders/7", source: .universalLink)
        #expect(Article.session.loginPages == 1)
        #expect(Article.session.shown == [])
        Article.session.signIn()
        #expect(Article.session.shown == [.order(id: 7)])
        #expect(center.dispatch("https://shop.example.com/orders/8").isHandled)
        #expect(Article.session.loginPages == 1)
    }

    @Test func settingsOpenForTheAppOnly() {
        #expect(center.dispatch("https://shop.example.com/settings").isHandled)
        let outside = center.dispatch("https://shop.example.com/settings", source: .universalLink)
        guard case .rejected? = outside.failure else {
            Issue.record("settings from outside the app must be refused: \(outside)")
            return
        }
        #expect(Article.session.shown == [.settings])
    }

    @Test func aWebPageWithoutARouteOpensInTheWebView() throws {
        center.dispatch("https://shop.example.com/help/returns", source: .universalLink)
        center.dispatch("shop://shop.example.com/nowhere")
        let help = try #require(URL(string: "https://shop.example.com/help/returns"))
        #expect(Article.session.shown == [.web(help)])
    }

    /// What the article says the DispatchKit lines buy: a value that does not decode fails the
    /// link, naming the key, and the app's own code opens a page with a value.
    @Test func aValueThatDoesNotDecodeFailsAndAValueBuildsItsURL() throws {
        let photos = center.dispatch("https://shop.example.com/product/42?tab=photos")
        #expect(photos.failure?.description == #"Shop's link: tab "photos" is not a ProductTab"#)
        guard case .invalidLink(let missing)? = center.dispatch("https://shop.example.com/search").failure
        else {
            Issue.record("a search without q must fail the link")
            return
        }
        #expect(missing.key == "q")
        #expect(try center.url(for: Article.Shop.Link.orders(id: 7)).description == "/orders/7")
        Article.session.isSignedIn = true
        #expect(center.dispatch(Article.Shop.Link.orders(id: 7)).isHandled)
        #expect(Article.session.shown == [.order(id: 7)])
    }

    @Test func aNotificationOpensItsLinkAsALinkFromOutside() {
        Article().open(notification: ["url": "https://shop.example.com/product/5"], in: center)
        Article().open(notification: ["url": "https://shop.example.com/settings"], in: center)
        #expect(Article.session.shown == [.product(id: 5, tab: .details)])
    }
}

/// The line counts of "Six routes in four routers" are measured, each by the rule the article
/// states: the lines of a version that are neither blank nor only a comment. DispatchKit's is
/// counted in the compiled region above (which ArticleRegionsTests keeps equal to the article's
/// block), the three others in the article's blocks.
@Suite struct SixRoutesCountTests {
    static let section = "Six routes in four routers"

    /// The lines of `code` that are neither blank nor only a comment.
    static func codeLines(in code: String) -> Int {
        code.split(separator: "\n").filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("//")
        }.count
    }

    /// The figures of the table's `lines` row, by column heading.
    static func table() throws -> [String: Int] {
        let path = try #require(ArticleRegionsTests.articles["MigratingFromOtherRouters.md"])
        let lines = try ArticleRegionsTests.lines(of: path)
        let start = try #require(lines.firstIndex { $0 == "### \(section)" }, "no section \(section)")
        let rows = lines[start...].drop { !$0.hasPrefix("| | URLNavigator") }
        let cells = { (row: Substring) in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let heading = try #require(rows.first.map(cells), "no table of counts in \(section)")
        let figures = try #require(rows.first { $0.hasPrefix("| lines |") }.map(cells))
        return Dictionary(
            uniqueKeysWithValues: zip(heading.dropFirst(), figures.dropFirst().map { Int($0) ?? -1 }))
    }

    @Test func eachFigureIsTheCountOfItsVersion() throws {
        let table = try Self.table()
        let region = try #require(
            ArticleRegionsTests.regions().first {
                $0.document == "MigratingFromOtherRouters.md" && $0.name == "six routes"
            })
        #expect(table["DispatchKit"] == Self.codeLines(in: region.text))
        let blocks = try ArticleRegionsTests.blocks(of: "MigratingFromOtherRouters.md", in: Self.section)
        for router in ["URLNavigator", "Crossroad", "JLRoutes"] {
            let block = try #require(
                blocks.first { $0.text.hasPrefix("// Before, with \(router):") }, "no \(router) block")
            #expect(table[router] == Self.codeLines(in: block.text), "\(router)")
        }
        #expect(table.count == 4)
    }

    /// The rule: a blank line and a line that is only a comment do not count; code with a comment
    /// after it does.
    @Test func theRuleLeavesOutBlankAndCommentLines() {
        #expect(Self.codeLines(in: "// Before, with X:\nlet a = 1  // one\n\n    // a note\n  }\n") == 2)
    }
}
