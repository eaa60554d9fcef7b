import DispatchKit

extension RouteChange {
    /// Links of the earlier release that reach the same activity, whose typed link no longer
    /// decodes them, for a reason no key change of the route explains: a class that read strings
    /// and now has a link type, a value its type refuses where the manifests record no change, a
    /// link type whose own `init(from:)` refuses it. Breaking.
    ///
    /// Every example URL of the earlier release that still reaches its activity is decoded with
    /// the new release's link, as a dispatch decodes it (``DispatchKit/DispatchCenter/routeChanges(since:)``), or
    /// as the new manifest's keys say it would (``RouteManifest/changes(since:)``). A link refused
    /// for a key that a ``KeyNarrowing``, ``KeyRequirement`` or ``KeyRetype`` names is listed there
    /// instead.
    public struct LinkRefusal: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route that the links reached.
        public var pattern: String
        /// Its activity, which they still reach.
        public var activity: String
        /// The links, as URL text.
        public var examples: [String]
        /// Why they do not decode: the key, the text and the type (as the new release's manifest
        /// writes it).
        public var error: LinkDecodingError

        /// A link refusal.
        public init(pattern: String, activity: String, examples: [String], error: LinkDecodingError) {
            self.pattern = pattern
            self.activity = activity
            self.examples = examples
            self.error = error
        }

        /// Always `true`: the links reach their activity but fail to decode.
        public var isBreaking: Bool { true }

        /// `/product/42, which reached Shop.ProductActivity through /product/:id<int>, still
        /// reaches it but no longer decodes: campaign is missing (a String is required).`
        public var description: String {
            let prefix = "\(error.activity)'s link: "
            let full = error.description
            let reason = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
            return "\(Prose.list(examples)), which reached \(activity) through \(pattern), still "
                + "\(Prose.agreeing(with: examples.count, "reaches", "reach")) it but no longer "
                + "\(Prose.agreeing(with: examples.count, "decodes", "decode")): \(reason)."
        }
    }
}
