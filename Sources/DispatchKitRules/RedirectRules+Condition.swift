import DispatchKit

extension RedirectRules {
    /// When a rule applies: an app-version range, a flag, both, or always.
    ///
    /// Every part given must hold; a condition with no parts always holds. A version bound does
    /// not hold when the app version is unknown (``Environment/appVersion`` is `nil`): a rule
    /// meant for some versions must not catch all of them.
    ///
    /// ```swift
    /// let condition = RedirectRules.Condition(
    ///     minimumVersion: .init("3.1"), maximumVersion: .init("3.1.4"), flag: "h5-product")
    /// print(condition.holds(in: .init(appVersion: .init("3.1.0"), flags: ["h5-product"])))  // true
    /// print(condition.holds(in: .init(appVersion: .init("3.2"), flags: ["h5-product"])))  // false
    /// ```
    public struct Condition: Sendable, Hashable, CustomStringConvertible {
        /// The lowest app version the rule applies to, inclusive; `nil` for no lower bound.
        public var minimumVersion: Version?
        /// The highest app version the rule applies to, inclusive; `nil` for no upper bound.
        public var maximumVersion: Version?
        /// A flag that must be on (in ``Environment/flags``); `nil` for none.
        public var flag: String?

        /// A condition; with no arguments, one that always holds.
        public init(minimumVersion: Version? = nil, maximumVersion: Version? = nil, flag: String? = nil) {
            self.minimumVersion = minimumVersion
            self.maximumVersion = maximumVersion
            self.flag = flag
        }

        /// Whether every part of the condition holds in `environment`.
        // Out of line: its two callers each held a copy (0.4 KB of an app).
        @inline(never)
        public func holds(in environment: Environment) -> Bool {
            if minimumVersion != nil || maximumVersion != nil {
                guard let version = environment.appVersion else { return false }
                if let minimumVersion, version < minimumVersion { return false }
                if let maximumVersion, version > maximumVersion { return false }
            }
            if let flag, !environment.flags.contains(flag) { return false }
            return true
        }

        /// Whether the condition has no parts.
        var isAlways: Bool { minimumVersion == nil && maximumVersion == nil && flag == nil }

        /// `always`, or the parts: `app version 3.1.0 through 3.1.4 and flag "h5-product"`.
        public var description: String {
            var parts: [String] = []
            switch (minimumVersion, maximumVersion) {
            case (let minimum?, let maximum?): parts.append("app version \(minimum) through \(maximum)")
            case (let minimum?, nil): parts.append("app version at least \(minimum)")
            case (nil, let maximum?): parts.append("app version at most \(maximum)")
            case (nil, nil): break
            }
            if let flag { parts.append("flag \"\(flag)\"") }
            return parts.isEmpty ? "always" : parts.joined(separator: " and ")
        }
    }

    /// What rules' conditions are checked against: the running app's version and the flags that
    /// are on.
    ///
    /// ```swift
    /// func currentEnvironment(remoteFlags: Set<String>) -> RedirectRules.Environment {
    ///     let version = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
    ///     return RedirectRules.Environment(
    ///         appVersion: version.flatMap(RedirectRules.Version.init), flags: remoteFlags)
    /// }
    /// ```
    public struct Environment: Sendable, Hashable {
        /// The app's version, or `nil` if unknown (then no version condition holds).
        public var appVersion: Version?
        /// The flags that are on.
        public var flags: Set<String>

        /// An environment; with no arguments, an unknown version and no flags.
        public init(appVersion: Version? = nil, flags: Set<String> = []) {
            self.appVersion = appVersion
            self.flags = flags
        }
    }
}
