extension TransitionQueue {
    /// Ends a modal transition: the completion of a UIKit presentation or dismissal.
    typealias Done = @MainActor () -> Void

    /// Presents `node` when the transitions enqueued before it have ended, over the node the user
    /// sees at that moment.
    ///
    /// The presenter is read from `tree` when the presentation starts, not when the step was
    /// planned: the transitions before it (a dismissal, another presentation) have changed the
    /// topmost node since. When there is no tree or no topmost node any more (the navigator or its
    /// window is gone), nothing is presented and the queue moves on.
    ///
    /// UIKit refuses a presentation it cannot make — from a controller that already presents, or
    /// while the user is swiping a sheet away — by leaving the node unpresented, and then never
    /// calls its completion. So right after `present` returns, a node that `isPresented` does not
    /// report as presented ends the transition at once: the page is not shown, and the steps queued
    /// after it are not held up forever.
    ///
    /// - Parameters:
    ///   - node: The node to present.
    ///   - tree: The window's tree as it is when the presentation starts, or `nil` when it is gone.
    ///   - isPresented: Whether `node` is presented (UIKit: it has a presenting view controller).
    ///   - present: Starts presenting `node` over the presenter it is given, and calls `done` when
    ///     the presentation has ended.
    @_semantics("optimize.sil.specialize.generic.never")
    func enqueuePresentation<Node: AnyObject>(
        of node: Node,
        in tree: @escaping @MainActor () -> ContainerTree<Node>?,
        isPresented: @escaping @MainActor (_ node: Node) -> Bool,
        present: @escaping @MainActor (_ node: Node, _ presenter: Node, _ done: @escaping Done) -> Void
    ) {
        enqueue { done in
            guard let presenter = tree()?.topmostNode else { return done() }
            present(node, presenter, done)
            if !isPresented(node) { done() }
        }
    }

    /// Dismisses what `presenter` presents when the transitions enqueued before it have ended.
    ///
    /// When `presenter` presents nothing any more by then (the user closed the sheet, a dismissal
    /// before this one took it), there is nothing to dismiss and the queue moves on.
    ///
    /// - Parameters:
    ///   - presenter: The node whose presented nodes to dismiss, as ``ContainerTree/plan(_:tabOrder:make:)``
    ///     named it.
    ///   - presents: Whether `presenter` presents a node (UIKit: it has a presented view
    ///     controller, even one being dismissed).
    ///   - dismiss: Starts dismissing what `presenter` presents, and calls `done` when the
    ///     dismissal has ended.
    @_semantics("optimize.sil.specialize.generic.never")
    func enqueueDismissal<Node: AnyObject>(
        from presenter: Node,
        presents: @escaping @MainActor (_ presenter: Node) -> Bool,
        dismiss: @escaping @MainActor (_ presenter: Node, _ done: @escaping Done) -> Void
    ) {
        enqueue { done in
            guard presents(presenter) else { return done() }
            dismiss(presenter, done)
        }
    }
}
