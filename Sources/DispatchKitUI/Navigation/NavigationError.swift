/// Why a navigation step could not be carried out.
public enum NavigationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The activity's center has no ``DispatchKit/DispatchCenter/navigator``.
    case noNavigator
    /// The navigator cannot carry out the step (described in `step`), for the reason given: no
    /// window, no navigation stack, a tab it does not know, a page it cannot build.
    case cannotPerform(step: String, reason: String)

    /// The failure in plain words.
    public var description: String {
        switch self {
        case .noNavigator:
            return "no navigator: set DispatchCenter.navigator before dispatching URLs that show pages"
        case .cannotPerform(let step, let reason):
            return "cannot \(step): \(reason)"
        }
    }
}
