import DispatchKit

extension RouteChange {
    /// Links that reach the same activity as before, which now refuses sources it admitted: a
    /// universal link or a notification when it became internal, another app when it became
    /// internal or limited to a list of apps. Breaking.
    public struct ExposureNarrowing: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route that the links reached.
        public var pattern: String
        /// The activity they reach, then and now.
        public var activity: String
        /// The links, as URL text.
        public var examples: [String]
        /// The activity's exposure in the earlier release.
        public var exposure: RouteManifest.Exposure
        /// Its exposure now, which admits less.
        public var newExposure: RouteManifest.Exposure

        /// An exposure narrowing.
        public init(
            pattern: String, activity: String, examples: [String], exposure: RouteManifest.Exposure,
            newExposure: RouteManifest.Exposure
        ) {
            self.pattern = pattern
            self.activity = activity
            self.examples = examples
            self.exposure = exposure
            self.newExposure = newExposure
        }

        /// Always `true`: links from the sources now refused stop working.
        public var isBreaking: Bool { true }

        /// `Shop.ProductActivity, reached by /product/42 through /product/:id<int>, went from
        /// external to internal: universal links, notifications and other apps are now refused.`
        public var description: String {
            "\(activity), reached by \(Prose.list(examples)) through \(pattern), went from "
                + "\(exposure) to \(newExposure): \(refused) now refused."
        }

        /// The sources the narrowing refuses, in words.
        private var refused: String {
            switch newExposure.level {
            case .internal: return "universal links, notifications and other apps are"
            case .external:
                guard let admitted = newExposure.applications else { return "no source is" }
                guard let before = exposure.applications else {
                    return "apps other than \(Prose.list(admitted)) are"
                }
                let lost = before.filter { !admitted.contains($0) }
                return Prose.subject(lost, "is", "are")
            }
        }
    }
}
