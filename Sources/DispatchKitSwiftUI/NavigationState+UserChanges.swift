import DispatchKitUI

/// What the user changes directly in SwiftUI's containers — Back, a swipe that closes a sheet —
/// which SwiftUI writes back through the bindings of the navigation model; these are the state
/// changes those writes make, decided here where Linux tests reach them.
extension NavigationState {
    /// Makes `pages` the stack of `tab`, leaving the selection and the other tabs alone: what a
    /// navigation stack writes through its path binding (shorter when the user went back).
    ///
    /// While no tab is selected, a write for a tab selects it: the tab view shows it, so it is the
    /// one the user sees. A write for no tab (`nil`) while a tab is selected changes nothing: an app
    /// with tabs has no stack outside them.
    mutating func replaceStack(_ pages: [AnyHashable], inTab tab: AnyHashable?) {
        if tab == selectedTab {
            stack = pages
            return
        }
        guard let tab else { return }
        if selectedTab == nil { apply(.selectTab(tab)) }
        setStack(pages, inTab: tab)
    }

    /// Cuts the stack of `tab` to its first `level` pages: the user went back to the page at
    /// `level` (0 is the root), and the link that showed the next one turned inactive. A level at
    /// or past the top changes nothing, so that SwiftUI's repeated writes are harmless.
    mutating func popStack(toLevel level: Int, inTab tab: AnyHashable?) {
        let pages = stack(inTab: tab)
        guard level >= 0, level < pages.count else { return }
        replaceStack(Array(pages.prefix(level)), inTab: tab)
    }

    /// Cuts the presented pages to the first `level`: the user closed the sheet at `level`, and
    /// with it the sheets over it. A level at or past the top changes nothing.
    mutating func dismissPresented(fromLevel level: Int) {
        guard level >= 0, level < presented.count else { return }
        let kept = presented.prefix(level)
        apply(.dismissPresented)
        for page in kept {
            apply(.present(page))
        }
    }
}
