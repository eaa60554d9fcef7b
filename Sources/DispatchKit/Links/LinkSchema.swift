import Foundation

/// What a ``DispatchLink`` type reads, key by key, found without a URL: the type is decoded once
/// with a decoder that records each key it asks for, its type and whether it may be absent, and
/// answers with made-up values. What `DispatchCenter.validate()` checks a class's patterns
/// against, and what the route manifest records and builds its example URLs from (``example``,
/// encoded by ``LinkBuilding``).
///
/// Probing reads the type as the app declared it: a type whose `init(from:)` reads keys only in
/// some cases shows the keys of the case the made-up values lead to.
///
/// A module link (an enum whose cases are routes) is probed one case at a time: the decoder
/// presents the case as the one key of the outer container, as a URL of the case's patterns
/// does, and the schema holds the case's associated values by label.
package final class LinkSchema {
    /// One key the type reads.
    package final class Field {
        /// The coding key (`"id"`, `"wildcard"`).
        package let key: String
        /// The property's type, without its optional (`[String]` for a `[String]?`).
        let type: Any.Type
        /// Whether the key may be absent: an optional property (read with `decodeIfPresent`).
        package let isOptional: Bool
        /// The type of one value: the element type of an array, else ``type``.
        package let valueType: Any.Type
        /// Whether the property is an array, which reads every value of its key (and is `[]` when
        /// there is none, so a URL never lacks it).
        package let isRepeated: Bool
        /// For a ``valueType`` whose cases can be listed, each case as a URL writes it: in the
        /// order of `allCases` for a `CaseIterable` type, else in declaration order for an enum
        /// without associated values of 2 to 255 cases; `nil` for any other type (see
        /// ``LinkEnumCases/texts(of:)``).
        package let caseTexts: [String]?
        /// Whether ``valueType`` may be an enum whose cases are not in ``caseTexts``: one of more
        /// than 255 cases, or of one, that is not `CaseIterable` (see
        /// ``LinkEnumCases/mayHaveUnlistedCases(_:listed:)``). Release compatibility cannot see a case
        /// removed from it, which `validate()` notes.
        package let mayHaveUnlistedCases: Bool
        /// Whether a text decodes as one value (an element, for an array): how a pattern's
        /// `<a|b>` values or sample values are checked against the type.
        package let accepts: (String) -> Bool

        /// The name of ``type`` (`"Int"`, `"ProductActivity.Tab"`, `"Array<String>"`): qualified by
        /// the types it is nested in, without modules, the same on every platform and build (see
        /// `linkTypeName(_:)`).
        package var typeName: String { linkTypeName(type) }

        /// The width and signedness of an integer ``valueType``, `nil` for any other: what a
        /// `<int>` parameter is checked against.
        var integerFormat: (bitWidth: Int, isSigned: Bool)? {
            guard let integer = valueType as? any FixedWidthInteger.Type else { return nil }
            return (integer.bitWidth, integer.isSigned)
        }

        init(
            key: String, type: Any.Type, isOptional: Bool, valueType: Any.Type, isRepeated: Bool,
            caseTexts: [String]?, mayHaveUnlistedCases: Bool, accepts: @escaping (String) -> Bool
        ) {
            self.key = key
            self.type = type
            self.isOptional = isOptional
            self.valueType = valueType
            self.isRepeated = isRepeated
            self.caseTexts = caseTexts
            self.mayHaveUnlistedCases = mayHaveUnlistedCases
            self.accepts = accepts
        }
    }

    /// The link type probed.
    package let linkType: Any.Type
    /// The keys the type read, in the order it read them (a synthesised `Codable` conformance:
    /// declaration order), each once.
    package let fields: [Field]
    /// Why probing stopped before the type finished decoding: a key of a type no URL can carry, or
    /// a required key for which no value was found that decodes (a `LinkValueConvertible` type
    /// that refuses every made-up value). ``fields`` then holds the keys read until then.
    package let problem: LinkDecodingError?
    /// Whether a name is a coding key of the type, as its keyed container's key type says (a
    /// synthesised `CodingKeys` knows every key): how the parameters of a pattern are checked
    /// against the keys after a ``problem``, which the probe did not reach. `nil` if the type
    /// never asked for a keyed container.
    package let isKey: ((String) -> Bool)?
    /// The case of a module link probed, `nil` for a struct link.
    package let caseName: String?
    /// For a module link, the enum's cases in declaration order, as its coding keys list them:
    /// `nil` for a struct link, and for an enum whose cases cannot be listed without a URL (one
    /// of a single case, or of more than 255).
    package let caseNames: [String]?
    /// For a module link, whether a name is a case of the enum (its coding keys know every case),
    /// also when ``caseNames`` cannot list them; `nil` for a struct link.
    let isCase: ((String) -> Bool)?
    /// A value of the type, made of the samples given to ``probe(_:case:samples:candidates:)`` and of made-up
    /// values for the other required keys; optional keys without a sample are `nil`. `nil` if
    /// probing stopped.
    package let example: (any DispatchLink)?

    /// The field of `key`, if the type reads it.
    package func field(_ key: String) -> Field? {
        fields.first { $0.key == key }
    }

    /// Probes `type`.
    ///
    /// - Parameters:
    ///   - caseName: For a module link, the case to probe: its associated values are the keys.
    ///     `nil` for a struct link.
    ///   - samples: Texts to use for keys, as a URL would carry them (a pattern's parameters'
    ///     sample values, a route's example); each is decoded by the type's own rules.
    ///   - candidates: Texts to try, in order, for a required key without a sample, before the
    ///     made-up ones: the values of a pattern's `<a|b>` parameter, which show the values of a
    ///     type no made-up text fits.
    ///
    /// A required key without a sample gets the first of its candidates, or else of the made-up
    /// values, that decodes: an enum's first case (found even when it is not `CaseIterable`, for
    /// an enum without associated values of 2 to 255 cases, see ``LinkEnumCases``), 42,
    /// `"example"`, `true`, a zero UUID; an array for which none decodes is empty.
    package static func probe<Link: DispatchLink>(
        _ type: Link.Type, case caseName: String? = nil, samples: [String: String] = [:],
        candidates: [String: [String]] = [:]
    ) -> LinkSchema {
        let recorder = LinkProbeRecorder(samples: samples, candidates: candidates, caseName: caseName)
        do {
            let example = try Link(from: LinkProbeDecoder(recorder: recorder))
            return LinkSchema(
                linkType: Link.self, fields: recorder.fields, problem: nil, isKey: recorder.isKey,
                caseName: caseName, caseNames: recorder.caseNames, isCase: recorder.isCase,
                example: example)
        } catch {
            let problem =
                (error as? LinkDecodingError)?.naming(activity: linkTypeName(Link.self))
                ?? LinkDecodingError(
                    activity: linkTypeName(Link.self), key: "", text: nil,
                    expectedType: linkTypeName(Link.self),
                    reason: .rejected(String(describing: error)))
            return LinkSchema(
                linkType: Link.self, fields: recorder.fields, problem: problem, isKey: recorder.isKey,
                caseName: caseName, caseNames: recorder.caseNames, isCase: recorder.isCase,
                example: nil)
        }
    }

    init(
        linkType: Any.Type, fields: [Field], problem: LinkDecodingError?, isKey: ((String) -> Bool)?,
        caseName: String?, caseNames: [String]?, isCase: ((String) -> Bool)?, example: (any DispatchLink)?
    ) {
        self.linkType = linkType
        self.fields = fields
        self.problem = problem
        self.isKey = isKey
        self.caseName = caseName
        self.caseNames = caseNames
        self.isCase = isCase
        self.example = example
    }
}

/// What probing found so far, shared by the containers of one probe.
final class LinkProbeRecorder: LinkCaseOpening {
    /// The probed case's container: its keys are recorded as a struct's are.
    func caseContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        recordKeys(NestedKey.self)
        return KeyedDecodingContainer(LinkProbeContainer<NestedKey>(recorder: self))
    }

    let samples: [String: String]
    let candidates: [String: [String]]
    private(set) var fields: [LinkSchema.Field] = []
    /// Whether a name is a key of one of the keyed containers the type asked for.
    private(set) var isKey: ((String) -> Bool)?
    /// The case of a module link probed, `nil` for a struct link.
    let caseName: String?
    /// The cases of a module link, as its outer coding keys list them.
    private(set) var caseNames: [String]?
    /// Whether a name is a case of a module link.
    private(set) var isCase: ((String) -> Bool)?

    init(samples: [String: String], candidates: [String: [String]] = [:], caseName: String? = nil) {
        self.samples = samples
        self.candidates = candidates
        self.caseName = caseName
    }

    /// Records that a module link's cases are the keys of type `Key`: a synthesized `CodingKeys`
    /// is an enum without associated values, whose values ``LinkEnumCases`` lists.
    func recordCases<Key: CodingKey>(_: Key.Type) {
        caseNames = LinkEnumCases.values(of: Key.self)?.map(\.stringValue)
        isCase = { Key(stringValue: $0) != nil }
    }

    /// Records that the type reads its values by keys of type `Key`.
    func recordKeys<Key: CodingKey>(_: Key.Type) {
        let known = isKey
        isKey = { name in Key(stringValue: name) != nil || known?(name) == true }
    }

    /// Records that the type reads `key` as a `T` (absent allowed if `isOptional`), once.
    func record<T: Decodable>(_ key: String, _: T.Type, isOptional: Bool) {
        guard !fields.contains(where: { $0.key == key }) else { return }
        let repeated = T.self as? any RepeatedLinkValue.Type
        let valueType = repeated?.elementType ?? T.self
        let accepts: (String) -> Bool =
            repeated.map { repeated in { repeated.elementAccepts($0) } }
            ?? { (try? LinkValueDecoding.decode(T.self, text: $0)) != nil }
        let cases = LinkEnumCases.texts(of: valueType)
        fields.appendOffThePath(
            LinkSchema.Field(
                key: key, type: T.self, isOptional: isOptional, valueType: valueType,
                isRepeated: repeated != nil, caseTexts: cases,
                mayHaveUnlistedCases: LinkEnumCases.mayHaveUnlistedCases(valueType, listed: cases),
                accepts: accepts))
    }

    /// A value of `T` for `key`: from its sample; else from its candidates or made-up texts that
    /// fit `T` (the first case of an enum whose cases are listed); else, for an array, none.
    ///
    /// - Throws: The ``LinkDecodingError`` of the sample, or of the last text tried, when none
    ///   decodes; at once for a type no URL can carry.
    func value<T: Decodable>(_: T.Type, for key: String) throws(LinkDecodingError) -> T {
        let repeated = T.self as? any RepeatedLinkValue.Type
        let valueType = repeated?.elementType ?? T.self
        let texts: [String]
        if let sample = samples[key] {
            texts = [sample]
        } else {
            texts = (candidates[key] ?? []) + Self.madeUpTexts(for: valueType)
        }
        var failure: LinkDecodingError?
        for text in texts {
            do throws(LinkDecodingError) {
                return try Self.decode(T.self, key: key, text: text)
            } catch {
                failure = error
                // A type no URL can carry: no other text will do.
                if error.reason == .unsupported { throw error }
            }
        }
        if samples[key] == nil {
            if repeated != nil {
                // No element was found, and an array may have none.
                return try LinkValueDecoding.decodeAbsent(T.self, key: key)
            }
        }
        throw failure ?? LinkDecodingError.value(nil, isNot: T.self, .missing).naming(key: key)
    }

    /// `T` read from `text` as the value of `key`, as a URL would carry it.
    private static func decode<T: Decodable>(_: T.Type, key: String, text: String) throws(LinkDecodingError)
        -> T
    {
        let source = LinkSource(parameters: [key: text], wildcard: nil, rawQuery: nil)
        guard let value = try LinkValueDecoding.decodeIfPresent(T.self, key: key, from: source) else {
            throw LinkDecodingError.value(nil, isNot: T.self, .missing).naming(key: key)
        }
        return value
    }

    /// Texts that fit `type`, the likeliest first.
    private static func madeUpTexts(for type: Any.Type) -> [String] {
        if let first = LinkEnumCases.texts(of: type)?.first { return [first] }
        let zeroUUID = "00000000-0000-0000-0000-000000000000"
        switch type {
        case is String.Type: return ["example"]
        case is any FixedWidthInteger.Type: return ["42"]
        case is any BinaryFloatingPoint.Type: return ["1.5"]
        case is Bool.Type: return ["true"]
        case is UUID.Type: return [zeroUUID]
        default: break
        }
        if let raw = type as? any RawRepresentable.Type, hasIntegerRawValue(raw) {
            // An enum's integer raw values count from 0 unless it says otherwise.
            return (0...9).map(String.init) + ["42", "100"]
        }
        return ["example", "42", "1", "0", "true", "1.5", zeroUUID, "a"]
    }

    private static func hasIntegerRawValue<R: RawRepresentable>(_: R.Type) -> Bool {
        R.RawValue.self == Int.self
    }
}

/// The decoder of a probe: keyed, recording each key.
struct LinkProbeDecoder: Decoder {
    let recorder: LinkProbeRecorder

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedDecodingContainer<Key> {
        if let caseName = recorder.caseName {
            recorder.recordCases(Key.self)
            return KeyedDecodingContainer(
                LinkCaseDecodingContainer<Key, LinkProbeRecorder>(opener: recorder, caseName: caseName))
        }
        recorder.recordKeys(Key.self)
        return KeyedDecodingContainer(LinkProbeContainer<Key>(recorder: recorder))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw LinkDecodingError.value(nil, isNot: [String].self, .unsupported)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw LinkDecodingError.value(nil, isNot: String.self, .unsupported)
    }
}

/// The probe's keyed container: every read is recorded, then answered with a sample or a made-up
/// value; an optional read without a sample is answered with `nil`.
struct LinkProbeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: LinkProbeRecorder

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { sortedTexts(Array(recorder.samples.keys)).compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { recorder.samples[key.stringValue] != nil }
    func decodeNil(forKey key: Key) -> Bool { !contains(key) }

    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        recorder.record(key.stringValue, T.self, isOptional: false)
        return try recorder.value(T.self, for: key.stringValue)
    }

    func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
        recorder.record(key.stringValue, T.self, isOptional: true)
        guard contains(key) else {
            // Absent, it is `nil`; but a type no URL can carry fails every URL that has the key,
            // which the probe must report as it does for a required key.
            do throws(LinkDecodingError) {
                _ = try recorder.value(T.self, for: key.stringValue)
            } catch {
                if error.reason == .unsupported { throw error }
            }
            return nil
        }
        return try recorder.value(T.self, for: key.stringValue)
    }

    // The concrete types, recorded as such.
    func decode(_: String.Type, forKey key: Key) throws -> String { try decode(String.self, key) }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try decode(Bool.self, key) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try decode(Double.self, key) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try decode(Float.self, key) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try decode(Int.self, key) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try decode(Int8.self, key) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try decode(Int16.self, key) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try decode(Int32.self, key) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try decode(Int64.self, key) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try decode(UInt.self, key) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(UInt8.self, key) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(UInt16.self, key) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(UInt32.self, key) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(UInt64.self, key) }

    private func decode<T: Decodable>(_: T.Type, _ key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }

    // The optional forms too: their defaults would answer `nil` without recording the key.
    func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? { try optional(String.self, key) }
    func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? { try optional(Bool.self, key) }
    func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? { try optional(Double.self, key) }
    func decodeIfPresent(_: Float.Type, forKey key: Key) throws -> Float? { try optional(Float.self, key) }
    func decodeIfPresent(_: Int.Type, forKey key: Key) throws -> Int? { try optional(Int.self, key) }
    func decodeIfPresent(_: Int8.Type, forKey key: Key) throws -> Int8? { try optional(Int8.self, key) }
    func decodeIfPresent(_: Int16.Type, forKey key: Key) throws -> Int16? { try optional(Int16.self, key) }
    func decodeIfPresent(_: Int32.Type, forKey key: Key) throws -> Int32? { try optional(Int32.self, key) }
    func decodeIfPresent(_: Int64.Type, forKey key: Key) throws -> Int64? { try optional(Int64.self, key) }
    func decodeIfPresent(_: UInt.Type, forKey key: Key) throws -> UInt? { try optional(UInt.self, key) }
    func decodeIfPresent(_: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(UInt8.self, key) }
    func decodeIfPresent(_: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(UInt16.self, key) }
    func decodeIfPresent(_: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(UInt32.self, key) }
    func decodeIfPresent(_: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(UInt64.self, key) }

    private func optional<T: Decodable>(_: T.Type, _ key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw LinkDecodingError.value(nil, isNot: NestedKey.self, .unsupported).naming(key: key.stringValue)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw LinkDecodingError.value(nil, isNot: [String].self, .unsupported).naming(key: key.stringValue)
    }

    func superDecoder() throws -> any Decoder {
        throw LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: "super")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw LinkDecodingError.value(nil, isNot: Key.self, .unsupported).naming(key: key.stringValue)
    }
}
