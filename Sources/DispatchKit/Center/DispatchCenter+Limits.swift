// The bounds the center keeps every dispatch within.

extension DispatchCenter {
    /// The size limits applied to the strings and `URL`s this center parses.
    ///
    /// Limits with a negative value are refused: the center reports
    /// ``DispatchConfigurationError/invalidURLLimits(_:error:)`` through
    /// ``configurationErrorHandler`` and keeps the limits it had.
    public var urlLimits: DispatchURL.Limits {
        get { settings.urlLimits }
        set {
            if let error = newValue.invalidLimit() {
                return report(.invalidURLLimits(newValue, error: error))
            }
            settings.urlLimits = newValue
        }
    }

    /// How many dispatches may be nested inside one another's `execute()`. Default: 8; values
    /// below 1 are raised to 1 (a top-level dispatch is depth 1).
    ///
    /// Exceeding it fails the innermost dispatch *and* the outermost one with
    /// ``DispatchFailure/recursionLimit(depth:)``: a runaway chain is a bug, and the caller that
    /// started it learns about it even if the activities in between ignored the nested result. (If
    /// the chain started in an interceptor that then rejected or held the outer dispatch, the outer
    /// result is that decision.)
    public var maximumNestingDepth: Int {
        get { settings.nestingLimit }
        set { settings.nestingLimit = max(1, newValue) }
    }
}
