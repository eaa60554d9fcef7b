// Results print as a person reads them: `print(result)`, `"\(result)"` and a failed `#expect`
// said `DispatchResult(activity: Optional(…), problem: Optional(….(unknown context at $…).Problem))`.

extension DispatchResult: CustomStringConvertible, CustomDebugStringConvertible {
    /// What happened, in one line: `handled by ProductActivity` when the dispatch completed, else
    /// the failure's sentence (``DispatchFailure/description``), such as `no activity claims
    /// cono://test.com/nowhere` or `ProductActivity failed: product id "0" is not a positive integer`.
    public var description: String {
        if let failure { return failure.description }
        guard let activity else { return "handled" }  // (every handled result has its activity)
        return "handled by \(type(of: activity))"
    }

    /// The ``description``, also in the debugger and in test failure messages.
    public var debugDescription: String { description }
}
