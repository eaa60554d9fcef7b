import DispatchKit
import DispatchKitServices
import Foundation

// Fixture services shared by the Services tests. Classes, so that tests can tell instances apart
// with `===`.

protocol PaymentService: AnyObject, Sendable {
    var provider: String { get }
}

final class StripePayment: PaymentService {
    let provider = "stripe"
}

final class PayPalPayment: PaymentService {
    let provider = "paypal"
}

final class ApplePayPayment: PaymentService {
    let provider = "applepay"
}

protocol APIClient: AnyObject, Sendable {}

final class StubAPIClient: APIClient {}

/// Needs a payment service: a service with a dependency.
final class Checkout: Sendable {
    let payment: any PaymentService

    init(payment: any PaymentService) {
        self.payment = payment
    }
}

/// Counts calls from any thread: how tests see how often a factory ran.
final class CallCounter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched with the lock held.
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }
}

/// Collects values from any thread.
final class Collector<Element>: @unchecked Sendable {
    // `@unchecked Sendable`: `items` is only touched with the lock held.
    private let lock = NSLock()
    private var items: [Element] = []

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    func append(_ item: Element) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }
}

/// What a factory throws in the tests of failing factories.
struct PaymentGatewayDown: Error, CustomStringConvertible {
    var description: String { "the payment gateway is down" }
}
