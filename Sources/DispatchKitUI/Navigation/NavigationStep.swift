/// One change to what the app shows, as a ``DispatchNavigator`` carries it out.
///
/// Pages and tabs are any `Hashable` value the app chooses — an enum of screens, a struct with the
/// page's parameters, a view controller — wrapped in `AnyHashable`. The navigator turns them into
/// view controllers or SwiftUI destinations; a ``RecordingNavigator`` keeps them as they are, so a
/// test compares them with `==`.
public enum NavigationStep: Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// Pushes a page onto the selected tab's stack.
    case push(AnyHashable)
    /// Presents a page modally, over everything shown (over what is already presented, if anything).
    case present(AnyHashable)
    /// Dismisses every presented page.
    case dismissPresented
    /// Pops the selected tab's stack back to its root.
    case popToRoot
    /// Selects a tab.
    case selectTab(AnyHashable)
    /// Replaces the pages above the selected tab's root with these, bottom first, in one
    /// transition: a deep page and its parents.
    case setStack([AnyHashable])
    /// Takes a page off the screen with whatever was shown above it: dismisses it if it is
    /// presented, pops back to its parent if it is on a stack. A page not shown is left alone.
    case remove(AnyHashable)

    /// `push ProductPage(id: 42)`, `set stack SettingsPage > PrivacyPage`.
    public var description: String {
        switch self {
        case .push(let page): return "push \(page)"
        case .present(let page): return "present \(page)"
        case .dismissPresented: return "dismiss presented"
        case .popToRoot: return "pop to root"
        case .selectTab(let tab): return "select tab \(tab)"
        case .setStack(let pages): return "set stack " + pages.map { "\($0)" }.joined(separator: " > ")
        case .remove(let page): return "remove \(page)"
        }
    }

    /// The ``description``, also in the debugger and in test failure messages.
    public var debugDescription: String { description }
}
