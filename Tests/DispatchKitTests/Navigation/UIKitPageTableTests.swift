import DispatchKit
import Testing

@testable import DispatchKitUI

// The UIKit navigator remembers which page each view controller it made shows, without keeping the
// controllers alive.

private final class Controller {}

@Suite("UIKit page table")
struct UIKitPageTableTests {
    @Test func aControllerShowsThePageItWasMadeFor() {
        var table = PageTable<Controller>()
        let product = Controller()
        let other = Controller()
        table.remember("product", for: product)
        #expect(table.page(shownBy: product) == AnyHashable("product"))
        #expect(table.page(shownBy: other) == nil)
        table.remember("cart", for: product)
        #expect(table.page(shownBy: product) == AnyHashable("cart"))
        #expect(table.liveNodeCount == 1)
    }

    @Test func aClosedControllerIsForgotten() {
        var table = PageTable<Controller>()
        var closed: Controller? = Controller()
        if let closed { table.remember("login", for: closed) }
        #expect(table.liveNodeCount == 1)
        closed = nil  // the user closed it: the table did not keep it alive
        #expect(table.liveNodeCount == 0)
        let next = Controller()
        table.remember("help", for: next)
        #expect(table.liveNodeCount == 1)
        #expect(table.page(shownBy: next) == AnyHashable("help"))
        _ = closed
    }
}
