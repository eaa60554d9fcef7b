import DispatchKit

extension RouteChange {
    /// A key of a route's typed link whose type changed to one that cannot be compared with the
    /// old one from what the manifests record: a type of the app (a `LinkValueConvertible`
    /// type, an enum whose cases are not listed) replaced by another. Breaking only when a link of
    /// the earlier release no longer decodes: those links are ``examples``.
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
        public var description: String {
            let outcome =
                examples.isEmpty
                ? "the links of the earlier release still decode, but other values may not"
                : Prose.subject(examples, "no longer decodes", "no longer decode")
            return "The key \(key.name) of \(pattern) (\(activity)) went from \(key.typeWords) to "
                + "\(newKey.typeWords), which cannot be compared: \(outcome)."
        }
    }
}
