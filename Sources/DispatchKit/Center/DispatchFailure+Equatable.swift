// Failures compare by what they report, so that a test can write
// `XCTAssertEqual(result.failure, .unmatched(url))`.

extension DispatchFailure: Equatable {
    /// Whether two failures report the same thing: the same case with equal values, activity
    /// classes compared by identity, holds by identity.
    ///
    /// The error of ``executionFailed(activity:error:)`` is compared with its own `==` when its
    /// type is `Equatable` (as are enums without associated values and `NSError`), by identity
    /// when it is a class instance, and otherwise by its type and its `String(reflecting:)`
    /// description.
    public static func == (lhs: DispatchFailure, rhs: DispatchFailure) -> Bool {
        switch (lhs, rhs) {
        case (.invalidURL(let a), .invalidURL(let b)): return a == b
        case (.refusedAtIntake(let a), .refusedAtIntake(let b)): return a == b
        case (.invalidRedirectTarget(let a, let errorA), .invalidRedirectTarget(let b, let errorB)):
            return a == b && errorA == errorB
        case (.unmatched(let a), .unmatched(let b)): return a == b
        case (.invalidLink(let a), .invalidLink(let b)): return a == b
        case (.cannotBuildLink(let a), .cannotBuildLink(let b)): return a == b
        case (.executionFailed(let a, let errorA), .executionFailed(let b, let errorB)):
            return a == b && sameError(errorA, errorB)
        case (.executeNotOverridden(let a), .executeNotOverridden(let b)): return a == b
        case (.recursionLimit(let a), .recursionLimit(let b)): return a == b
        case (.rejected(let a), .rejected(let b)): return a == b
        case (.redirectLoop(let a), .redirectLoop(let b)): return a == b
        case (.tooManyRedirects(let a), .tooManyRedirects(let b)): return a == b
        case (.held(let a), .held(let b)): return a == b
        case (.holdCancelled(let a), .holdCancelled(let b)): return a == b
        case (.holdTimedOut(let a, let afterA), .holdTimedOut(let b, let afterB)):
            return a == b && afterA == afterB
        case (.holdAlreadyEnded(let a), .holdAlreadyEnded(let b)): return a == b
        case (.queued(let a), .queued(let b)): return a == b
        case (.queueFull(let a), .queueFull(let b)): return a == b
        case (.duplicate(let a), .duplicate(let b)): return a == b
        case (.noDestination(let a), .noDestination(let b)): return a == b
        case (
            .destinationTypeMismatch(let a, let expectedA, let actualA),
            .destinationTypeMismatch(let b, let expectedB, let actualB)
        ):
            return a == b && expectedA == expectedB && actualA == actualB
        case (.cannotRemove(let a, let reasonA), .cannotRemove(let b, let reasonB)):
            return a == b && reasonA == reasonB
        case (.requiresAsyncDispatch(let a), .requiresAsyncDispatch(let b)): return a == b
        case (.cancelled(let a), .cancelled(let b)): return a == b
        case (.timedOut(let a, let afterA), .timedOut(let b, let afterB)): return a == b && afterA == afterB
        default: return false
        }
    }

    /// Errors of any type, compared as ``==(_:_:)`` documents.
    private static func sameError(_ lhs: any Error, _ rhs: any Error) -> Bool {
        // Through `Any`: the compiler would take a cast of the existential itself for a given.
        let value: Any = lhs
        if let equatable = value as? any Equatable { return equals(equatable, rhs) }
        guard Swift.type(of: lhs) == Swift.type(of: rhs) else { return false }
        if Swift.type(of: lhs) is AnyClass { return (lhs as AnyObject) === (rhs as AnyObject) }
        return String(reflecting: lhs) == String(reflecting: rhs)
    }

    private static func equals<Value: Equatable>(_ lhs: Value, _ rhs: Any) -> Bool {
        (rhs as? Value).map { $0 == lhs } ?? false
    }
}
