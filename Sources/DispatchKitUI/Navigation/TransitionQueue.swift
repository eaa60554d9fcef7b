/// Runs transitions that report their end through a completion handler one after another: UIKit
/// refuses to present while another presentation or dismissal is under way, so the UIKit navigator
/// starts each modal transition only when the one before it has ended.
///
/// A transition whose `done` is called twice, or after the queue moved on, ends nothing more.
@MainActor
final class TransitionQueue {
    /// A transition: starts the change, and calls `done` once when it has ended.
    typealias Transition = (_ done: @escaping @MainActor () -> Void) -> Void

    private var waiting: [Transition] = []
    private var running: Int?
    private var started = 0

    init() {}

    /// Whether a transition has started and not ended.
    var isBusy: Bool { running != nil }

    /// Starts `transition` now if nothing is running, else after everything enqueued before it.
    func enqueue(_ transition: @escaping Transition) {
        waiting.append(transition)
        if running == nil { startNext() }
    }

    private func startNext() {
        guard !waiting.isEmpty else {
            running = nil
            return
        }
        let transition = waiting.removeFirst()
        started += 1
        let number = started
        running = number
        transition { [weak self] in self?.end(number) }
    }

    private func end(_ number: Int) {
        guard running == number else { return }
        startNext()
    }
}
