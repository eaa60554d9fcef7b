import DispatchKit
import Testing

@testable import DispatchKitUI

// The decisions of the UIKit navigator (DispatchKitUI's WindowNavigator), made by ContainerTree over
// fake view controllers: the navigator itself only translates them into UIKit calls.

/// A view controller as the navigator sees it: a page, a tab bar controller or a navigation
/// controller, which may present another.
private class FakeController: CustomStringConvertible {
    enum Kind {
        case page, tabs, stack
    }

    let name: String
    let kind: Kind
    var children: [FakeController]
    var selectedIndex = 0
    var presentedController: FakeController?
    var isBeingDismissed = false

    init(_ name: String, _ kind: Kind = .page, children: [FakeController] = []) {
        self.name = name
        self.kind = kind
        self.children = children
    }

    var description: String { name }
}

/// The WindowNavigator of DispatchKitUI, over fakes: the same tree, the same plan, and each change
/// carried out as UIKit would.
@MainActor
private final class FakeWindowNavigator: DispatchNavigator {
    var root: FakeController?
    let tabOrder: [AnyHashable]
    var refused: Set<AnyHashable> = []
    var pages = PageTable<FakeController>()

    init(root: FakeController?, tabOrder: [AnyHashable] = []) {
        self.root = root
        self.tabOrder = tabOrder
    }

    var tree: ContainerTree<FakeController> {
        ContainerTree(
            root: root,
            presented: { $0.presentedController.flatMap { $0.isBeingDismissed ? nil : $0 } },
            tabs: { $0.kind == .tabs ? $0.children : nil },
            selectedTab: {
                $0.children.indices.contains($0.selectedIndex) ? $0.children[$0.selectedIndex] : nil
            },
            stack: { $0.kind == .stack ? $0.children : nil },
            page: { [pages] in pages.page(shownBy: $0) })
    }

    var isPresenting: Bool { tree.hasPresentedNode }

    func perform(_ step: NavigationStep, animated: Bool) throws {
        let plan = try tree.plan(step, tabOrder: tabOrder) { [refused] page in
            refused.contains(page) ? nil : FakeController("\(page)")
        }
        for (page, node) in plan.madeNodes {
            pages.remember(page, for: node)
        }
        switch plan.change {
        case .push(let node, let stack): stack.children.append(node)
        case .present(let node, let presenter):
            // UIKit presents from the presentation context: the window's root, or the controller
            // presented last (a controller being dismissed is gone by the time this one appears).
            var context = root ?? presenter
            while let next = context.presentedController, !next.isBeingDismissed {
                context = next
            }
            context.presentedController = node
        case .dismiss(let presenter): presenter.presentedController = nil
        case .popToRoot(let stack): stack.children = Array(stack.children.prefix(1))
        case .pop(let node, let stack):
            let index = stack.children.firstIndex { $0 === node } ?? stack.children.count - 1
            stack.children = Array(stack.children.prefix(index + 1))
        case .selectTab(let index, let tabs): tabs.selectedIndex = index
        case .setStack(let stack, let children): stack.children = children
        case .nothing: break
        }
    }

    /// The page each controller shows: the one the navigator made it for, else its name.
    func page(of controller: FakeController) -> AnyHashable {
        pages.page(shownBy: controller) ?? AnyHashable(controller.name)
    }

    /// The stack of `tab` above its root, as pages.
    func stack(inTab tab: AnyHashable?) -> [AnyHashable] {
        guard let root else { return [] }
        let container: FakeController?
        if let tab, root.kind == .tabs, let index = tabOrder.firstIndex(of: tab) {
            container = root.children.indices.contains(index) ? root.children[index] : nil
        } else {
            container = root.kind == .stack ? root : nil
        }
        return (container?.children.dropFirst() ?? []).map(page(of:))
    }

    /// The presented pages, bottom first.
    var presented: [AnyHashable] {
        var pages: [AnyHashable] = []
        var node = root
        while let next = node?.presentedController {
            pages.append(page(of: next))
            node = next
        }
        return pages
    }

    var selectedTab: AnyHashable? {
        guard let root, root.kind == .tabs, tabOrder.indices.contains(root.selectedIndex) else { return nil }
        return tabOrder[root.selectedIndex]
    }
}

/// Home and Mine tabs, each a navigation controller over its root page.
@MainActor
private func tabbedApp() -> (
    FakeWindowNavigator, tabs: FakeController, home: FakeController, mine: FakeController
) {
    let home = FakeController("homeNav", .stack, children: [FakeController("homeRoot")])
    let mine = FakeController("mineNav", .stack, children: [FakeController("mineRoot")])
    let tabs = FakeController("tabs", .tabs, children: [home, mine])
    return (FakeWindowNavigator(root: tabs, tabOrder: ["home", "mine"]), tabs, home, mine)
}

private func reason(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let NavigationError.cannotPerform(_, reason) {
        return reason
    } catch {
        return "\(error)"
    }
}

@MainActor
@Suite("UIKit navigator decisions")
struct UIKitDecisionTests {
    @Test func aPushGoesOntoTheSelectedTabsNavigationController() throws {
        let (navigator, tabs, home, mine) = tabbedApp()
        try navigator.push("product", animated: false)
        #expect(home.children.map(\.name) == ["homeRoot", "product"])
        tabs.selectedIndex = 1
        try navigator.push("settings", animated: false)
        #expect(mine.children.map(\.name) == ["mineRoot", "settings"])
        #expect(home.children.count == 2)
    }

    @Test func aPushWhilePresentingDismissesFirstAndLandsOnTheTabsStack() throws {
        let (navigator, tabs, home, _) = tabbedApp()
        // A navigation controller presented over the tabs is not where links push.
        let sheet = FakeController("sheetNav", .stack, children: [FakeController("sheetRoot")])
        tabs.presentedController = sheet
        #expect(navigator.isPresenting)
        try navigator.push("product", animated: false)
        #expect(tabs.presentedController == nil)
        #expect(sheet.children.count == 1)
        #expect(home.children.map(\.name) == ["homeRoot", "product"])
    }

    @Test func aPerformedPushUnderAPresentedPageGoesUnderIt() throws {
        // The same as NavigationState.apply: perform(.push) alone does not dismiss.
        let (navigator, tabs, home, _) = tabbedApp()
        tabs.presentedController = FakeController("login")
        try navigator.perform(.push("product"), animated: false)
        #expect(tabs.presentedController?.name == "login")
        #expect(home.children.last?.name == "product")
    }

    @Test func aPresentGoesOverTheTopmostController() throws {
        let (navigator, tabs, home, _) = tabbedApp()
        func presenter(of page: AnyHashable) throws -> FakeController? {
            let plan = try navigator.tree.plan(.present(page), tabOrder: navigator.tabOrder) {
                FakeController("\($0)")
            }
            guard case .present(_, let presenter) = plan.change else { return nil }
            return presenter
        }
        #expect(try presenter(of: "login") === home.children.last)
        try navigator.present("login", animated: false)
        #expect(try presenter(of: "help") === tabs.presentedController)
        try navigator.present("help", animated: false)
        #expect(navigator.presented == ["login", "help"])
    }

    @Test func dismissingStartsFromTheLowestPresenter() throws {
        let (navigator, tabs, _, _) = tabbedApp()
        let login = FakeController("login")
        tabs.presentedController = login
        login.presentedController = FakeController("help")
        try navigator.dismiss(animated: false)
        #expect(tabs.presentedController == nil)
        #expect(!navigator.isPresenting)
        try navigator.perform(.dismissPresented, animated: false)  // nothing presented: nothing to do
    }

    @Test func aControllerBeingDismissedCountsAsGone() throws {
        let (navigator, tabs, home, _) = tabbedApp()
        let leaving = FakeController("leaving")
        leaving.isBeingDismissed = true
        tabs.presentedController = leaving
        #expect(!navigator.isPresenting)
        try navigator.push("product", animated: false)  // no dismissal first: nothing to dismiss
        #expect(home.children.last?.name == "product")
        try navigator.present("login", animated: false)
        #expect(navigator.presented == ["login"])
        #expect(leaving.presentedController == nil)
    }

    @Test func popToRootKeepsTheRootController() throws {
        let (navigator, _, home, _) = tabbedApp()
        try navigator.push("a", animated: false)
        try navigator.push("b", animated: false)
        try navigator.popToRoot(animated: false)
        #expect(home.children.map(\.name) == ["homeRoot"])
    }

    @Test func tabsMapToTheTabBarsIndicesInTheGivenOrder() throws {
        let (navigator, tabs, _, _) = tabbedApp()
        try navigator.selectTab("mine", animated: false)
        #expect(tabs.selectedIndex == 1)
        try navigator.selectTab("home", animated: false)
        #expect(tabs.selectedIndex == 0)
    }

    @Test func unknownTabsAndMissingContainersAreNamed() {
        let (navigator, _, _, _) = tabbedApp()
        #expect(
            reason { try navigator.selectTab("cart") }
                == "cart is not one of the navigator's tabs (home, mine)")

        let short = FakeWindowNavigator(
            root: FakeController("tabs", .tabs, children: [FakeController("home")]),
            tabOrder: ["home", "mine"])
        #expect(
            reason { try short.selectTab("mine") } == "the tab bar controller has 1 tabs, and mine is tab 2")
        #expect(reason { try short.push("product") } == "no navigation controller is showing")

        let plain = FakeWindowNavigator(root: FakeController("page"))
        #expect(
            reason { try plain.selectTab("home") } == "home is not one of the navigator's tabs (it has none)")
        let untabbed = FakeWindowNavigator(root: FakeController("page"), tabOrder: ["home"])
        #expect(reason { try untabbed.selectTab("home") } == "no tab bar controller is showing")
        #expect(reason { try plain.popToRoot() } == "no navigation controller is showing")
        #expect(
            reason { try plain.open("privacy", parents: ["settings"]) }
                == "no navigation controller is showing")
    }

    @Test func withoutARootControllerEveryStepFails() {
        let navigator = FakeWindowNavigator(root: nil, tabOrder: ["home"])
        let steps: [NavigationStep] = [
            .push("a"), .present("a"), .dismissPresented, .popToRoot, .selectTab("home"), .setStack(["a"]),
            .remove("a"),
        ]
        for step in steps {
            #expect(
                reason { try navigator.perform(step, animated: false) }
                    == "the window has no root view controller",
                "\(step)")
        }
        #expect(!navigator.isPresenting)
    }

    @Test func theFactoryMakingNothingFailsBeforeAnythingChanges() {
        let (navigator, _, home, _) = tabbedApp()
        navigator.refused = ["privacy"]
        #expect(
            reason { try navigator.perform(.setStack(["settings", "privacy"]), animated: false) }
                == "the page factory made no view controller for privacy")
        #expect(home.children.map(\.name) == ["homeRoot"])
        #expect(navigator.pages.liveNodeCount == 0)
        #expect(
            reason { try navigator.present("privacy") }
                == "the page factory made no view controller for privacy")
    }

    @Test func setStackKeepsTheRootAndThePagesAlreadyShown() throws {
        let (navigator, _, home, _) = tabbedApp()
        try navigator.push("settings", animated: false)
        let settings = try #require(home.children.last)
        try navigator.perform(.push("about"), animated: false)
        try navigator.perform(.setStack(["settings", "privacy"]), animated: false)
        #expect(home.children.map(\.name) == ["homeRoot", "settings", "privacy"])
        #expect(home.children[1] === settings)  // not rebuilt
        try navigator.perform(.setStack([]), animated: false)
        #expect(home.children.map(\.name) == ["homeRoot"])
    }

    @Test func aViewControllerPassedAsThePageIsShownAsItIs() throws {
        let (navigator, tabs, home, _) = tabbedApp()
        let page = HashableController()
        try navigator.present(AnyHashable(page), animated: false)
        #expect(tabs.presentedController === page)
        #expect(navigator.pages.liveNodeCount == 0)  // it is its own page: nothing to remember
        try navigator.remove(AnyHashable(page), animated: false)
        #expect(tabs.presentedController == nil)
        #expect(home.children.count == 1)
    }

    @Test func removeDismissesAPresentedPageWithWhatIsOverIt() throws {
        let (navigator, _, home, _) = tabbedApp()
        try navigator.present("login", animated: false)
        try navigator.present("help", animated: false)
        try navigator.present("terms", animated: false)
        try navigator.remove("help", animated: false)
        #expect(navigator.presented == ["login"])
        try navigator.remove("login", animated: false)
        #expect(navigator.presented.isEmpty)
        #expect(home.children.count == 1)
    }

    @Test func removePopsBackToThePagesParent() throws {
        let (navigator, _, home, mine) = tabbedApp()
        try navigator.open("privacy", parents: ["settings"], inTab: "mine", animated: false)
        try navigator.perform(.push("about"), animated: false)
        try navigator.remove("privacy", animated: false)
        #expect(mine.children.map(\.name) == ["mineRoot", "settings"])
        // A page on another tab's stack is popped there, without selecting that tab.
        try navigator.selectTab("home", animated: false)
        try navigator.push("product", animated: false)
        try navigator.remove("settings", animated: false)
        #expect(mine.children.map(\.name) == ["mineRoot"])
        #expect(home.children.map(\.name) == ["homeRoot", "product"])
        #expect(navigator.selectedTab == AnyHashable("home"))
    }

    @Test func removeLeavesAPageThatIsNotShown() throws {
        let (navigator, tabs, home, _) = tabbedApp()
        try navigator.push("product", animated: false)
        try navigator.remove("cart", animated: false)
        // A page with the right name that the navigator did not make is not its page.
        home.children.append(FakeController("cart"))
        try navigator.remove("cart", animated: false)
        #expect(home.children.count == 3)
        #expect(tabs.presentedController == nil)
    }

    @Test func removeTakesTheTopmostCopyOfAPage() throws {
        let (navigator, _, home, _) = tabbedApp()
        try navigator.perform(.setStack(["a", "b", "a", "c"]), animated: false)
        try navigator.remove("a", animated: false)
        #expect(navigator.stack(inTab: "home") == ["a", "b"])
        #expect(home.children.count == 3)
    }

    @Test func theRootOfAStackCannotBeRemoved() throws {
        let stack = FakeController("nav", .stack)
        let navigator = FakeWindowNavigator(root: stack)
        try navigator.perform(.setStack(["first", "second"]), animated: false)
        #expect(stack.children.map(\.name) == ["first", "second"])
        #expect(
            reason { try navigator.remove("first") }
                == "first is the root view controller of its navigation controller")
        try navigator.remove("second", animated: false)
        #expect(stack.children.map(\.name) == ["first"])
    }

    /// The same calls on the UIKit decisions and on a RecordingNavigator end in the same state:
    /// the two navigators agree on what each step means.
    @Test func theTreeNavigatorAgreesWithTheRecordingNavigator() throws {
        let (navigator, _, _, _) = tabbedApp()
        let recording = RecordingNavigator(selectedTab: "home")
        let script: [(any DispatchNavigator) throws -> Void] = [
            { try $0.push("product", animated: false) },
            { try $0.present("login", animated: false) },
            { try $0.perform(.push("reviews"), animated: false) },
            { try $0.push("cart", animated: false) },
            { try $0.open("privacy", parents: ["settings"], inTab: "mine", animated: false) },
            { try $0.present("help", animated: false) },
            { try $0.present("contact", animated: false) },
            { try $0.remove("contact", animated: false) },
            { try $0.selectTab("home", animated: false) },
            { try $0.remove("reviews", animated: false) },
            { try $0.remove("settings", animated: false) },
            { try $0.popToRoot(animated: false) },
            { try $0.open("about", parents: ["settings"], inTab: "mine", animated: false) },
            { try $0.remove("nothing shown", animated: false) },
        ]
        for (index, step) in script.enumerated() {
            try step(navigator)
            try step(recording)
            let state = recording.state
            #expect(navigator.selectedTab == state.selectedTab, "after step \(index)")
            #expect(navigator.presented == state.presented, "after step \(index)")
            #expect(navigator.isPresenting == recording.isPresenting, "after step \(index)")
            for tab: AnyHashable in ["home", "mine"] {
                #expect(
                    navigator.stack(inTab: tab) == state.stack(inTab: tab), "tab \(tab) after step \(index)")
            }
        }
    }
}

/// A page that is itself a controller: the navigator shows it as it is.
private final class HashableController: FakeController, Hashable {
    init() { super.init("HashableController") }
    static func == (lhs: HashableController, rhs: HashableController) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
