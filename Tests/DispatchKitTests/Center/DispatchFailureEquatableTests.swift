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

    /// One failure of every case: each equals itself and no other. A case added without its own
    /// comparison falls to the `default` of `==` and fails here.
    @Test func everyCaseEqualsItselfAndNoOtherCase() throws {
        let url = try DispatchURL(string: "app://shop/x")
        let hold = DispatchHold()
        let rejection = DispatchRejection(rule: .centerAllowlist, activity: "A", source: .app)
        let all: [DispatchFailure] = [
            .invalidURL(.empty), .refusedAtIntake(.missingLink(key: "url")),
            .invalidRedirectTarget(rule: 1, error: .empty), .unmatched(url),
            .executionFailed(activity: EquatableCart.self, error: PlainError.broken),
            .recursionLimit(depth: 8),
            .rejected(reason: rejection), .redirectLoop([url]), .tooManyRedirects([url]), .held(hold),
            .holdCancelled(by: "Wall"), .holdTimedOut(by: "Wall", after: 1), .holdAlreadyEnded(.resumed),
            .queued(position: 1), .queueFull(capacity: 2), .duplicate(within: 1),
            .noDestination(activity: EquatableCart.self),
            .destinationTypeMismatch(activity: EquatableCart.self, expected: "A", actual: "B"),
            .cannotRemove(activity: EquatableCart.self, reason: "r"),
            .requiresAsyncDispatch(activity: EquatableCart.self),
            .cancelled(activity: EquatableCart.self), .timedOut(activity: EquatableCart.self, after: 1),
            .invalidLink(
                LinkDecodingError(
                    activity: "A", key: "id", text: "x", expectedType: "Int", reason: .malformed)),
            .cannotBuildLink(LinkEncodingError(linkType: "L", activity: nil, reason: .noActivity)),
        ]
        for (i, lhs) in all.enumerated() {
            for (j, rhs) in all.enumerated() {
                #expect((lhs == rhs) == (i == j), "\(lhs) vs \(rhs)")
            }
        }
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
