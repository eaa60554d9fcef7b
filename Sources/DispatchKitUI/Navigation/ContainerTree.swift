/// A tree of view containers as UIKit builds it — controllers presented over others, tab bar
/// controllers, navigation controllers — seen through closures, so that every decision of a
/// navigator over it is made here, where Linux tests reach it, and the UIKit navigator only
/// translates: it passes `UIViewController`s and carries out the ``TreeChange`` it gets back.
///
/// Its methods are never specialized for `UIViewController`: a specialized copy of the tree's
/// decisions, inlined into the UIKit navigator, is larger than the generic code it replaces.
///
/// The tree is read anew for every step (`UIKit` changes it under the navigator's feet: the user
/// taps Back, swipes a sheet away, selects a tab), so it holds no state of its own.
struct ContainerTree<Node: AnyObject> {
    /// The root of the tree, or `nil` when nothing is shown (a window without root controller).
    let root: Node?
    /// The node that `node` presents, or `nil`; one being dismissed counts as gone.
    let presented: (Node) -> Node?
    /// The children of a tab container, in tab order; `nil` when `node` is not a tab container.
    let tabs: (Node) -> [Node]?
    /// The selected child of a tab container.
    let selectedTab: (Node) -> Node?
    /// The children of a navigation container, bottom (its root) first; `nil` when `node` is not a
    /// navigation container.
    let stack: (Node) -> [Node]?
    /// The page the navigator made `node` for, or `nil` (a node the app made itself).
    let page: (Node) -> AnyHashable?

    init(
        root: Node?,
        presented: @escaping (Node) -> Node?,
        tabs: @escaping (Node) -> [Node]?,
        selectedTab: @escaping (Node) -> Node?,
        stack: @escaping (Node) -> [Node]?,
        page: @escaping (Node) -> AnyHashable?
    ) {
        self.root = root
        self.presented = presented
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.stack = stack
        self.page = page
    }

    /// What a navigator does to the tree for one step.
    enum TreeChange {
        /// Push `node` onto the navigation container `stack`.
        case push(Node, onto: Node)
        /// Present `node` over `presenter`, the topmost node.
        case present(Node, over: Node)
        /// Dismiss everything `presenter` presents, and what those present in turn.
        case dismiss(from: Node)
        /// Pop the navigation container `stack` to its root.
        case popToRoot(Node)
        /// Pop the navigation container `stack` until `node` is its top.
        case pop(to: Node, in: Node)
        /// Select the child at `index` of the tab container.
        case selectTab(index: Int, in: Node)
        /// Give the navigation container `stack` these children, bottom first, in one transition.
        case setStack(Node, to: [Node])
        /// Nothing to do: the step is already the case (nothing presented to dismiss, a page to
        /// remove that is not shown).
        case nothing
    }

    /// The ``TreeChange`` for a step and the nodes made for it, which the navigator remembers with their
    /// pages (so that `page` finds them when a later step removes the page).
    struct TreePlan {
        let change: TreeChange
        let madeNodes: [(page: AnyHashable, node: Node)]
    }

    /// The nodes from the root to the one the user sees: presented nodes first, then the selected
    /// tab, then the top of a navigation stack.
    @_semantics("optimize.sil.specialize.generic.never")
    var visibleChain: [Node] {
        guard let root else { return [] }
        return VisibleChain.chain(
            from: root, presented: presented, selected: selectedChild, top: { stack($0)?.last })
    }

    /// The nodes from the root to the one shown under whatever is presented: the tabs and stacks
    /// the app is made of.
    @_semantics("optimize.sil.specialize.generic.never")
    var baseChain: [Node] {
        guard let root else { return [] }
        return VisibleChain.chain(
            from: root, presented: { _ in nil }, selected: selectedChild, top: { stack($0)?.last })
    }

    @_semantics("optimize.sil.specialize.generic.never")
    private func selectedChild(of node: Node) -> Node? {
        tabs(node) == nil ? nil : selectedTab(node)
    }

    /// Whether a node is presented over the root's chain.
    var hasPresentedNode: Bool { presenter != nil }

    /// The node the user sees: what a presentation goes over.
    var topmostNode: Node? { visibleChain.last }

    /// The lowest node of the visible chain that presents another: dismissing from it dismisses
    /// every presented node.
    var presenter: Node? { visibleChain.first { presented($0) != nil } }

    /// The navigation container of the selected tab (the innermost one under what is presented):
    /// where pushes go, as ``NavigationState`` puts them on the selected tab's stack.
    var selectedStack: Node? { baseChain.last { stack($0) != nil } }

    /// The outermost tab container under what is presented.
    var tabContainer: Node? { baseChain.first { tabs($0) != nil } }

    /// Whether `node` shows `page`: it is the page itself (a page that is a view controller), or
    /// the navigator made it for the page.
    @_semantics("optimize.sil.specialize.generic.never")
    func node(_ node: Node, shows page: AnyHashable) -> Bool {
        if let object = page.base as? Node { return object === node }
        return self.page(node) == page
    }

    /// The node for `page`: the page itself if it is a node (a view controller passed as the
    /// page), else what `make` builds for it.
    ///
    /// - Throws: ``NavigationError/cannotPerform(step:reason:)`` when `make` builds nothing.
    @_semantics("optimize.sil.specialize.generic.never")
    static func node(
        for page: AnyHashable, step: NavigationStep, make: (AnyHashable) -> Node?
    ) throws(NavigationError) -> (node: Node, isMade: Bool) {
        if let node = page.base as? Node { return (node, false) }
        guard let node = make(page) else {
            throw .cannotPerform(
                step: step.description, reason: "the page factory made no view controller for \(page)")
        }
        return (node, true)
    }

    /// What to do for `step`.
    ///
    /// - Parameters:
    ///   - step: The step.
    ///   - tabOrder: The app's tabs, in the order of the tab container's children.
    ///   - make: Builds the node for a page that is not a node itself.
    /// - Throws: ``NavigationError/cannotPerform(step:reason:)`` naming what is missing: no root,
    ///   no navigation or tab container, a tab not in `tabOrder` or beyond the container's children,
    ///   a page `make` builds nothing for, a page to remove that is the root of its stack.
    @_semantics("optimize.sil.specialize.generic.never")
    func plan(
        _ step: NavigationStep, tabOrder: [AnyHashable], make: (AnyHashable) -> Node?
    ) throws(NavigationError) -> TreePlan {
        func failure(_ reason: String) -> NavigationError {
            .cannotPerform(step: step.description, reason: reason)
        }
        guard root != nil else { throw failure("the window has no root view controller") }
        var made: [(page: AnyHashable, node: Node)] = []
        func build(_ page: AnyHashable) throws(NavigationError) -> Node {
            let (node, isMade) = try Self.node(for: page, step: step, make: make)
            if isMade { made.append((page, node)) }
            return node
        }
        let action: TreeChange
        switch step {
        case .push(let page):
            guard let stack = selectedStack else { throw failure("no navigation controller is showing") }
            action = .push(try build(page), onto: stack)
        case .present(let page):
            guard let top = topmostNode else { throw failure("the window has no root view controller") }
            action = .present(try build(page), over: top)
        case .dismissPresented:
            action = presenter.map { .dismiss(from: $0) } ?? .nothing
        case .popToRoot:
            guard let stack = selectedStack else { throw failure("no navigation controller is showing") }
            action = .popToRoot(stack)
        case .selectTab(let tab):
            guard let index = tabOrder.firstIndex(of: tab) else {
                let known =
                    tabOrder.isEmpty ? "it has none" : tabOrder.map { "\($0)" }.joined(separator: ", ")
                throw failure("\(tab) is not one of the navigator's tabs (\(known))")
            }
            guard let container = tabContainer, let children = tabs(container) else {
                throw failure("no tab bar controller is showing")
            }
            guard index < children.count else {
                throw failure(
                    "the tab bar controller has \(children.count) tabs, and \(tab) is tab \(index + 1)")
            }
            action = .selectTab(index: index, in: container)
        case .setStack(let pages):
            guard let stack = selectedStack else { throw failure("no navigation controller is showing") }
            let current = self.stack(stack) ?? []
            // The pages already shown at the bottom stay (no new controllers, no lost state); the
            // rest is built.
            let above = current.dropFirst()
            let kept = zip(above, pages).prefix { node($0, shows: $1) }.count
            var children = Array(current.prefix(1 + kept))
            for page in pages.dropFirst(kept) {
                children.append(try build(page))
            }
            action = .setStack(stack, to: children)
        case .remove(let page):
            action = try removal(of: page, failure: failure)
        }
        return TreePlan(change: action, madeNodes: made)
    }

    /// Where `page` is shown, as ``NavigationState/placement(of:)`` finds it: presented pages
    /// first (the topmost), then the selected tab's stack, then the other tabs' stacks.
    @_semantics("optimize.sil.specialize.generic.never")
    private func removal(
        of page: AnyHashable, failure: (String) -> NavigationError
    ) throws(NavigationError) -> TreeChange {
        let chain = visibleChain
        for index in chain.indices.dropFirst().reversed() {
            let presenter = chain[index - 1]
            if presented(presenter) === chain[index], node(chain[index], shows: page) {
                return .dismiss(from: presenter)
            }
        }
        var stacks: [Node] = selectedStack.map { [$0] } ?? []
        if let container = tabContainer {
            stacks += (tabs(container) ?? []).filter { child in
                stack(child) != nil && !stacks.contains { $0 === child }
            }
        }
        for container in stacks {
            let children = stack(container) ?? []
            guard let index = children.lastIndex(where: { node($0, shows: page) }) else { continue }
            guard index > 0 else {
                throw failure("\(page) is the root view controller of its navigation controller")
            }
            return .pop(to: children[index - 1], in: container)
        }
        return .nothing
    }
}
