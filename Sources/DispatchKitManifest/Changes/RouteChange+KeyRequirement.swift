import DispatchKit

extension RouteChange {
    /// A key that a route's typed link now requires, and that links of the earlier release lack:
    /// an optional key that became required, a new required key, or a key renamed to a required
    /// one. Breaking.
    ///
    /// The links are the earlier release's examples that lack the key (an example leaves its
    /// optional keys out). A key that every link of the route carries — a parameter outside the
    /// pattern's optional groups — breaks none and is not reported.
    public struct KeyRequirement: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// The key in the earlier release: of the same name, where it was optional; of another
        /// name, when ``newKey`` replaces it (a rename); `nil` for a key the link did not read.
        public var key: LinkKey?
        /// The key the link now requires.
        public var newKey: LinkKey
        /// The earlier release's links that lack it, as URL text.
        public var examples: [String]

        /// A key requirement.
        public init(pattern: String, activity: String, key: LinkKey?, newKey: LinkKey, examples: [String]) {
            self.pattern = pattern
            self.activity = activity
            self.key = key
            self.newKey = newKey
            self.examples = examples
        }

        /// Always `true`: links without the key stop working.
        public var isBreaking: Bool { true }

        /// `The link of /product/:id<int> (Shop.ProductActivity) requires a new key campaign, a
        /// String from the query: /product/42 lacks it and no longer decodes.`
        public var description: String {
            let what: String
            switch key {
            case nil: what = "a new key \(newKey)"
            case let old? where old.name == newKey.name: what = "\(newKey), which was optional"
            case let old?: what = "\(newKey), in place of \(old.name)"
            }
            return "The link of \(pattern) (\(activity)) requires \(what): "
                + "\(Prose.subject(examples, "lacks", "lack")) it and no longer "
                + "\(Prose.agreeing(with: examples.count, "decodes", "decode"))."
        }
    }
}
