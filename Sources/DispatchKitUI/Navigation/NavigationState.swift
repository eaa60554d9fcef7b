import DispatchKit

/// What a navigator shows, as values: the selected tab, each tab's stack above its root, and the
/// pages presented over them.
///
/// ``RecordingNavigator`` and the SwiftUI navigation model (DispatchKitSwiftUI) keep one and
/// change it with ``apply(_:)``; tests compare it with `==`, and a failed comparison prints both
/// states as ``description`` says.
public struct NavigationState: Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The selected tab, or `nil` in an app without tabs (or before a tab was selected).
    public private(set) var selectedTab: AnyHashable?
    /// The presented pages, bottom first.
    public private(set) var presented: [AnyHashable]
    /// The stacks of the tabs that have been shown; `nil` stands for the app without tabs.
    private var stacks: [TabKey: [AnyHashable]]

    /// A dictionary key for an optional tab.
    private struct TabKey: Hashable {
        var tab: AnyHashable?
    }

    /// A state with nothing pushed or presented.
    ///
    /// - Parameter selectedTab: The tab selected at launch, or `nil` for an app without tabs.
    public init(selectedTab: AnyHashable? = nil) {
        self.selectedTab = selectedTab
        self.presented = []
        self.stacks = [:]
    }

    /// The pages above the selected tab's root, bottom first.
    public var stack: [AnyHashable] {
        get { stack(inTab: selectedTab) }
        set { setStack(newValue, inTab: selectedTab) }
    }

    /// The pages above the root of `tab`, bottom first.
    public func stack(inTab tab: AnyHashable?) -> [AnyHashable] {
        stacks[TabKey(tab: tab)] ?? []
    }

    /// Makes `pages` the stack of `tab`, whichever tab is selected. An empty stack is stored as no
    /// stack, so that a tab popped back to its root equals one never pushed onto.
    package mutating func setStack(_ pages: [AnyHashable], inTab tab: AnyHashable?) {
        stacks[TabKey(tab: tab)] = pages.isEmpty ? nil : pages
    }

    /// The page on top: the last presented one, else the top of the selected tab's stack; `nil`
    /// when the root of the selected tab is showing.
    public var visiblePage: AnyHashable? { presented.last ?? stack.last }

    /// Changes the state as the step changes the screen.
    ///
    /// A push while a page is presented goes onto the stack underneath, as it would in UIKit;
    /// the navigator's ``DispatchNavigator/push(_:animated:)`` dismisses first.
    public mutating func apply(_ step: NavigationStep) {
        switch step {
        case .push(let page): stack.append(page)
        case .present(let page): presented.append(page)
        case .dismissPresented: presented.removeAll()
        case .popToRoot: stack.removeAll()
        case .selectTab(let tab): selectedTab = tab
        case .setStack(let pages): stack = pages
        case .remove(let page): remove(page)
        }
    }

    /// Where `page` is shown, for ``NavigationStep/remove(_:)``: what a navigator takes away.
    enum Placement: Hashable {
        /// The page is presented at this index of ``presented``.
        case presented(index: Int)
        /// The page is at this index of the stack of `tab`.
        case stacked(tab: AnyHashable?, index: Int)
    }

    /// Where `page` is shown; the topmost place if it is shown twice. Presented pages come first,
    /// then the selected tab, then the other tabs.
    func placement(of page: AnyHashable) -> Placement? {
        if let index = presented.lastIndex(of: page) { return .presented(index: index) }
        if let index = stack.lastIndex(of: page) { return .stacked(tab: selectedTab, index: index) }
        for (key, pages) in stacks where key.tab != selectedTab {
            if let index = pages.lastIndex(of: page) { return .stacked(tab: key.tab, index: index) }
        }
        return nil
    }

    private mutating func remove(_ page: AnyHashable) {
        switch placement(of: page) {
        case .presented(let index)?:
            presented.removeSubrange(index...)
        case .stacked(let tab, let index)?:
            setStack(Array(stack(inTab: tab).prefix(index)), inTab: tab)
        case nil:
            break
        }
    }
}

extension NavigationState {
    /// What is shown, in one line: each tab's stack from its root (the selected tab first, the
    /// others in the order of their descriptions), then the presented pages, bottom first.
    ///
    /// `root > ProductPage(id: 42)`, `tab home (selected): root > ProductPage(id: 42); tab cart:
    /// root > CartPage; presenting LoginPage`. Two states that differ print differently: every
    /// tab's stack is in the line, not only the selected one's.
    public var description: String {
        func pages(_ stack: [AnyHashable]) -> String {
            (["root"] + stack.map { "\($0)" }).joined(separator: " > ")
        }
        var parts: [String] = []
        if let selectedTab {
            parts.append("tab \(selectedTab) (selected): " + pages(stack))
        } else {
            parts.append(pages(stack))
        }
        let others = stacks.keys.compactMap(\.tab).filter { $0 != selectedTab }
        // Sorted through DispatchKit's one sort: a copy of the standard library's for this
        // comparison was 3 KB of an app's code.
        let names = others.map { "\($0)" }
        for position in sortedPositions(count: names.count, by: { names[$0] < names[$1] }) {
            let tab = others[position]
            parts.append("tab \(tab): " + pages(stack(inTab: tab)))
        }
        // Pushed before any tab was selected, then a tab was: still part of the state.
        if selectedTab != nil, !stack(inTab: nil).isEmpty {
            parts.append("no tab: " + pages(stack(inTab: nil)))
        }
        if !presented.isEmpty {
            parts.append("presenting " + presented.map { "\($0)" }.joined(separator: " > "))
        }
        return parts.joined(separator: "; ")
    }

    /// The ``description``, also in the debugger and in test failure messages.
    public var debugDescription: String { description }
}
