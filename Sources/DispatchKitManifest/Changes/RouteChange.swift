import DispatchKit

/// One way the routes of a release differ from those of an earlier one, as the links of the earlier
/// release see it.
///
/// ``DispatchKit/DispatchCenter/routeChanges(since:)`` and ``RouteManifest/changes(since:)`` find these by
/// looking up every example URL of the earlier release's ``RouteManifest``: a link that reached an
/// activity then and reaches no activity now is a ``removed(_:)`` route; one that reaches another
/// activity is ``retargeted(_:)``, or ``moved(_:)`` when that activity is the same class moved to
/// another module; one refused by a parameter that now accepts less is ``parameterNarrowed(_:)``;
/// one that reaches the same activity but from fewer sources is ``exposureNarrowed(_:)``, from
/// more sources ``exposureWidened(_:)``. The new release's own examples that reach something new
/// are ``added(_:)``.
///
/// Removals, retargets and narrowings break links in the wild (``isBreaking``). A widened exposure
/// breaks nothing but lets outside sources reach code they could not reach before
/// (``widensExposure``): a compatibility check should fail on it too until a person has reviewed
/// it. Moves and additions need nothing.
///
/// Each change names the route the links reached, by its pattern and activity, and lists the
/// links concerned (``examples``). The ``description`` says all of it in one sentence.
public enum RouteChange: Sendable, Hashable, CustomStringConvertible {
    /// Links of a route reach no activity any more.
    case removed(Removal)
    /// Links of a route reach another activity.
    case retargeted(Retarget)
    /// A parameter of a route accepts less, so some of its links no longer reach its activity.
    case parameterNarrowed(ParameterNarrowing)
    /// Links of a route reach the same activity, but some sources that were admitted are refused.
    case exposureNarrowed(ExposureNarrowing)
    /// Links of a route reach the same activity, which now admits sources it refused.
    case exposureWidened(ExposureWidening)
    /// Links of a route reach the same class, moved to another module.
    case moved(Move)
    /// A route of the new release takes links that reached something else before.
    case added(Addition)

    /// Whether the change breaks links in the wild: a removal, a retarget, a narrowed parameter or
    /// a narrowed exposure.
    public var isBreaking: Bool {
        switch self {
        case .removed(let change): return change.isBreaking
        case .retargeted(let change): return change.isBreaking
        case .parameterNarrowed(let change): return change.isBreaking
        case .exposureNarrowed(let change): return change.isBreaking
        case .exposureWidened(let change): return change.isBreaking
        case .moved(let change): return change.isBreaking
        case .added(let change): return change.isBreaking
        }
    }

    /// Whether the change lets sources reach an activity that refused them before: an
    /// ``exposureWidened(_:)`` change. It breaks no link, but it is a change to the app's attack
    /// surface, which a person should review before it ships.
    ///
    /// ```swift
    /// @MainActor func changesToReview(_ center: DispatchCenter, since lastRelease: RouteManifest)
    ///     -> [RouteChange]
    /// {
    ///     center.routeChanges(since: lastRelease).filter { $0.isBreaking || $0.widensExposure }
    /// }
    /// ```
    public var widensExposure: Bool {
        if case .exposureWidened = self { return true }
        return false
    }

    /// The change in one sentence, naming the route, the activities and the links.
    public var description: String {
        switch self {
        case .removed(let change): return change.description
        case .retargeted(let change): return change.description
        case .parameterNarrowed(let change): return change.description
        case .exposureNarrowed(let change): return change.description
        case .exposureWidened(let change): return change.description
        case .moved(let change): return change.description
        case .added(let change): return change.description
        }
    }

    /// The route concerned: the earlier release's for every change but an addition, the new
    /// release's for an addition.
    public var pattern: String {
        switch self {
        case .removed(let change): return change.pattern
        case .retargeted(let change): return change.pattern
        case .parameterNarrowed(let change): return change.pattern
        case .exposureNarrowed(let change): return change.pattern
        case .exposureWidened(let change): return change.pattern
        case .moved(let change): return change.pattern
        case .added(let change): return change.pattern
        }
    }

    /// The activity of ``pattern``.
    public var activity: String {
        switch self {
        case .removed(let change): return change.activity
        case .retargeted(let change): return change.activity
        case .parameterNarrowed(let change): return change.activity
        case .exposureNarrowed(let change): return change.activity
        case .exposureWidened(let change): return change.activity
        case .moved(let change): return change.activity
        case .added(let change): return change.activity
        }
    }

    /// The links concerned, as URL text.
    public var examples: [String] {
        switch self {
        case .removed(let change): return change.examples
        case .retargeted(let change): return change.examples
        case .parameterNarrowed(let change): return change.examples
        case .exposureNarrowed(let change): return change.examples
        case .exposureWidened(let change): return change.examples
        case .moved(let change): return change.examples
        case .added(let change): return change.examples
        }
    }
}

extension RouteChange {
    /// The same change with other links.
    func with(examples: [String]) -> RouteChange {
        switch self {
        case .removed(var change):
            change.examples = examples
            return .removed(change)
        case .retargeted(var change):
            change.examples = examples
            return .retargeted(change)
        case .parameterNarrowed(var change):
            change.examples = examples
            return .parameterNarrowed(change)
        case .exposureNarrowed(var change):
            change.examples = examples
            return .exposureNarrowed(change)
        case .exposureWidened(var change):
            change.examples = examples
            return .exposureWidened(change)
        case .moved(var change):
            change.examples = examples
            return .moved(change)
        case .added(var change):
            change.examples = examples
            return .added(change)
        }
    }

    /// The order of the kinds in a list of changes: what breaks most first, then what needs a
    /// review, additions last.
    var kindRank: Int {
        switch self {
        case .removed: return 0
        case .retargeted: return 1
        case .parameterNarrowed: return 2
        case .exposureNarrowed: return 3
        case .exposureWidened: return 4
        case .moved: return 5
        case .added: return 6
        }
    }

    /// Whether `self` is listed before `other`: by kind, then pattern, activity and description,
    /// compared by their UTF-8 bytes so that the order is the same on every platform.
    func isListed(before other: RouteChange) -> Bool {
        if kindRank != other.kindRank { return kindRank < other.kindRank }
        for (left, right) in [
            (pattern, other.pattern), (activity, other.activity), (description, other.description),
        ] where left != right {
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        return false
    }
}
