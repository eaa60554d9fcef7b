import DispatchKit

extension RouteChange {
    /// What a link reaches in one release.
    public enum Reach: Sendable, Hashable, CustomStringConvertible {
        /// An activity, by its module-qualified type name.
        case activity(String)
        /// No activity claims the link; the center's fallback, named here, receives it.
        case fallback(String)
        /// Nothing: no activity claims the link and there is no fallback, so dispatching it fails
        /// as unmatched.
        case nothing
        /// No route of a manifest claims the link, and the manifest lists classes with a custom
        /// `isHit`, which only the running app can ask: one of them, or else the fallback (if
        /// any), receives it. Only a comparison of two manifests gives this; a center asks the
        /// classes.
        case customClaimantOrFallback(claimants: [String], fallback: String?)

        /// `Shop.ProductActivity`, `only the fallback Shop.WebActivity`, `nothing`, or
        /// `a custom claimant (Shop.LegacyActivity) or else the fallback Shop.WebActivity`.
        public var description: String {
            switch self {
            case .activity(let name): return name
            case .fallback(let name): return "only the fallback \(name)"
            case .nothing: return "nothing"
            case .customClaimantOrFallback(let claimants, let fallback):
                let otherwise = fallback.map { "the fallback \($0)" } ?? "nothing"
                let names = Prose.list(claimants, conjunction: "or")
                return "a custom claimant (\(names)) or else \(otherwise)"
            }
        }

        /// The activity, if the link reaches one.
        var activity: String? {
            if case .activity(let name) = self { return name }
            return nil
        }
    }
}
