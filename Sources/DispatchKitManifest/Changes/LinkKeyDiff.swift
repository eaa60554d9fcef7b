import DispatchKit

/// How the keys of a route's typed link differ between two releases, from what both manifests
/// record; which links each difference concerns is decided link by link
/// (`CompatibilityCheck.checkLink`).
///
/// Only what both manifests record is compared: a key's requiredness when both say it (a path
/// parameter of schema version 2 does not), an enum's raw values when both list them — or, when
/// only the old one lists them and the center is asked, by decoding each with the new build's
/// link type (an enum that lost cases down to one, whose cases no manifest can list). A key the
/// new link reads that the old one did not is paired with a removed key of the same type, in the
/// order read, as a rename.
///
/// A key is reported as accepting less (narrowed, required, retyped) or as accepting more
/// (widened), never both: a key whose type narrowed and that became optional is narrowed, since a
/// widening beside it would say the opposite of the same key.
enum LinkKeyDifference: Hashable {
    /// The key accepts less: the texts it refuses that the old type accepted, likeliest first.
    case narrowed(RouteChange.LinkKey, RouteChange.LinkKey, refusing: [String])
    /// The key's type changed to one that cannot be compared with the old one.
    case retyped(RouteChange.LinkKey, RouteChange.LinkKey)
    /// The new link requires the key: optional before (same name), renamed from another key
    /// (another name), or new (`nil`).
    case required(RouteChange.LinkKey?, RouteChange.LinkKey)
    /// The new link no longer reads the key, or reads the second key in its place, which it does
    /// not require.
    case removed(RouteChange.LinkKey, renamedTo: RouteChange.LinkKey?)
    /// The key accepts more, or no longer is required; or it is new and optional (`nil`).
    case widened(RouteChange.LinkKey?, RouteChange.LinkKey)

    /// The differences from the keys `old` to the keys `new`, in the order of `old`, then the new
    /// keys in the order of `new`.
    ///
    /// - Parameters:
    ///   - listed: The values each release's route lists for its `<a|b>` parameters, by name
    ///     (``RouteManifest/Route/listedValues``): what a key of a type of the app is compared by.
    ///   - decoder: How the new build's link type decodes one value of a key, by its name, when
    ///     the center can tell (see ``KeyTypeComparison``): asked only for a key whose cases the
    ///     old manifest records and the new one does not.
    static func between(
        _ old: [RouteChange.LinkKey], _ new: [RouteChange.LinkKey],
        listed: (old: [String: [String]], new: [String: [String]]) = ([:], [:]),
        decoder: (String) -> ((String) -> Bool)? = { _ in nil }
    ) -> [LinkKeyDifference] {
        var differences: [LinkKeyDifference] = []
        let newNames = Set(new.map(\.name))
        let oldNames = Set(old.map(\.name))
        var added = new.filter { !oldNames.contains($0.name) }
        for key in old {
            guard let now = new.first(where: { $0.name == key.name }) else { continue }
            var (narrowed, widened) = (false, false)
            let decodes = key.cases != nil && now.cases == nil ? decoder(now.name) : nil
            let comparison = KeyTypeComparison(
                key, now, listed: (listed.old[key.name], listed.new[now.name]), decodes: decodes)
            switch comparison {
            case .same: break
            case .narrowed(let refused):
                differences.append(.narrowed(key, now, refusing: refused))
                narrowed = true
            case .incomparable:
                differences.append(.retyped(key, now))
                narrowed = true
            case .widened: widened = true
            }
            switch (key.isOptional, now.isOptional) {
            case (true, false):
                differences.append(.required(key, now))
                narrowed = true
            case (false, true): widened = true
            default: break
            }
            if widened, !narrowed { differences.append(.widened(key, now)) }
        }
        for key in old where !newNames.contains(key.name) {
            // A rename: a new key of the same type, the first one not yet paired.
            if let index = added.firstIndex(where: { $0.swiftType == key.swiftType && $0.cases == key.cases })
            {
                let renamed = added.remove(at: index)
                differences.append(
                    renamed.isOptional == false ? .required(key, renamed) : .removed(key, renamedTo: renamed))
            } else {
                differences.append(.removed(key, renamedTo: nil))
            }
        }
        for key in added {
            switch key.isOptional {
            case false?: differences.append(.required(nil, key))
            case true?: differences.append(.widened(nil, key))
            // A path parameter of schema version 2: every link of its route carries it.
            case nil: break
            }
        }
        return differences
    }
}
