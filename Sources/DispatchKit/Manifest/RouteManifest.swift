/// The app's routes as a document: what each pattern is, which activity it reaches, who may reach
/// it, and example URLs that exercise it.
///
/// An app's routes are a contract with everything that links into it: old push campaigns, web
/// pages, other apps, the Android app, the server's redirect rules. The manifest writes that
/// contract down so that other platforms can read it and CI can compare it between releases:
///
/// ```swift
/// @MainActor func exportRoutes(center: DispatchCenter) -> String {
///     let manifest = center.routeManifest()
///     return manifest.jsonString()  // sorted keys, stable order: a committed copy diffs cleanly
/// }
/// ```
///
/// Schema version 1 (``currentSchemaVersion``), in JSON: an object with `schemaVersion`,
/// `routes` (``Route``), `customClaimants` (``CustomClaimant``) and, if the center has one,
/// `fallback` (a ``CustomClaimant``). Routes are sorted by pattern, then activity.
public struct RouteManifest: Codable, Sendable, Hashable {
    /// The schema version this DispatchKit writes and reads.
    public static let currentSchemaVersion = 1

    /// The schema version of the document.
    public var schemaVersion: Int
    /// One entry per declared pattern of every registered class, sorted by pattern and activity.
    public var routes: [Route]
    /// The registered classes that claim URLs with their own `isHit` and declare no pattern, in
    /// consultation order: they cannot be listed as patterns, and are not silently missing either.
    public var customClaimants: [CustomClaimant]
    /// The center's ``DispatchCenter/fallback``, if it has one.
    public var fallback: CustomClaimant?

    // The coding keys of each object are declared, and CaseIterable, so that reading a manifest
    // refuses exactly the fields they do not list (RouteManifest+JSON.swift).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schemaVersion, routes, customClaimants, fallback
    }

    /// A manifest of the current schema.
    public init(routes: [Route], customClaimants: [CustomClaimant] = [], fallback: CustomClaimant? = nil) {
        self.schemaVersion = Self.currentSchemaVersion
        self.routes = routes
        self.customClaimants = customClaimants
        self.fallback = fallback
    }

    /// One pattern of one activity.
    public struct Route: Codable, Sendable, Hashable {
        /// The pattern as declared: `/product/:id<int>(/reviews)`.
        public var pattern: String
        /// The activity's module-qualified type name: `Shop.ProductActivity`.
        public var activity: String
        /// The activity's ``DispatchActivity/priority``.
        public var priority: Int
        /// Which sources may reach the activity.
        public var exposure: Exposure
        /// The pattern's parameters, in the order written (a host parameter first).
        public var parameters: [Parameter]
        /// Whether the pattern ends with `*`, the rest of the path.
        public var wildcard: Bool
        /// URLs the pattern matches, built from sample values: one per combination of optional
        /// groups, and for a `*` one with nothing and one with a segment after the pattern.
        public var examples: [String]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case pattern, activity, priority, exposure, parameters, wildcard, examples
        }

        /// A route entry.
        public init(
            pattern: String, activity: String, priority: Int = 0, exposure: Exposure = .internalOnly,
            parameters: [Parameter] = [], wildcard: Bool = false, examples: [String] = []
        ) {
            self.pattern = pattern
            self.activity = activity
            self.priority = priority
            self.exposure = exposure
            self.parameters = parameters
            self.wildcard = wildcard
            self.examples = examples
        }
    }

    /// A parameter of a pattern.
    public struct Parameter: Codable, Sendable, Hashable {
        /// The parameter's name: `id` for `:id<int>`.
        public var name: String
        /// What it accepts.
        public var type: ParameterKind
        /// For ``ParameterKind/values``, the accepted values in the order written; else `nil`.
        public var values: [String]?
        /// Whether an optional group `( … )` holds it.
        public var isOptional: Bool
        /// Whether it is the host (`//:tenant/…`) rather than a path segment.
        public var isHost: Bool

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, type, values, isOptional, isHost
        }

        /// A parameter entry.
        public init(
            name: String, type: ParameterKind, values: [String]? = nil, isOptional: Bool = false,
            isHost: Bool = false
        ) {
            self.name = name
            self.type = type
            self.values = values
            self.isOptional = isOptional
            self.isHost = isHost
        }
    }

    /// What a parameter accepts.
    public enum ParameterKind: String, Codable, Sendable, Hashable, CaseIterable {
        /// Any non-empty segment: `:id`.
        case plain
        /// An integer: `:id<int>`.
        case int
        /// A UUID: `:id<uuid>`.
        case uuid
        /// One of the listed values: `:kind<a|b>`.
        case values
    }

    /// Which sources may reach an activity, as ``DispatchExposure`` says.
    public struct Exposure: Codable, Sendable, Hashable, CustomStringConvertible {
        /// `internal` or `external`.
        public var level: Level
        /// With `external`: the only other apps admitted, by bundle identifier, sorted; `nil`
        /// admits every app.
        public var applications: [String]?

        /// The two levels.
        public enum Level: String, Codable, Sendable, Hashable, CaseIterable {
            /// Only the app's own code.
            case `internal`
            /// Sources outside the app too.
            case external
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case level, applications
        }

        /// ``DispatchExposure/internalOnly``.
        public static let internalOnly = Exposure(level: .internal, applications: nil)
        /// ``DispatchExposure/external``.
        public static let external = Exposure(level: .external, applications: nil)

        /// An exposure entry.
        public init(level: Level, applications: [String]? = nil) {
            self.level = level
            self.applications = applications.map { $0.sorted() }
        }

        /// The exposure of an activity class.
        public init(_ exposure: DispatchExposure) {
            if exposure == .internalOnly {
                self = .internalOnly
            } else {
                self.init(level: .external, applications: exposure.admittedApplications.map(Array.init))
            }
        }

        /// Whether universal links reach the activity (every external exposure admits them).
        public var admitsUniversalLinks: Bool { level == .external }

        /// Whether every source this admits, `other` admits too: `other` is not narrower.
        func isCovered(by other: Exposure) -> Bool {
            switch (level, other.level) {
            case (.internal, _): return true
            case (.external, .internal): return false
            case (.external, .external):
                guard let admitted = other.applications else { return true }
                guard let applications else { return false }
                return Set(applications).isSubset(of: Set(admitted))
            }
        }

        /// `internal`, `external`, `external to com.example.wallet`.
        public var description: String {
            switch (level, applications) {
            case (.internal, _): return "internal"
            case (.external, nil): return "external"
            case (.external, let applications?): return "external to " + applications.joined(separator: ", ")
            }
        }
    }

    /// A class that claims URLs without patterns (its own `isHit`), or the fallback.
    public struct CustomClaimant: Codable, Sendable, Hashable {
        /// The activity's module-qualified type name.
        public var activity: String
        /// The activity's ``DispatchActivity/priority``.
        public var priority: Int
        /// Which sources may reach the activity.
        public var exposure: Exposure

        enum CodingKeys: String, CodingKey, CaseIterable {
            case activity, priority, exposure
        }

        /// A claimant entry.
        public init(activity: String, priority: Int = 0, exposure: Exposure = .internalOnly) {
            self.activity = activity
            self.priority = priority
            self.exposure = exposure
        }
    }
}
