import DispatchKit

/// What one value of a typed link's key accepts, as far as a manifest tells: a type of the decoding
/// table (decoded by its own rules), the raw values of an enum, or a type of the app, which only
/// the app can decode.
///
/// The compatibility check compares two releases' keys by the texts each accepts, and a
/// comparison of two manifests decodes a link's values with it.
enum LinkValueKind: Hashable {
    case builtIn(LinkBuiltInType)
    /// An enum's raw values, as a URL writes them.
    case cases([String])
    /// A type of the app, by name: a `LinkValueConvertible` type, an enum whose cases are not
    /// recorded.
    case other(String)

    /// The kind of one value of `key`: of an element, for an array.
    ///
    /// - Parameter listed: The values a `<a|b>` parameter of that name lists, if it is one: for a
    ///   type of the app, whose texts the manifest does not know, they are all a link of the route
    ///   can give the key, and it is compared as an enum of those cases.
    init(_ key: RouteChange.LinkKey, listed: [String]? = nil) {
        let type = Self.elementType(of: key.swiftType)
        if let builtIn = LinkBuiltInType(typeName: type) {
            self = .builtIn(builtIn)
        } else if let cases = key.cases {
            self = .cases(cases)
        } else if let listed {
            self = .cases(listed)
        } else {
            self = .other(type)
        }
    }

    /// `Int` for `Array<Int>`; the name itself for any other.
    static func elementType(of swiftType: String) -> String {
        guard swiftType.hasPrefix("Array<"), swiftType.hasSuffix(">") else { return swiftType }
        return String(swiftType.dropFirst("Array<".count).dropLast())
    }

    /// Whether a key of type `swiftType` reads every value of its name (an array).
    static func isRepeated(_ swiftType: String) -> Bool {
        swiftType.hasPrefix("Array<") && swiftType.hasSuffix(">")
    }

    /// Why the link refuses `text`, or `nil` if it accepts it — or cannot tell (``other(_:)``).
    func refusal(of text: String) -> LinkDecodingError.Reason? {
        switch self {
        case .builtIn(let type): return type.refusal(of: text)
        case .cases(let cases): return cases.contains(text) ? nil : .malformed
        case .other: return nil
        }
    }

    /// Texts to compare two kinds with: the likeliest in a link first, so that a link built with
    /// one reads naturally (`40000` shows an `Int16` refusing what an `Int` took), then the edges
    /// of every integer width, so that no difference in range is missed.
    var samples: [String] {
        switch self {
        case .builtIn(.string):
            return ["example", "42", "-1", "1.5", "true", Self.sampleUUID, ""]
        case .builtIn(.bool): return ["true", "false", "1", "0"]
        case .builtIn(.double): return ["1.5", "42", "-1", "1e39"]
        case .builtIn(.float): return ["1.5", "42", "-1"]
        case .builtIn(.uuid): return [Self.sampleUUID]
        case .builtIn(.integer): return Self.integerSamples
        case .cases(let cases): return cases
        case .other: return []
        }
    }

    private static let sampleUUID = "123e4567-e89b-42d3-a456-426614174000"

    private static let integerSamples: [String] = {
        var samples = [
            "42", "0", "-1", "200", "300", "40000", "70000", "3000000000", "5000000000",
            "10000000000000000000", "-200", "-40000", "-3000000000",
        ]
        // Each width's least and greatest value; the values just beyond are another width's
        // edge, or one of the last two.
        func edges<T: FixedWidthInteger>(_: T.Type) -> [String] { [String(T.min), String(T.max)] }
        samples += edges(Int8.self) + edges(Int16.self) + edges(Int32.self) + edges(Int64.self)
        samples += edges(UInt8.self) + edges(UInt16.self) + edges(UInt32.self) + edges(UInt64.self)
        samples += ["-129", "-32769", "-2147483649", "-9223372036854775809", "18446744073709551616"]
        var seen: Set<String> = []
        return samples.filter { seen.insert($0).inserted }
    }()
}

/// How a key's type changed between two releases.
enum KeyTypeComparison: Hashable {
    /// It accepts the same texts.
    case same
    /// It refuses texts the old type accepted: these, the likeliest first.
    case narrowed([String])
    /// It accepts every text the old type accepted, and more.
    case widened
    /// The manifests cannot tell: a type of the app replaced by another.
    case incomparable

    /// Compares the types of `old` and `new`, by what the manifests record of each: `String`
    /// accepts every text, the other types of the decoding table by their rules, an enum its
    /// recorded raw values. A type of the app is the same type when its name is; of another name,
    /// it is compared by the values its route lists for it (`listed`), if it is a `<a|b>`
    /// parameter, and else cannot be.
    ///
    /// - Parameter decodes: Whether the new build's link type decodes a text as one value of
    ///   `new`: the app's own decoder, which only the center has. An enum whose cases the old
    ///   manifest records, become a type of the app whose cases the new one cannot list (an enum
    ///   of one case), is compared by decoding each old case with it; without it, it cannot be.
    init(
        _ old: RouteChange.LinkKey, _ new: RouteChange.LinkKey,
        listed: (old: [String]?, new: [String]?) = (nil, nil), decodes: ((String) -> Bool)? = nil
    ) {
        // A name kept is the same type, unless the old manifest lists cases the new one cannot:
        // the enum lost cases down to one, or is no enum any more. A manifest that did not record
        // cases (schema version 2) says nothing against the name.
        if old.swiftType == new.swiftType, old.cases == nil || old.cases == new.cases {
            self = .same
            return
        }
        let (before, after) = (LinkValueKind(old, listed: listed.old), LinkValueKind(new, listed: listed.new))
        let (isList, wasList) = (
            LinkValueKind.isRepeated(new.swiftType), LinkValueKind.isRepeated(old.swiftType)
        )
        if old.place == .wildcard, new.place == .wildcard, isList != wasList {
            self.init(restOfPath: (before, wasList), (after, isList))
            return
        }
        if before == after {
            self = .same
            return
        }
        if after == .builtIn(.string) {
            self = .widened
            return
        }
        if case .other = before {
            self = .incomparable
            return
        }
        if case .other = after {
            if let decodes, case .cases(let cases) = before, old.cases != nil {
                self.init(cases: cases, decodedBy: decodes)
            } else {
                self = .incomparable
            }
            return
        }
        let refused = before.samples.filter { before.refusal(of: $0) == nil && after.refusal(of: $0) != nil }
        if !refused.isEmpty {
            self = .narrowed(refused)
        } else if after.samples.contains(where: {
            after.refusal(of: $0) == nil && before.refusal(of: $0) != nil
        }) {
            self = .widened
        } else {
            self = .same
        }
    }

    /// Compares an enum's recorded `cases` with a type of the app that `decodes` reads: narrowed
    /// if it refuses one of them (an enum that lost cases down to one), else widened if it also
    /// decodes a text that is no case (a type that takes any text), else the same.
    private init(cases: [String], decodedBy decodes: (String) -> Bool) {
        let refused = cases.filter { !decodes($0) }
        if !refused.isEmpty {
            self = .narrowed(refused)
        } else if LinkValueKind.builtIn(.string).samples.contains(where: {
            !cases.contains($0) && decodes($0)
        }) {
            self = .widened
        } else {
            self = .same
        }
    }

    /// Compares the rest of the path read as a list (each segment a value, none an empty list) by
    /// one release and as one value (the segments joined with `/`) by the other: by whole rests of
    /// path of one segment, two and none, as each reads them.
    private init(
        restOfPath old: (kind: LinkValueKind, isList: Bool), _ new: (kind: LinkValueKind, isList: Bool)
    ) {
        for kind in [old.kind, new.kind] {
            if case .other = kind {
                self = .incomparable
                return
            }
        }
        func accepts(_ side: (kind: LinkValueKind, isList: Bool), _ text: String) -> Bool {
            guard side.isList else { return side.kind.refusal(of: text) == nil }
            return text.split(separator: "/").allSatisfy { side.kind.refusal(of: String($0)) == nil }
        }
        var segments: [String] = []
        for sample in old.kind.samples + new.kind.samples where !sample.isEmpty && !segments.contains(sample)
        {
            segments.append(sample)
        }
        let pairs = (old.kind.samples.prefix(3) + new.kind.samples.prefix(3)).filter { !$0.isEmpty }.map {
            "\($0)/\($0)"
        }
        let texts = segments + pairs + [""]
        let refused = texts.filter { accepts(old, $0) && !accepts(new, $0) }
        if !refused.isEmpty {
            self = .narrowed(refused)
        } else if texts.contains(where: { accepts(new, $0) && !accepts(old, $0) }) {
            self = .widened
        } else {
            self = .same
        }
    }
}
