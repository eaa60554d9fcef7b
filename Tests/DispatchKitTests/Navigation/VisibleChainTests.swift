import DispatchKit
import Testing

@testable import DispatchKitUI

// How a navigator finds what the user sees in a tree of containers, whatever the UI framework:
// presented beats the selected tab, which beats the top of a stack; a loop or a limit ends the walk.

/// A container as the walk sees it: what it presents, its selected tab, the top of its stack. The
/// references are strong, so a test that makes a loop breaks it when it ends (the leak check).
private final class Node: CustomStringConvertible {
    let name: String
    var presented: Node?
    var selected: Node?
    var top: Node?

    init(_ name: String) { self.name = name }

    var description: String { name }
}

@Suite("Navigation: the visible chain")
struct VisibleChainTests {
    private func chain(from root: Node, limit: Int = 64) -> [String] {
        VisibleChain.chain(
            from: root, presented: { $0.presented }, selected: { $0.selected }, top: { $0.top }, limit: limit
        ).map(\.name)
    }

    @Test func aLoneRootIsTheChain() {
        #expect(chain(from: Node("window")) == ["window"])
    }

    @Test func presentedBeatsSelectedBeatsTop() {
        let root = Node("root")
        let sheet = Node("sheet")
        let tab = Node("tab")
        let page = Node("page")
        root.presented = sheet
        root.selected = tab
        root.top = page
        #expect(chain(from: root) == ["root", "sheet"])
        root.presented = nil
        #expect(chain(from: root) == ["root", "tab"])
        root.selected = nil
        #expect(chain(from: root) == ["root", "page"])
    }

    @Test func aNestedTreeIsWalkedToTheNodeTheUserSees() {
        // tabs -> home (nav) -> feed -> presented: sheet (nav) -> login
        let tabs = Node("tabs")
        let home = Node("home")
        let mine = Node("mine")
        let feed = Node("feed")
        let sheet = Node("sheet")
        let login = Node("login")
        tabs.selected = home
        home.top = feed
        mine.top = Node("profile")
        feed.presented = sheet
        sheet.top = login
        #expect(chain(from: tabs) == ["tabs", "home", "feed", "sheet", "login"])
        // Another tab selected: its stack is walked, the other one's sheet is not seen.
        tabs.selected = mine
        #expect(chain(from: tabs) == ["tabs", "mine", "profile"])
        // Presented over the tabs: the sheet wins over any tab.
        tabs.presented = sheet
        #expect(chain(from: tabs) == ["tabs", "sheet", "login"])
    }

    @Test func aNodePresentingAnAncestorEndsTheChainInsteadOfSpinning() {
        let root = Node("root")
        let nav = Node("nav")
        let page = Node("page")
        root.selected = nav
        nav.top = page
        page.presented = root
        defer { page.presented = nil }
        #expect(chain(from: root) == ["root", "nav", "page"])
        // A node presenting itself.
        let lone = Node("lone")
        lone.presented = lone
        defer { lone.presented = nil }
        #expect(chain(from: lone) == ["lone"])
        // A loop that does not pass through the root.
        let a = Node("a")
        let b = Node("b")
        a.top = b
        b.presented = a
        defer { b.presented = nil }
        let start = Node("start")
        start.selected = a
        #expect(chain(from: start) == ["start", "a", "b"])
    }

    @Test func aChainDeeperThanTheLimitEndsAtTheLimit() {
        let root = Node("0")
        var last = root
        for index in 1..<100 {
            let next = Node("\(index)")
            last.top = next
            last = next
        }
        #expect(chain(from: root, limit: 3) == ["0", "1", "2"])
        #expect(chain(from: root).count == 64)
        #expect(chain(from: root, limit: 1000).count == 100)
        #expect(chain(from: root, limit: 1) == ["0"])
    }
}
