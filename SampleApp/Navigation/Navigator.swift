import DispatchKit
import DispatchKitUI

/// The sample's stand-in for a tab bar of navigation controllers: it carries out each
/// ``NavigationStep`` on a ``NavigationState`` and prints the transition, with the parameters the
/// page received. Activities reach it as ``DispatchActivity/navigator``, through the center.
@MainActor
final class Navigator: DispatchNavigator {
    private(set) var state = NavigationState(selectedTab: Tab.home)
    private let log: (String) -> Void

    init(log: @escaping (String) -> Void) {
        self.log = log
    }

    var isPresenting: Bool { !state.presented.isEmpty }

    /// The page on top (a presented one, else the top of the selected tab's stack), `nil` at a
    /// tab's root.
    var top: Page? { state.visiblePage?.base as? Page }

    func perform(_ step: NavigationStep, animated: Bool) throws {
        switch step {
        case .dismissPresented:
            for page in state.presented.reversed() { log("dismiss \(page)") }
        case .popToRoot:
            for page in state.stack.reversed() { log("pop \(page)") }
        case .remove(let page):
            // What goes away with the page: everything shown above it.
            if let index = state.presented.lastIndex(of: page) {
                for shown in state.presented[index...].reversed() { log("dismiss \(shown)") }
            } else if let index = state.stack.lastIndex(of: page) {
                for shown in state.stack[index...].reversed() { log("pop \(shown)") }
            }
        case .selectTab(let tab):
            guard tab.base is Tab else {
                throw NavigationError.cannotPerform(step: step.description, reason: "the app has no such tab")
            }
            log("\(step)")
        case .push, .present, .setStack:
            log("\(step)")
        }
        state.apply(step)
    }

    /// `Home > MinePage(uid: 42) > [LoginPage]`: the selected tab's root, its stack, and the
    /// presented pages in brackets.
    var path: String {
        let tab = state.selectedTab.map { "\($0)" } ?? "Home"
        return ([tab] + state.stack.map { "\($0)" } + state.presented.map { "[\($0)]" })
            .joined(separator: " > ")
    }
}

/// The sample's tabs; each has its own stack of pages.
enum Tab: CustomStringConvertible {
    case home
    case mine

    var description: String {
        switch self {
        case .home: return "Home"
        case .mine: return "Mine"
        }
    }
}
