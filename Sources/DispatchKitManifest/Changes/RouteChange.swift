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
/// A link that still reaches its activity is decoded with the activity's typed link, and the
/// keys the two releases' links read are compared: a key that accepts less is
/// ``keyNarrowed(_:)``, one that links lack and the link now requires ``keyRequired(_:)``, one of
/// a type that cannot be compared ``keyRetyped(_:)``, a link refused for another reason
/// ``linkRefused(_:)``; a key no longer read is ``keyRemoved(_:)``, one that accepts more
/// ``keyWidened(_:)``.
///
/// Removals, retargets, narrowings, required keys and refused links break links in the wild
/// (``isBreaking``), and so does a retyped key when a link of the earlier release no longer
/// decodes. A widened exposure breaks nothing but lets outside sources reach code they could not
/// reach before (``widensExposure``): a compatibility check should fail on it too until a person
/// has reviewed it. Moves, additions, removed keys and widened keys need nothing.
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
    /// A key of a route's typed link accepts less, so some of its links no longer decode.
    case keyNarrowed(KeyNarrowing)
    /// A route's typed link requires a key that some of its links lack.
    case keyRequired(KeyRequirement)
    /// A key of a route's typed link changed to a type that cannot be compared with the old one;
    /// breaking when some of its links no longer decode.
    case keyRetyped(KeyRetype)
    /// Links of a route reach the same activity, whose typed link no longer decodes them.
    case linkRefused(LinkRefusal)
    /// Links of a route reach the same activity, but some sources that were admitted are refused.
    case exposureNarrowed(ExposureNarrowing)
    /// Links of a route reach the same activity, which now admits sources it refused.
    case exposureWidened(ExposureWidening)
    /// A route's typed link no longer reads a key (or reads it under another name); links that
    /// carry it still work.
    case keyRemoved(KeyRemoval)
    /// A key of a route's typed link accepts more, or is new and optional.
    case keyWidened(KeyWidening)
    /// Links of a route reach the same class, moved to another module.
    case moved(Move)
    /// A route of the new release takes links that reached something else before.
    case added(Addition)

    /// Whether the change breaks links in the wild: a removal, a retarget, a narrowed parameter, a
    /// narrowed or required key, a refused link, a retyped key that refuses links, or a narrowed
    /// exposure.
    public var isBreaking: Bool {
        switch self {
        case .removed(let change): return change.isBreaking
        case .retargeted(let change): return change.isBreaking
        case .parameterNarrowed(let change): return change.isBreaking
        case .keyNarrowed(let change): return change.isBreaking
        case .keyRequired(let change): return change.isBreaking
        case .keyRetyped(let change): return change.isBreaking
        case .linkRefused(let change): return change.isBreaking
        case .exposureNarrowed(let change): return change.isBreaking
        case .exposureWidened(let change): return change.isBreaking
        case .keyRemoved(let change): return change.isBreaking
        case .keyWidened(let change): return change.isBreaking
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
        case .keyNarrowed(let change): return change.description
        case .keyRequired(let change): return change.description
        case .keyRetyped(let change): return change.description
        case .linkRefused(let change): return change.description
        case .exposureNarrowed(let change): return change.description
        case .exposureWidened(let change): return change.description
        case .keyRemoved(let change): return change.description
        case .keyWidened(let change): return change.description
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
        case .keyNarrowed(let change): return change.pattern
        case .keyRequired(let change): return change.pattern
        case .keyRetyped(let change): return change.pattern
        case .linkRefused(let change): return change.pattern
        case .exposureNarrowed(let change): return change.pattern
        case .exposureWidened(let change): return change.pattern
        case .keyRemoved(let change): return change.pattern
        case .keyWidened(let change): return change.pattern
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
        case .keyNarrowed(let change): return change.activity
        case .keyRequired(let change): return change.activity
        case .keyRetyped(let change): return change.activity
        case .linkRefused(let change): return change.activity
        case .exposureNarrowed(let change): return change.activity
        case .exposureWidened(let change): return change.activity
        case .keyRemoved(let change): return change.activity
        case .keyWidened(let change): return change.activity
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
        case .keyNarrowed(let change): return change.examples
        case .keyRequired(let change): return change.examples
        case .keyRetyped(let change): return change.examples
        case .linkRefused(let change): return change.examples
        case .exposureNarrowed(let change): return change.examples
        case .exposureWidened(let change): return change.examples
        case .keyRemoved(let change): return change.examples
        case .keyWidened(let change): return change.examples
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
        case .keyNarrowed(var change):
            change.examples = examples
            return .keyNarrowed(change)
        case .keyRequired(var change):
            change.examples = examples
            return .keyRequired(change)
        case .keyRetyped(var change):
            change.examples = examples
            return .keyRetyped(change)
        case .linkRefused(var change):
            change.examples = examples
            return .linkRefused(change)
        case .exposureNarrowed(var change):
            change.examples = examples
            return .exposureNarrowed(change)
        case .exposureWidened(var change):
            change.examples = examples
            return .exposureWidened(change)
        case .keyRemoved(var change):
            change.examples = examples
            return .keyRemoved(change)
        case .keyWidened(var change):
            change.examples = examples
            return .keyWidened(change)
        case .moved(var change):
            change.examples = examples
            return .moved(change)
        case .added(var change):
            change.examples = examples
            return .added(change)
        }
    }

    /// The order of the kinds in a list of changes: what breaks most first, then what needs a
    /// review, additions last. A retyped key is listed with the breaking kinds when it breaks
    /// links, else with the others.
    var kindRank: Int {
        switch self {
        case .removed: return 0
        case .retargeted: return 1
        case .parameterNarrowed: return 2
        case .keyNarrowed: return 3
        case .keyRequired: return 4
        case .keyRetyped(let change): return change.isBreaking ? 5 : 9
        case .linkRefused: return 6
        case .exposureNarrowed: return 7
        case .exposureWidened: return 8
        case .keyRemoved: return 10
        case .keyWidened: return 11
        case .moved: return 12
        case .added: return 13
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
