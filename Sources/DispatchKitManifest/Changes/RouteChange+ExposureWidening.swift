import DispatchKit

extension RouteChange {
    /// Links that reach the same activity as before, which now admits sources it refused: a
    /// universal link, a notification or another app where it was internal, or apps beyond the list
    /// it admitted. No link breaks, but code that only the app could reach is now reachable from
    /// outside, so a person should review it: ``RouteChange/widensExposure`` is `true`.
    ///
    /// `dispatch-manifest diff` fails on a widening unless it is accepted with
    /// `--accept-widening ACTIVITY`.
    public struct ExposureWidening: Sendable, Hashable, CustomStringConvertible {
        /// The earlier release's route that the links reached.
        public var pattern: String
        /// The activity they reach, then and now.
        public var activity: String
        /// The links, as URL text.
        public var examples: [String]
        /// The activity's exposure in the earlier release.
        public var exposure: RouteManifest.Exposure
        /// Its exposure now, which admits more.
        public var newExposure: RouteManifest.Exposure

        /// An exposure widening.
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

        /// Always `false`: every link that worked still works; see ``RouteChange/widensExposure``.
        public var isBreaking: Bool { false }

        /// `Shop.LogoutActivity, reached by /account/logout through /account/logout, went from
        /// internal to external: universal links, notifications and other apps now reach it.`
        public var description: String {
            "\(activity), reached by \(Prose.list(examples)) through \(pattern), went from "
                + "\(exposure) to \(newExposure): \(admittedNowReach) it."
        }

        /// The apps the widening admits beyond those admitted before, when both exposures list apps.
        private var addedApplications: [String]? {
            guard exposure.level == .external, let before = exposure.applications,
                let applications = newExposure.applications
            else { return nil }
            return applications.filter { !before.contains($0) }
        }

        /// The sources the widening admits, in words, and the verb that agrees with them:
        /// `com.example.wallet now reaches`, `universal links, notifications and other apps now reach`.
        private var admittedNowReach: String {
            if let addedApplications { return Prose.subject(addedApplications, "now reaches", "now reach") }
            switch (exposure.level, newExposure.applications) {
            case (.internal, nil): return "universal links, notifications and other apps now reach"
            case (.internal, let applications?):
                return "universal links, notifications and \(Prose.list(applications)) now reach"
            case (.external, _):
                return "apps other than \(Prose.list(exposure.applications ?? [])) now reach"
            }
        }
    }
}
