import DispatchKit

extension RedirectRules {
    /// An app version: dotted non-negative integers, compared number by number.
    ///
    /// Missing components count as 0, so `3.1` equals `3.1.0` and comes before `3.1.4`; `3.10`
    /// comes after `3.9`. Leading zeros are read as numbers (`3.01` equals `3.1`).
    ///
    /// ```swift
    /// let short = RedirectRules.Version("3.1")
    /// let long = RedirectRules.Version("3.10")
    /// print(short == RedirectRules.Version("3.1.0"))  // true: missing components are 0
    /// if let short, let long { print(short < long) }  // true: components compare as numbers
    /// print(RedirectRules.Version("3.1-beta") == nil)  // true: only dotted numbers
    /// ```
    ///
    /// There is deliberately no string-literal conformance: a literal cannot fail, and a version
    /// that silently became "no version" or trapped would be worse than an optional.
    public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// At most this many components (`1.2.3.4.5.6.7.8`).
        static let maximumComponents = 8
        /// At most this many digits in a component, so that every component fits in 64 bits.
        static let maximumDigits = 18

        /// The numbers as written (`3.1` keeps two), for ``description``.
        private let components: [UInt64]

        /// Parses dotted non-negative integers: `"3"`, `"3.1"`, `"3.1.4"`.
        ///
        /// Returns `nil` for anything else: an empty string, signs, spaces, letters (`"v3"`,
        /// `"3.1-beta"`), empty components (`"3..1"`, `"3."`, `".3"`), digits other than ASCII,
        /// a component over 18 digits, or more than 8 components.
        public init?(_ string: String) {
            var components: [UInt64] = []
            var value: UInt64 = 0
            var digits = 0
            for byte in string.utf8 {
                if byte.isASCIIDigit {
                    // 18 decimal digits stay below 10^18 < 2^64: no overflow.
                    guard digits < Self.maximumDigits else { return nil }
                    value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                    digits += 1
                } else if byte == .dot, digits > 0, components.count < Self.maximumComponents - 1 {
                    components.append(value)
                    value = 0
                    digits = 0
                } else {
                    return nil
                }
            }
            guard digits > 0 else { return nil }
            components.append(value)
            self.components = components
        }

        /// The components without trailing zeros: what equality and hashing see.
        private var significant: ArraySlice<UInt64> {
            components[..<(components.lastIndex { $0 != 0 }.map { $0 + 1 } ?? 0)]
        }

        /// Equal when equal number by number, missing components counting as 0.
        // Out of line: the comparison of the two slices was copied into each of its seven callers.
        @inline(never)
        public static func == (lhs: Version, rhs: Version) -> Bool {
            lhs.significant.elementsEqual(rhs.significant)
        }

        /// Hashes what ``==(_:_:)`` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(significant.count)
            for component in significant { hasher.combine(component) }
        }

        /// Compares number by number from the left, missing components counting as 0.
        public static func < (lhs: Version, rhs: Version) -> Bool {
            for index in 0..<max(lhs.components.count, rhs.components.count) {
                let left = index < lhs.components.count ? lhs.components[index] : 0
                let right = index < rhs.components.count ? rhs.components[index] : 0
                if left != right { return left < right }
            }
            return false
        }

        /// The numbers joined with dots, as many as were written (`3.1` stays `3.1`).
        public var description: String {
            components.map(String.init).joined(separator: ".")
        }
    }
}
