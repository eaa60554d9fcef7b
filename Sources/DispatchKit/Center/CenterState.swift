import Foundation

// The center's stored state, one small value per concern. Each is read and written only by the
// center's extension for its concern (named in its comment); the dispatch path reads a few fields.

extension DispatchCenter {
    /// The limits and defaults behind the center's public settings, as normalised by their setters.
    struct Settings {
        /// ``DispatchCenter/fallback``.
        var fallback: DispatchActivity.Type?
        /// Whether ``fallback`` has a ``DispatchActivity/linkType``, read when it is set.
        var fallbackHasLinkType = false
        /// The work and exposure of a fallback given as a closure (DispatchCenter+Fallback.swift).
        var fallbackWork: FallbackWork?
        /// ``DispatchCenter/maximumNestingDepth``.
        var nestingLimit = 8
        /// ``DispatchCenter/urlLimits``.
        var urlLimits = DispatchURL.Limits.default
        /// ``DispatchCenter/allowedApplications`` (DispatchCenter+Exposure.swift).
        var allowedApplications: Set<String>?
        /// ``DispatchCenter/maximumRedirects`` (DispatchCenter+Redirects.swift).
        var redirectLimit = 8
        /// ``DispatchCenter/maximumQueuedDispatches`` (DispatchCenter+Readiness.swift).
        var queueLimit = 32
        /// ``DispatchCenter/holdTimeout`` (DispatchCenter+Interceptors.swift).
        var holdTimeout: Double? = 300
        /// ``DispatchCenter/defaultExecutionTimeout`` (DispatchCenter+Async.swift), which
        /// DispatchKitAsync's `executionTimeout` sets.
        var executionTimeout: Double?
        /// ``DispatchCenter/invalidLinkHandling`` (DispatchCenter+InvalidLinks.swift).
        var invalidLinkHandling = InvalidLinkHandling.fail
    }

    /// The registered classes (DispatchCenter+Registration.swift). The consultation order built
    /// from them is the center's `cachedSnapshot`, apart from this: the dispatch path reads it.
    struct Registration {
        var registry = ActivityRegistry()
        /// How many times the consultation order has been built.
        var buildCount = 0
        /// The modules whose services are registered, so that registering a module twice does not
        /// register its services twice.
        var modules: Set<ObjectIdentifier> = []
    }

    /// How deep the running dispatches are nested (DispatchCenter.swift).
    struct Nesting {
        /// How many dispatches (and interceptor, observer and removal calls) are running inside one
        /// another.
        var depth = 0
        /// Set when a nested dispatch hit the depth limit; read when the outermost dispatch returns,
        /// and cleared when a top-level dispatch starts: a runaway that ended without reaching an
        /// outermost `execute()` (inside an interceptor that then rejected) must not blame the next
        /// one.
        var hitLimit = false
    }

    /// A module link dispatched as a value, on its way to its activity (DispatchCenter+Links.swift).
    /// Apart from ``Nesting``, which every dispatch changes: a reference in it made each of those
    /// changes cost more.
    struct ValueDispatch {
        /// The link being dispatched, until the activity its URL reaches is created.
        var link: DispatchedLink? {
            didSet { isHandingOver = link != nil }
        }
        /// Whether ``link`` is set: what the dispatch path checks, without copying it.
        var isHandingOver = false
        /// The case of the module link whose URL was built last, when the URL reads back as
        /// written: set by building the URL, read and cleared by the dispatch of its value.
        var builtCase: String?
    }

    /// Readiness and the queue of dispatches waiting for it (DispatchCenter+Readiness.swift).
    struct Readiness {
        var isReady = true
        var waiting: [QueuedDispatch] = []
        /// Whether the queue is being run, so that a dispatch it runs does not start a second run.
        var isDraining = false
    }

    /// What the end of the pipeline leaves for the entry point that started it, which takes it at
    /// once (DispatchCenter+Destinations.swift, DispatchCenter+Async.swift).
    struct Handoff {
        /// What the last ``DispatchActivity/makeDestination()`` returned.
        var destination: Any?
        /// The ``AsyncDispatchActivity`` an awaiting dispatch reached, and its event in the making.
        var activity: AsyncDispatchActivity?
        var trace: DispatchTrace?
    }

    /// Where configuration errors go, and which have gone there
    /// (DispatchCenter+ConfigurationErrors.swift).
    struct Configuration {
        /// ``DispatchCenter/configurationErrorHandler``.
        var handler = DispatchCenter.defaultConfigurationErrorHandler()
        /// The problems already reported, so that each reaches the handler once: the route index
        /// built after the registration that reported a pattern does not report it again, nor does
        /// a second assignment of the same domains. An array: a center reports a handful of
        /// problems at most, and a set would cost the app its own copy of the hashing code.
        var reported: [ReportedProblem] = []
        /// Whether registration checks a class's patterns. In a debug build, so that the mistake
        /// stops the app where the class is registered; a release build checks while it builds the
        /// route index, at no cost to registration.
        var checksPatternsAtRegistration = DispatchCenter.isDebugBuild
    }

    /// What makes two configuration errors the same problem.
    enum ReportedProblem: Equatable {
        /// One invalid pattern of one class.
        case pattern(activity: ObjectIdentifier, RoutePattern)
        /// One invalid entry of the associated domains.
        case associatedDomain(AssociatedDomains.InvalidEntry)
        /// Limits refused for ``DispatchCenter/urlLimits``.
        case urlLimits(DispatchURL.Limits)
        /// One invalid entry of the link origins.
        case linkOrigin(String)

        /// `nil` for an error that is reported every time: a module's services, which the center
        /// registers once per module anyway.
        init?(_ error: DispatchConfigurationError) {
            switch error {
            case .invalidPattern(let pattern, let activity, _):
                self = .pattern(activity: ObjectIdentifier(activity), pattern)
            case .invalidAssociatedDomain(let entry): self = .associatedDomain(entry)
            case .invalidURLLimits(let limits, _): self = .urlLimits(limits)
            case .invalidLinkOrigin(let entry, _): self = .linkOrigin(entry)
            case .servicesNotRegistered: return nil
            }
        }
    }

    /// What the intake accepts (Intake/DispatchCenter+Intake.swift; the checks are in
    /// DispatchKitUI, IncomingLink.swift).
    struct Intake {
        var domains = AssociatedDomains.none
        /// ``DispatchCenter/linkOrigins`` (DispatchCenter+LinkOrigins.swift): read only for URLs
        /// from outside (and the app's own when they are checked too).
        var origins = LinkOrigins.none
        var linkKey: NotificationLinkKey = "url"
    }
}
