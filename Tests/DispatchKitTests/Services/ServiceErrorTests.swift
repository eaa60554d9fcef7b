import DispatchKit
import DispatchKitServices
import Foundation
import Testing

// Compile-only: this file does not build if one of these types stops being `Sendable`.
private func requireSendable<T: Sendable>(_: T.Type) {}

/// Every `ServiceError` reads as one plain-English sentence naming the services.
@Suite struct ServiceErrorTests {
    @Test(arguments: [
        (
            ServiceError.notRegistered(service: "PaymentService", name: nil),
            "No implementation of PaymentService is registered."
        ),
        (
            .notRegistered(service: "PaymentService", name: "stripe"),
            "No implementation of PaymentService named \"stripe\" is registered."
        ),
        (
            .alreadyRegistered(service: "PaymentService", name: "stripe"),
            "An implementation of PaymentService named \"stripe\" is already registered; unregister it before registering another."
        ),
        (
            .wrongType(service: "PaymentService", name: "odd", produced: "String"),
            "The factory for PaymentService named \"odd\" made a String, which is not a PaymentService."
        ),
        (
            .cycle(chain: ["Checkout", "PaymentService named \"stripe\"", "Checkout"]),
            "The services need each other in a cycle, so none of them can be made: Checkout -> PaymentService named \"stripe\" -> Checkout."
        ),
        (
            .ambiguous(service: "PaymentService", names: ["stripe", "paypal"]),
            "PaymentService has several implementations (\"stripe\", \"paypal\") and none is the default: resolve one by name."
        ),
        (
            .factoryFailed(service: "PaymentService", name: nil, reason: "the gateway is down"),
            "The factory for PaymentService failed: the gateway is down"
        ),
    ])
    func describesTheProblem(_ error: ServiceError, _ description: String) {
        #expect(error.description == description)
        #expect(error.localizedDescription == description)
    }

    @Test func typesAreSendable() {
        requireSendable(ServiceRegistry.self)
        requireSendable(ServiceError.self)
        requireSendable(ServiceLifetime.self)
    }
}
