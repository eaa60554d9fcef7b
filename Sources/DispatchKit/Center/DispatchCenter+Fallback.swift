// What receives the valid URLs no registered class claims.

extension DispatchCenter {
    /// The class that receives valid URLs no registered class claims (a web view for `https`
    /// links, a "not found" page). It is not consulted with `isHit`. Default: `nil`.
    ///
    /// After ``fallback(exposure:_:)``, it is the class that runs the closure: a fallback read,
    /// replaced by a class and assigned back is the closure again, with its exposure. Setting
    /// `nil` releases the closure.
    public var fallback: DispatchActivity.Type? {
        get { settings.fallback }
        set {
            settings.fallback = newValue
            settings.fallbackHasLinkType = newValue?.linkType != nil
            // A class in its place keeps the closure, unused, so that the value read before (the
            // closure's class) restores it; `nil` lets go of what the closure captured.
            if newValue == nil { settings.fallbackWork = nil }
        }
    }

    /// Makes `work` the fallback: it receives the valid URLs no registered class claims, as the
    /// activity a ``fallback`` class would be, without a class of its own.
    ///
    /// ```swift
    /// @MainActor func openTheRestOnTheWeb(in center: DispatchCenter) {
    ///     center.fallback(exposure: .external) { page in
    ///         if page.url.scheme == "https" { print("open \(page.url) in a web view") }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - exposure: Who may reach it from outside the app, as a class's
    ///     ``DispatchActivity/exposure`` says: the app's own links only, by default.
    ///   - work: The work, given the activity (its ``DispatchActivity/url``, its query, its
    ///     ``DispatchActivity/center``). What it throws fails the dispatch, as
    ///     ``DispatchActivity/execute()`` does.
    public func fallback(
        exposure: DispatchExposure = .internalOnly,
        _ work: @escaping @MainActor (DispatchActivity) throws -> Void
    ) {
        fallback = FallbackPage.self
        settings.fallbackWork = FallbackWork(exposure: exposure, work: work)
    }

    /// The exposure of `activity` for this center: a closure fallback's is the center's to say.
    func exposure(of activity: DispatchActivity.Type) -> DispatchExposure {
        if activity == FallbackPage.self, let work = settings.fallbackWork { return work.exposure }
        return activity.exposure
    }
}

/// A fallback given as a closure, kept by its center.
final class FallbackWork {
    let exposure: DispatchExposure
    let work: @MainActor (DispatchActivity) throws -> Void

    init(exposure: DispatchExposure, work: @escaping @MainActor (DispatchActivity) throws -> Void) {
        self.exposure = exposure
        self.work = work
    }
}

/// The activity of a fallback given as a closure: it runs its center's closure.
final class FallbackPage: DispatchActivity {
    override func execute() throws {
        // A center whose fallback was assigned from another center's has no closure of its own:
        // running nothing would report the URL handled.
        guard let fallback = center?.settings.fallbackWork else { throw NoClosure() }
        try fallback.work(self)
    }

    /// Why the page could not run: its center has no fallback closure (its fallback was set to
    /// `nil` before, or assigned from another center's), or is gone.
    struct NoClosure: Error, CustomStringConvertible {
        var description: String {
            "no fallback closure to run: setting the fallback to nil released it, or the fallback was taken from another center"
        }
    }
}
