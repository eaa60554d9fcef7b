import DispatchKit

extension RouteChange {
    /// A key of a route's typed link that accepts less than it did: a narrower integer (`Int`
    /// became `Int16`, `Int8` became `UInt8`), an enum that lost a case, a `String` that became
    /// any other type, a `Double` that became an integer or a `Float`. Breaking.
    ///
    /// The links are the earlier release's examples that the new type refuses, or, when they all
    /// still decode, links built from them with a value the old type accepted and the new one
    /// refuses (`/product/40000` for an `Int` that became an `Int16`), each a link that reached the
    /// activity in the earlier release and reaches it now, but no longer decodes.
    public struct KeyNarrowing: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// The key in the earlier release.
        public var key: LinkKey
        /// The key now, which accepts less.
        public var newKey: LinkKey
        /// Links the old type accepted and the new one refuses, as URL text.
        public var examples: [String]

        /// A key narrowing.
        public init(pattern: String, activity: String, key: LinkKey, newKey: LinkKey, examples: [String]) {
            self.pattern = pattern
            self.activity = activity
            self.key = key
            self.newKey = newKey
            self.examples = examples
        }

        /// Always `true`: links with the values the key no longer accepts stop working.
        public var isBreaking: Bool { true }

        /// `The key id of /product/:id<int> (Shop.ProductActivity) accepted an Int and accepts only
        /// an Int16: /product/40000 no longer decodes.`
        public var description: String {
            "The key \(key.name) of \(pattern) (\(activity)) accepted \(key.typeWords) and accepts only "
                + "\(newKey.typeWords): \(Prose.subject(examples, "no longer decodes", "no longer decode"))."
        }
    }
}
