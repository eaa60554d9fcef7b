/// How a navigator finds what the user sees in a tree of containers — presented over, tab and
/// navigation containers — without knowing the UI framework: the UIKit navigator passes
/// `presentedViewController`, the tab bar's selected controller and the navigation stack's top.
enum VisibleChain {
    /// The containers from `root` to the one the user sees, root first: at each step the presented
    /// node wins, then the selected tab, then the top of a navigation stack.
    ///
    /// A tree that loops, or is deeper than `limit`, ends the chain where the loop or the limit is
    /// reached instead of spinning.
    @_semantics("optimize.sil.specialize.generic.never")
    static func chain<Node: AnyObject>(
        from root: Node,
        presented: (Node) -> Node?,
        selected: (Node) -> Node?,
        top: (Node) -> Node?,
        limit: Int = 64
    ) -> [Node] {
        var chain = [root]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var node = root
        while chain.count < limit, let next = presented(node) ?? selected(node) ?? top(node),
            seen.insert(ObjectIdentifier(next)).inserted
        {
            chain.append(next)
            node = next
        }
        return chain
    }
}
