import DispatchKit
import Testing

@testable import DispatchKitUI

// When the UIKit navigator's queued presentations and dismissals start, over what, and when they
// end: DispatchKitUI's WindowNavigator passes its window's tree and the UIKit calls, and the queue
// decides. The fake window below refuses a presentation as UIKit does: from a controller that
// already presents, silently, and without ever calling the completion.

/// A view controller with the presentation links UIKit keeps.
private final class FakeModal: CustomStringConvertible {
    let name: String
    var presented: FakeModal?
    /// Weak, as UIKit's back link is: the two links otherwise keep each other alive.
    weak var presenting: FakeModal?
    /// The user is swiping it away.
    var isBeingDismissed = false

    init(_ name: String) {
        self.name = name
    }

    var description: String { name }
}

/// A window's modal controllers and the transitions UIKit is running on them.
@MainActor
private final class FakeModalWindow {
    var root: FakeModal? = FakeModal("root")
    /// What each UIKit call did, in order.
    var log: [String] = []
    /// The completions of the transitions under way, oldest first.
    var completions: [() -> Void] = []
    /// Whether UIKit calls a completion before the call returns (an ended transition).
    var completesAtOnce = false
    let queue = TransitionQueue()

    var tree: ContainerTree<FakeModal> {
        ContainerTree(
            root: root,
            presented: { $0.presented.flatMap { $0.isBeingDismissed ? nil : $0 } },
            tabs: { _ in nil }, selectedTab: { _ in nil }, stack: { _ in nil }, page: { _ in nil })
    }

    /// The names from the root to the topmost controller.
    var chain: [String] {
        var names: [String] = []
        var node = root
        while let current = node {
            names.append(current.name)
            node = current.presented
        }
        return names
    }

    func present(_ name: String) -> FakeModal {
        let node = FakeModal(name)
        queue.enqueuePresentation(
            of: node, in: { [weak self] in self?.tree },
            isPresented: { $0.presenting != nil },
            present: { [weak self] node, presenter, completion in
                self?.uikitPresent(node, over: presenter, completion: completion)
            })
        return node
    }

    func dismiss(from presenter: FakeModal) {
        queue.enqueueDismissal(
            from: presenter, presents: { $0.presented != nil },
            dismiss: { [weak self] presenter, completion in
                self?.uikitDismiss(from: presenter, completion: completion)
            })
    }

    /// Ends the oldest transition under way, as UIKit does when its animation ends.
    func finishTransition() {
        guard !completions.isEmpty else { return }
        completions.removeFirst()()
    }

    private func uikitPresent(_ node: FakeModal, over presenter: FakeModal, completion: @escaping () -> Void)
    {
        guard presenter.presented == nil else {
            log.append("refused \(node) over \(presenter)")
            return
        }
        log.append("present \(node) over \(presenter)")
        presenter.presented = node
        node.presenting = presenter
        completesAtOnce ? completion() : completions.append(completion)
    }

    private func uikitDismiss(from presenter: FakeModal, completion: @escaping () -> Void) {
        log.append("dismiss from \(presenter)")
        presenter.presented?.presenting = nil
        presenter.presented = nil
        completesAtOnce ? completion() : completions.append(completion)
    }
}

@MainActor
@Suite("UIKit modal transitions: presenting and dismissing")
struct UIKitModalTransitionTests {
    @Test func aQueuedPresentationGoesOverWhatIsTopmostWhenItStarts() {
        let window = FakeModalWindow()
        _ = window.present("login")
        // Planned while the root was topmost; it starts after login's transition, over login.
        _ = window.present("help")
        #expect(window.log == ["present login over root"])
        #expect(window.queue.isBusy)
        window.finishTransition()
        #expect(window.log == ["present login over root", "present help over login"])
        window.finishTransition()
        #expect(window.chain == ["root", "login", "help"])
        #expect(!window.queue.isBusy)
    }

    @Test func aPresentationWaitsForTheDismissalBeforeIt() throws {
        let window = FakeModalWindow()
        window.completesAtOnce = true
        _ = window.present("login")
        window.completesAtOnce = false
        let root = try #require(window.root)
        window.dismiss(from: root)
        _ = window.present("help")
        #expect(window.log == ["present login over root", "dismiss from root"])
        window.finishTransition()
        // Over the root again: login is gone by the time help starts.
        #expect(window.log.last == "present help over root")
        window.finishTransition()
        #expect(window.chain == ["root", "help"])
    }

    /// Regression: a presentation UIKit refused never calls its completion, and held up every modal
    /// transition after it for good.
    @Test func aRefusedPresentationEndsAtOnceAndTheNextOneStarts() throws {
        let window = FakeModalWindow()
        // The user is swiping a sheet away: the tree counts it as gone, UIKit does not yet.
        let root = try #require(window.root)
        let sheet = FakeModal("sheet")
        sheet.isBeingDismissed = true
        root.presented = sheet
        sheet.presenting = root
        let login = window.present("login")
        #expect(window.log == ["refused login over root"])
        #expect(login.presenting == nil)
        #expect(!window.queue.isBusy)
        // The swipe ends; the next presentation is not held up.
        root.presented = nil
        _ = window.present("help")
        #expect(window.log.last == "present help over root")
        #expect(window.queue.isBusy)
    }

    @Test func aPresentationUIKitAcceptsEndsOnlyWithItsCompletion() {
        let window = FakeModalWindow()
        let login = window.present("login")
        var started = false
        window.queue.enqueue { done in
            started = true
            done()
        }
        #expect(login.presenting != nil)
        #expect(window.queue.isBusy)
        #expect(!started)
        window.finishTransition()
        #expect(started)
        #expect(!window.queue.isBusy)
    }

    @Test func aPresentationThatCompletesAtOnceEndsOnce() {
        let window = FakeModalWindow()
        window.completesAtOnce = true
        var starts = 0
        _ = window.present("login")
        window.queue.enqueue { _ in starts += 1 }
        _ = window.present("help")
        #expect(window.log == ["present login over root"])
        #expect(starts == 1)
        #expect(window.queue.isBusy)
    }

    @Test func withoutAWindowAPresentationIsDroppedAndTheQueueMovesOn() {
        let window = FakeModalWindow()
        window.root = nil
        _ = window.present("login")
        #expect(window.log.isEmpty)
        #expect(!window.queue.isBusy)

        // The navigator itself gone: the tree is read through it, and there is none.
        let queue = TransitionQueue()
        var presented = false
        queue.enqueuePresentation(
            of: FakeModal("login"), in: { nil }, isPresented: { _ in false },
            present: { _, _, _ in presented = true })
        #expect(!presented)
        #expect(!queue.isBusy)
    }

    @Test func aDismissalOfAPresenterThatPresentsNothingEndsAtOnce() throws {
        let window = FakeModalWindow()
        let root = try #require(window.root)
        window.dismiss(from: root)
        #expect(window.log.isEmpty)
        #expect(!window.queue.isBusy)
        _ = window.present("login")
        #expect(window.log == ["present login over root"])
    }

    @Test func aDismissalEndsWithItsCompletion() throws {
        let window = FakeModalWindow()
        window.completesAtOnce = true
        _ = window.present("login")
        window.completesAtOnce = false
        let root = try #require(window.root)
        window.dismiss(from: root)
        #expect(window.log.last == "dismiss from root")
        #expect(window.queue.isBusy)
        window.finishTransition()
        #expect(!window.queue.isBusy)
        #expect(window.chain == ["root"])
    }
}
