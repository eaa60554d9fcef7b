import DispatchKit

extension RouteChange {
    /// A key of a route's typed link whose type changed to one that cannot be compared with the
    /// old one from what the manifests record: a type of the app (a `LinkValueConvertible`
    /// type, an enum whose cases are not listed) replaced by another, or an enum whose cases the
    /// earlier manifest lists and the new one cannot (an enum left with one case), when two
    /// manifests are compared. Breaking only when a link of the earlier release no longer decodes:
    /// those links are ``examples``.
    ///
    /// ``DispatchKit/DispatchCenter/routeChanges(since:)`` decodes the listed cases with the
    /// app's link type instead, and reports a case it refuses as a ``KeyNarrowing``.
    public struct KeyRetype: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// The key in the earlier release.
        public var key: LinkKey
        /// The key now, of another type.
        public var newKey: LinkKey
        /// The earlier release's links that the new type refuses, as URL text; empty when each of
        /// them still decodes.
        public var examples: [String]

        /// A change of a key's type.
        public init(pattern: String, activity: String, key: LinkKey, newKey: LinkKey, examples: [String]) {
            self.pattern = pattern
            self.activity = activity
            self.key = key
            self.newKey = newKey
            self.examples = examples
        }

        /// Whether links of the earlier release stop working: ``examples`` is not empty.
        public var isBreaking: Bool { !examples.isEmpty }

        /// `The key id of /product/:id<int> (Shop.ProductActivity) went from a ProductID to a
        /// ShopID, which cannot be compared: /product/42 no longer decodes.`
        ///
        /// `The key tab of /product/:id<int> (Shop.ProductActivity) went from a ProductTab
        /// (details or reviews) to a ProductTab whose cases are not recorded, which cannot be
        /// compared: the links of the earlier release still decode, but a link with details or
        /// reviews may not.`
        public var description: String {
            // Cases only the earlier manifest lists: those are the values that may now fail.
            let lostCases = newKey.cases == nil ? key.cases : nil
            let outcome: String
            if !examples.isEmpty {
                outcome = Prose.subject(examples, "no longer decodes", "no longer decode")
            } else if let lostCases, !lostCases.isEmpty {
                outcome =
                    "the links of the earlier release still decode, but a link with "
                    + "\(Prose.list(lostCases, conjunction: "or")) may not"
            } else {
                outcome = "the links of the earlier release still decode, but other values may not"
            }
            let newType = newKey.typeWords + (lostCases == nil ? "" : " whose cases are not recorded")
            return "The key \(key.name) of \(pattern) (\(activity)) went from \(key.typeWords) to "
                + "\(newType), which cannot be compared: \(outcome)."
        }
    }
}
