/// The sample's stand-in for a `UINavigationController`: a stack of pages, where each transition
/// is printed with the parameters the page received.
@MainActor
final class Navigator {
    private(set) var stack: [Entry]
    private let log: (String) -> Void

    struct Entry: Equatable {
        var page: Page
        /// Presented modally (login, web view) rather than pushed.
        var isModal: Bool
    }

    init(root: Page, log: @escaping (String) -> Void) {
        stack = [Entry(page: root, isModal: false)]
        self.log = log
    }

    var top: Page? { stack.last?.page }

    func push(_ page: Page) {
        stack.append(Entry(page: page, isModal: false))
        log("push \(page)")
    }

    func present(_ page: Page) {
        stack.append(Entry(page: page, isModal: true))
        log("present \(page)")
    }

    /// Removes the top page; the root stays.
    @discardableResult
    func pop() -> Page? {
        guard stack.count > 1, let entry = stack.popLast() else { return nil }
        log("\(entry.isModal ? "dismiss" : "pop") \(entry.page)")
        return entry.page
    }

    func popToRoot() {
        while pop() != nil {}
    }

    /// `Home > MinePage(uid: 42) > [LoginPage]`: modal pages in brackets.
    var path: String {
        stack.map { $0.isModal ? "[\($0.page)]" : "\($0.page)" }.joined(separator: " > ")
    }
}
