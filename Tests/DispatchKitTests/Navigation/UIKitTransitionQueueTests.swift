import DispatchKit
import Testing

@testable import DispatchKitUI

// The UIKit navigator starts a modal transition only when the one before it has ended.

@MainActor
@Suite("UIKit modal transitions")
struct UIKitTransitionQueueTests {
    @Test func transitionsStartOneAfterAnother() {
        let queue = TransitionQueue()
        var log: [String] = []
        var ends: [() -> Void] = []
        for name in ["dismiss", "present", "present again"] {
            queue.enqueue { done in
                log.append(name)
                ends.append(done)
            }
        }
        #expect(log == ["dismiss"])
        #expect(queue.isBusy)
        ends[0]()
        #expect(log == ["dismiss", "present"])
        ends[0]()  // called twice: ends nothing more
        #expect(log == ["dismiss", "present"])
        ends[1]()
        ends[2]()
        #expect(log == ["dismiss", "present", "present again"])
        #expect(!queue.isBusy)
    }

    @Test func aTransitionThatEndsAtOnceLetsTheNextStart() {
        let queue = TransitionQueue()
        var log: [Int] = []
        for number in 1...3 {
            queue.enqueue { done in
                log.append(number)
                done()
            }
        }
        #expect(log == [1, 2, 3])
        #expect(!queue.isBusy)
    }

    @Test func aTransitionEnqueuedWhileIdleStartsAtOnce() {
        let queue = TransitionQueue()
        var started = false
        queue.enqueue { done in
            started = true
            done()
        }
        #expect(started)
        var laterEnd: (() -> Void)?
        queue.enqueue { laterEnd = $0 }
        #expect(queue.isBusy)
        laterEnd?()
        #expect(!queue.isBusy)
    }
}
