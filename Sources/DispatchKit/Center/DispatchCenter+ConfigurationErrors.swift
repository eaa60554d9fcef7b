import Foundation

// Programmer errors in the center's setup (DispatchConfigurationError): found when the setting
// arrives — a class registered, its patterns indexed, associated domains assigned, a module's
// services registered — and handed to one replaceable handler. Nothing here runs for a URL.

extension DispatchCenter {
    /// What the center does with a mistake in the app's setup of it: an invalid pattern, an invalid
    /// associated domain written as a literal, a module whose services could not be registered,
    /// negative ``urlLimits``.
    ///
    /// The default stops a debug build at once, like a failed assertion, with the error's
    /// description: the class, the pattern and the parse error, say. The mistake is in the app's
    /// code, and the debugger shows the line that made it. In a release build, the default writes
    /// the description to standard error, and the center goes on without the broken part (the
    /// pattern never matches, the entry is left out). Whatever the handler, each problem reaches
    /// it once per center: an invalid pattern of a class, however often its class is registered
    /// or indexed; an invalid domain entry, however often it is assigned.
    ///
    /// Replace it to send the errors elsewhere, or, in a test that registers invalid patterns on
    /// purpose, to collect them instead of stopping:
    ///
    /// ```swift
    /// final class CategoryActivity: DispatchActivity {
    ///     override class var patterns: [RoutePattern] { ["/category/:kind<new>"] }  // a list needs "|"
    ///     override func execute() throws {}
    /// }
    ///
    /// @MainActor func registeringReportsTheTypo() {
    ///     let center = DispatchCenter()
    ///     var errors: [DispatchConfigurationError] = []
    ///     center.configurationErrorHandler = { errors.append($0) }
    ///     center.register(CategoryActivity.self)
    ///     _ = center.canDispatch("/category/new")  // a release build finds it here, indexing
    ///     print(errors)  // [CategoryActivity declares an invalid pattern "/category/:kind<new>": …]
    /// }
    /// ```
    ///
    /// The handler is called on the main actor, while the center is in a consistent state; it may
    /// use the center. No URL can cause a call: a dispatch only ever fails with a
    /// ``DispatchFailure``.
    public var configurationErrorHandler: (DispatchConfigurationError) -> Void {
        get { configuration.handler }
        set { configuration.handler = newValue }
    }

    /// Hands `error` to ``configurationErrorHandler``, unless this center has already handed it
    /// the same problem: the one place where errors are de-duplicated, for every handler.
    func report(_ error: DispatchConfigurationError) {
        if let problem = ReportedProblem(error) {
            guard !configuration.reported.containsOffThePath(problem) else { return }
            configuration.reported.appendOffThePath(problem)
        }
        configuration.handler(error)
    }

    /// Whether registration checks the patterns of each class it adds (see
    /// ``register(_:)-(DispatchActivity.Type)``): `true` in a debug build. A test sets it to watch
    /// either way of finding an invalid pattern.
    package var checksPatternsAtRegistration: Bool {
        get { configuration.checksPatternsAtRegistration }
        set { configuration.checksPatternsAtRegistration = newValue }
    }

    /// Reports the patterns of `activity` that do not parse. Reads and parses every pattern of the
    /// class: a debug build's registration, where the cost does not matter.
    func checkPatterns(of activity: DispatchActivity.Type) {
        for pattern in activity.patterns {
            if let error = pattern.error {
                report(.invalidPattern(pattern, activity: activity, error: error))
            }
        }
    }

    /// Reports the invalid patterns a route index build found, with the errors it found: no
    /// pattern is parsed again.
    @inline(never)
    func reportInvalidPatterns(of snapshot: RegistrySnapshot) {
        for invalid in snapshot.invalidPatterns {
            report(.invalidPattern(invalid.pattern, activity: invalid.activity, error: invalid.error))
        }
    }

    /// Whether this is a debug build of DispatchKit, which checks patterns at registration and
    /// whose default handler stops.
    nonisolated static var isDebugBuild: Bool {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }

    /// The default ``configurationErrorHandler``: writes the error with `write`, then, if `stops`,
    /// stops as `assertionFailure` does. (The center hands it each problem once.)
    ///
    /// - Parameters:
    ///   - stops: Whether to stop; by default in a debug build.
    ///   - write: Where the line goes; by default standard error.
    package nonisolated static func defaultConfigurationErrorHandler(
        stops: Bool = isDebugBuild, write: @escaping (String) -> Void = writeToStandardError
    ) -> (DispatchConfigurationError) -> Void {
        return { error in
            let line = "DispatchKit configuration error: \(error)"
            write(line)
            // The mistake is in the app's code: a debug build stops where it was made.
            if stops { assertionFailure(line) }
        }
    }

    /// Writes `line` and a newline to standard error.
    package nonisolated static func writeToStandardError(_ line: String) {
        // Foundation's conversion, not `Data(_:)` of the bytes: that generic initializer was
        // copied into every app, at more than 2 KB, for a line written once per mistake.
        // (UTF-8 encodes every string: the data is never `nil`.)
        if let data = (line + "\n").data(using: .utf8) { FileHandle.standardError.write(data) }
    }
}
