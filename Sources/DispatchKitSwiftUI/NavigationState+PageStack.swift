import DispatchKitUI

/// What the SwiftUI page stack reads from a state and writes back to it, on each platform version:
/// from iOS 16 (macOS 13, tvOS 16, watchOS 9) a `NavigationStack` bound to a path of ``PageSlot``;
/// before, a `NavigationView` with a hidden navigation link per level, active while the stack is
/// higher than that level. Both are views of the same stack of this state, and what SwiftUI writes
/// through either comes back here, where Linux tests reach it.
extension NavigationState {
    // MARK: - iOS 16 and later: a path

    /// The stack of `tab` as a `NavigationStack` path: its pages, bottom first, each with its level.
    func slots(inTab tab: AnyHashable?) -> [PageSlot] {
        stack(inTab: tab).enumerated().map { PageSlot(level: $0.offset, page: $0.element) }
    }

    /// What a `NavigationStack` writes through its path: the pages it now shows, bottom first
    /// (shorter when the user went back, by the Back button, a swipe or the Back button's menu).
    /// The pages become the stack of `tab`, as ``replaceStack(_:inTab:)`` says.
    mutating func replaceStack(slots: [PageSlot], inTab tab: AnyHashable?) {
        replaceStack(slots.map(\.page), inTab: tab)
    }

    // MARK: - Before iOS 16: a navigation link per level

    /// Whether the navigation link at `level` is active (0 is the root's link): the stack of `tab`
    /// holds a page above `level`.
    func isShowingPage(above level: Int, inTab tab: AnyHashable?) -> Bool {
        level >= 0 && stack(inTab: tab).count > level
    }

    /// What SwiftUI writes through the navigation link at `level`: inactive when the user went back
    /// to `level`, which pops the stack of `tab` to its first `level` pages
    /// (``popStack(toLevel:inTab:)``). Active comes only from a tap on the link, which the page
    /// stack hides: the navigator pushes the pages, so it changes nothing.
    mutating func setShowingPage(_ isShown: Bool, above level: Int, inTab tab: AnyHashable?) {
        guard !isShown else { return }
        popStack(toLevel: level, inTab: tab)
    }

    /// The page at `level` of `tab`'s stack (0 is the page just above the root), or `nil` when the
    /// stack is not that high: the destination of the navigation link at `level`.
    func page(at level: Int, inTab tab: AnyHashable?) -> AnyHashable? {
        let pages = stack(inTab: tab)
        return pages.indices.contains(level) ? pages[level] : nil
    }

    // MARK: - Sheets

    /// The page presented at `level` (0 is the lowest), or `nil` when fewer are presented: the
    /// item of the sheet at `level`.
    func presentedPage(at level: Int) -> AnyHashable? {
        presented.indices.contains(level) ? presented[level] : nil
    }
}
