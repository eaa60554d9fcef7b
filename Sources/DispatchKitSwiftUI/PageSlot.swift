import DispatchKitUI

/// A page of a tab's stack with its level (0 is the page just above the root): an entry of the
/// path a SwiftUI `NavigationStack` shows.
///
/// The level makes the entry: the same page twice on a stack is two entries, and a page replaced
/// by another at its level is a new entry, so that the stack's views follow the navigator's state
/// position by position. The SwiftUI page stack finds its destinations by this one type, whatever
/// the pages' types.
struct PageSlot: Hashable {
    /// The page's position on the stack: 0 is the page just above the root.
    let level: Int
    /// The page.
    let page: AnyHashable
}
