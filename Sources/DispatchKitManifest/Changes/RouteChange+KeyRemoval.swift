import DispatchKit

extension RouteChange {
    /// A key that a route's typed link no longer reads, or reads under another name that no link of
    /// the earlier release lacks (an optional key, or a parameter every link carries). Not
    /// breaking: a URL's other query items are ignored, so links that carry the key still open
    /// the page, without its value.
    ///
    /// A key renamed to one that links of the earlier release lack, and that the link requires, is
    /// a ``KeyRequirement`` instead.
    public struct KeyRemoval: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route.
        public var pattern: String
        /// Its activity.
        public var activity: String
        /// The key in the earlier release.
        public var key: LinkKey
        /// The key of the same type that the link reads in its place, if it was renamed.
        public var newKey: LinkKey?
        /// The earlier release's links of the route, which still open it, as URL text.
        public var examples: [String]

        /// A key removal.
        public init(pattern: String, activity: String, key: LinkKey, newKey: LinkKey?, examples: [String]) {
            self.pattern = pattern
            self.activity = activity
            self.key = key
            self.newKey = newKey
            self.examples = examples
        }

        /// Always `false`: the value is ignored, and no link stops working for it.
        public var isBreaking: Bool { false }

        /// `The link of /product/:id<int> (Shop.ProductActivity) no longer reads ref, a String from
        /// the query: /product/42 still opens it, and a value of ref is ignored.`
        public var description: String {
            let replacement = newKey.map { ", and reads \($0.name) in its place" } ?? ""
            return "The link of \(pattern) (\(activity)) no longer reads \(key)\(replacement): "
                + "\(Prose.subject(examples, "still opens", "still open")) it, and a value of "
                + "\(key.name) is ignored."
        }
    }
}
