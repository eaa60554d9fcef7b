import DispatchKit
import DispatchKitRules
import Foundation
import Testing

// A module link dispatched as a value reaches its case's activity as the value itself, when the
// URL built reaches that case unchanged: decoding it again would give back the same value, at a
// fifth of the dispatch's cost. These tests tell the value from its URL decoded again with a type
// whose reading changes what it reads (it lowercases), which no such value would do in an app.

/// Reads lowercased; a value made in code keeps what it was given.
private struct Topic: LinkValueConvertible, Codable, Hashable, Sendable {
    let text: String
    init(_ text: String) { self.text = text }
    init?(linkValue: String) { text = linkValue.lowercased() }
    var linkValue: String { text }
}

private enum Board: DispatchLink, Equatable {
    case topic(name: Topic)
    case list(tags: [String]?)
    case tail(wildcard: [String])

    static let routes: [LinkRoute<Board>] = [
        .route("/topic/:name", to: topic),
        .route("/list", to: list),
        .route("/tail/*", to: tail),
    ]
}

private final class BoardActivity: LinkActivity<Board> {
    override func execute(with link: Board) throws {
        linkTestJournal?.lines.append("\(link)")
    }
}

/// A class of higher priority that claims every topic URL, with a link of its own.
private final class TopicOverride: LinkActivity<TopicOverride.Link> {
    struct Link: DispatchLink { var name: String }
    override class var priority: Int { 10 }
    override class var patterns: [RoutePattern] { ["/topic/:name"] }
    override func execute(with link: Link) throws { linkTestJournal?.lines.append("override \(link.name)") }
}

@MainActor
private final class LinkReader: DispatchInterceptor {
    var read: [Board] = []
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        if let link = try? interception.request.link(as: Board.self) { read.append(link) }
        return .proceed
    }
}

@MainActor
@Suite("Module links: a value dispatched reaches its activity as itself")
struct ModuleLinkValueDispatchTests {
    private func center(_ classes: [DispatchActivity.Type] = [BoardActivity.self]) -> DispatchCenter {
        let center = DispatchCenter()
        center.register(classes)
        return center
    }

    @Test func theCaseReceivesTheValueItselfAndAURLIsDecoded() {
        let journal = LinkTestJournal()
        let center = center()
        #expect(center.dispatch(Board.topic(name: Topic("Swift")), userInfo: journal.userInfo).isHandled)
        #expect(center.dispatch("/topic/Swift", userInfo: journal.userInfo).isHandled)
        // The value as made in code, then the URL's text as the type reads it.
        #expect(journal.lines.count == 2)
        #expect(journal.lines.first?.contains(#"text: "Swift""#) == true)
        #expect(journal.lines.last?.contains(#"text: "swift""#) == true)
    }

    @Test func anInterceptorReadsTheValueItself() {
        let journal = LinkTestJournal()
        let center = center()
        let reader = LinkReader()
        center.addInterceptor(reader)
        #expect(center.dispatch(Board.topic(name: Topic("Swift")), userInfo: journal.userInfo).isHandled)
        #expect(reader.read == [.topic(name: Topic("Swift"))])
        #expect(journal.lines.count == 1 && journal.lines[0].contains(#"text: "Swift""#))
    }

    /// An empty optional array writes no item, and reads back as `nil`: as documented, a value
    /// that does not read back as written is decoded from its URL, as any URL is.
    @Test func aValueThatDoesNotReadBackAsWrittenIsDecodedFromItsURL() {
        let journal = LinkTestJournal()
        let center = center()
        center.dispatch(Board.list(tags: []), userInfo: journal.userInfo)
        center.dispatch(Board.list(tags: ["a"]), userInfo: journal.userInfo)
        center.dispatch(Board.tail(wildcard: ["A"]), userInfo: journal.userInfo)
        #expect(
            journal.lines == [
                #"list(tags: nil)"#, #"list(tags: Optional(["a"]))"#, #"tail(wildcard: ["A"])"#,
            ])
    }

    @Test func aURLThatARedirectRuleChangedIsDecoded() throws {
        let journal = LinkTestJournal()
        let center = center()
        center.redirectRules = RedirectRules([try .init(pattern: "/topic/Old", target: "/topic/New")])
        #expect(center.dispatch(Board.topic(name: Topic("Old")), userInfo: journal.userInfo).isHandled)
        #expect(journal.lines.count == 1 && journal.lines[0].contains(#"text: "new""#))
    }

    @Test func anotherClassThatClaimsTheURLDecodesItsOwnLink() {
        let journal = LinkTestJournal()
        let center = center([BoardActivity.self, TopicOverride.self])
        #expect(center.dispatch(Board.topic(name: Topic("Swift")), userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["override Swift"])
    }
}
