import DispatchKit
import Foundation
import Testing

private final class EquatableProduct: CenterTestActivity {
    override class var patterns: [RoutePattern] { ["//shop/product/:id<int>"] }
}
private final class EquatableCart: CenterTestActivity {}

private enum PlainError: Error { case broken, missing }
private struct DescribedError: Error { var detail: String }
private final class ClassError: Error {}

@MainActor
@Suite struct DispatchFailureEquatableTests {
    @Test func failuresWithEqualValuesAreEqual() throws {
        let url = try DispatchURL(string: "app://shop/x")
        #expect(DispatchFailure.unmatched(url) == .unmatched(try DispatchURL(string: "APP://shop/x")))
        #expect(DispatchFailure.unmatched(url) != .unmatched(try DispatchURL(string: "app://shop/y")))
        #expect(DispatchFailure.recursionLimit(depth: 8) == .recursionLimit(depth: 8))
        #expect(DispatchFailure.recursionLimit(depth: 8) != .recursionLimit(depth: 9))
        #expect(DispatchFailure.queued(position: 1) != .queueFull(capacity: 1))
        #expect(
            DispatchFailure.noDestination(activity: EquatableProduct.self)
                == .noDestination(activity: EquatableProduct.self))
        #expect(
            DispatchFailure.noDestination(activity: EquatableProduct.self)
                != .noDestination(activity: EquatableCart.self))
        #expect(
            DispatchFailure.timedOut(activity: EquatableCart.self, after: 2)
                != .timedOut(activity: EquatableCart.self, after: 3))
    }

    @Test func executionFailuresCompareTheirErrors() {
        let failed = { (error: any Error) in
            DispatchFailure.executionFailed(activity: EquatableCart.self, error: error)
        }
        #expect(failed(PlainError.broken) == failed(PlainError.broken))
        #expect(failed(PlainError.broken) != failed(PlainError.missing))
        #expect(failed(PlainError.broken) != failed(CenterTestError(message: "broken")))
        #expect(failed(CenterTestError(message: "a")) == failed(CenterTestError(message: "a")))
        // Not Equatable: by description.
        #expect(failed(DescribedError(detail: "a")) == failed(DescribedError(detail: "a")))
        #expect(failed(DescribedError(detail: "a")) != failed(DescribedError(detail: "b")))
        // A class instance: by identity.
        let instance = ClassError()
        #expect(failed(instance) == failed(instance))
        #expect(failed(instance) != failed(ClassError()))
        #expect(failed(NSError(domain: "d", code: 1)) == failed(NSError(domain: "d", code: 1)))
        #expect(
            DispatchFailure.executionFailed(activity: EquatableProduct.self, error: PlainError.broken)
                != failed(PlainError.broken))
    }

    @Test func resultsOfTheSameOutcomeAreEqual() throws {
        let center = DispatchCenter()
        center.register(EquatableProduct.self)
        let unmatched = center.dispatch("app://shop/nothing")
        #expect(unmatched == center.dispatch("app://shop/nothing"))
        #expect(unmatched.failure == .unmatched(try DispatchURL(string: "app://shop/nothing")))
        #expect(center.dispatch("not a url") == center.dispatch("not a url"))
        #expect(center.dispatch("not a url") != unmatched)
        // Each dispatch that ran created its own activity.
        let handled = center.dispatch("app://shop/product/1")
        #expect(handled == handled)
        #expect(handled != center.dispatch("app://shop/product/1"))
    }
}
