import Foundation

/// What registration finds of one route of a module link: the name of its case, and how a URL's
/// values become the case.
///
/// The case is given as a function of its associated values (`Link.product`), which names neither
/// the case nor the labels: both are found once, by building the case from made-up values and
/// reading its name from what it encodes, then probing the enum's own decoding of that case for
/// its labels in order. A URL's values are then read label by label and handed to the function:
/// no keyed container, and none of the enum's synthesized decoding, whose look-up of its one key
/// cost more than reading the values did.
package final class LinkCaseReading: Sendable {
    /// The case's name as the enum writes it; `nil` when no value of it could be made.
    let name: String?
    /// Reads the case from a URL's values; `nil` to read it by the enum's own `init(from:)`, when
    /// its labels could not be matched with the function's values.
    let reader: LinkCaseReader?
    /// Why ``name`` is `nil`: the value that could not be made up.
    let problem: LinkDecodingError?
    /// Why ``name`` is `nil` when the route was given a value of a case with associated values
    /// (`to: .product(id: 42)`) in place of the case (`to: product`): that case's name.
    let valueOfCase: String?

    init(name: String?, reader: LinkCaseReader?, problem: LinkDecodingError?, valueOfCase: String? = nil) {
        self.name = name
        self.reader = reader
        self.problem = problem
        self.valueOfCase = valueOfCase
    }

    /// The reading of a case without associated values: `link` itself.
    ///
    /// A value of a case with associated values is refused: the route would open that one value
    /// whatever the URL says, while ``DispatchCenter/url(for:)`` builds a URL of its patterns for
    /// every value of the case, which would then open another.
    static func constant<Link: DispatchLink>(_ link: Link) -> LinkCaseReading {
        let name = LinkEntries.caseName(of: link)
        if let name, !LinkSchema.probe(Link.self, case: name).fields.isEmpty {
            return LinkCaseReading(name: nil, reader: nil, problem: nil, valueOfCase: name)
        }
        return LinkCaseReading(name: name, reader: LinkCaseValueReader(link), problem: nil)
    }

    /// The reading of the case `make` builds.
    static func positional<Link: DispatchLink, each Value: Decodable & Sendable>(
        _ make: @escaping @Sendable (repeat each Value) -> Link
    ) -> LinkCaseReading {
        var values: [(type: ObjectIdentifier, isOptional: Bool)] = []
        repeat values.appendOffThePath(LinkCaseValues.shape(of: (each Value).self))
        let recorder = LinkProbeRecorder(samples: [:])
        let example: Link
        do throws(LinkDecodingError) {
            example = make(repeat try LinkCaseValues.madeUp((each Value).self, recorder: recorder))
        } catch {
            // No value made up (a strict LinkValueConvertible type): the one case whose values
            // have these types is the case, read by the enum's own init(from:).
            let name = onlyCase(of: Link.self, withValues: values)
            return LinkCaseReading(name: name, reader: nil, problem: name == nil ? error : nil)
        }
        guard let name = LinkEntries.caseName(of: example) else {
            return LinkCaseReading(name: nil, reader: nil, problem: nil)
        }
        let schema = LinkSchema.probe(Link.self, case: name)
        let fields = schema.fields
        guard schema.problem == nil, fields.count == values.count, valuesMatch(fields, values) else {
            return LinkCaseReading(name: name, reader: nil, problem: nil)
        }
        var optionals: [(any LinkOptionalValue.Type)?] = []
        repeat optionals.appendOffThePath((each Value).self as? any LinkOptionalValue.Type)
        let keys = zip(fields, optionals).map { LinkCaseValues.Key(name: $0.key, optional: $1) }
        let reader = LinkCaseFunctionReader<Link> { source in
            var position = 0
            return try make(repeat LinkCaseValues.read((each Value).self, at: &position, keys, from: source))
        }
        let agrees = readsAsTheType(reader, Link.self, case: name, fields: fields)
        return LinkCaseReading(name: name, reader: agrees ? reader : nil, problem: nil)
    }

    /// The one case of `Link` whose associated values have the types and optionality of
    /// `values`, in order, as probing each case finds them; `nil` if none or several do, or if the
    /// enum's cases cannot be listed (one case, or more than 255). A probe that stops at a value
    /// it cannot make up has recorded the values up to that one, which must match as far as they go.
    private static func onlyCase<Link: DispatchLink>(
        of _: Link.Type, withValues values: [(type: ObjectIdentifier, isOptional: Bool)]
    ) -> String? {
        // Any name lists the cases: the outer container records its keys before it is read.
        guard let names = LinkSchema.probe(Link.self, case: "").caseNames else { return nil }
        let matching = names.filter { name in
            let schema = LinkSchema.probe(Link.self, case: name)
            let fields = schema.fields
            let count = schema.problem == nil ? fields.count == values.count : fields.count <= values.count
            return count && !fields.isEmpty && valuesMatch(fields, values)
        }
        return matching.count == 1 ? matching.first : nil
    }

    /// Whether each probed field has the type and optionality of the value in its place, as far
    /// as both go.
    // Out of line: the zip over two arrays was copied into each caller.
    @inline(never)
    private static func valuesMatch(
        _ fields: [LinkSchema.Field], _ values: [(type: ObjectIdentifier, isOptional: Bool)]
    ) -> Bool {
        zip(fields, values).allSatisfy { field, value in
            ObjectIdentifier(field.type) == value.type && field.isOptional == value.isOptional
        }
    }

    /// Whether `reader` reads the case as the enum's own `init(from:)` does, from values that tell
    /// its keys apart: a synthesized conformance reads the labels in declaration order, as the
    /// function takes them, but one written by hand may read them in another. The labels' types
    /// were matched with the function's place by place, so only values of one type can have
    /// traded places: each of those gets a text none of the others has, or the round trip could
    /// not see them trade (two `Bool`s read `true` either way), and the case is read by the enum.
    private static func readsAsTheType<Link: DispatchLink>(
        _ reader: LinkCaseReader, _: Link.Type, case name: String, fields: [LinkSchema.Field]
    ) -> Bool {
        var samples: [String: String] = [:]
        // A case has a few values: counted by scanning, with no table of shapes.
        let shapes = fields.map(FieldShape.init)
        for (position, field) in fields.enumerated() {
            let shape = shapes[position]
            if let text = distinctText(for: field, at: count(of: shape, in: shapes[..<position])) {
                samples[field.key] = text
            } else if count(of: shape, in: shapes[...]) > 1 {
                // No text of its own left for this one: nothing would show it traded places.
                return false
            }
        }
        guard let example = LinkSchema.probe(Link.self, case: name, samples: samples).example,
            let entries = try? LinkEntries.of(example)
        else { return false }
        let items = entries.entries.flatMap { entry in
            entry.texts.map { URLQueryItem(name: entry.key, value: $0) }
        }
        let source = LinkSource(
            parameters: [:], wildcard: nil, rawQuery: DispatchURL.encodedQuery(items, asciiOnly: false))
        guard let byType = try? Link(from: LinkDecoder(source: source, caseName: name)),
            let byReader = try? reader.read(Link.self, from: source),
            let expected = try? LinkEntries.of(byType), let read = try? LinkEntries.of(byReader)
        else { return false }
        // The case too: a function that is not the case itself may build another from these values.
        return read.caseName == expected.caseName && read.entries == expected.entries
    }

    /// How many of `shapes` are `shape`.
    private static func count(of shape: FieldShape, in shapes: ArraySlice<FieldShape>) -> Int {
        var count = 0
        for other in shapes where other == shape { count += 1 }
        return count
    }

    /// The type of a value and whether it is optional: what the labels and the function's values
    /// were matched by.
    private struct FieldShape: Equatable {
        let type: ObjectIdentifier
        let isOptional: Bool

        init(_ field: LinkSchema.Field) {
            type = ObjectIdentifier(field.type)
            isOptional = field.isOptional
        }
    }

    /// A text for the value that is the `ordinal`th of its type, which no other value of that
    /// type gets: a number, a text, a UUID, one of an enum's cases or of `Bool`'s two in turn;
    /// `nil` when the type has no more, or none that is known.
    private static func distinctText(for field: LinkSchema.Field, at ordinal: Int) -> String? {
        if let cases = field.caseTexts { return ordinal < cases.count ? cases[ordinal] : nil }
        switch field.valueType {
        case is String.Type: return "text\(ordinal)"
        case is any FixedWidthInteger.Type: return String(ordinal + 1)
        case is any BinaryFloatingPoint.Type: return "\(ordinal + 1).5"
        case is Bool.Type: return ordinal < 2 ? ["true", "false"][ordinal] : nil
        case is UUID.Type:
            let digits = String(ordinal + 1)
            return "00000000-0000-0000-0000-" + String(repeating: "0", count: max(0, 12 - digits.count))
                + digits
        default: return nil
        }
    }
}

/// Reads a module link's case from a URL's values. Not generic, so that a ``LinkCase`` holds one;
/// each subclass reads one link type, which the caller checks with ``reads(_:)`` first.
class LinkCaseReader: @unchecked Sendable {
    /// Whether this reader reads `Link`.
    func reads<Link>(_: Link.Type) -> Bool { false }

    /// The case, read from `source`: only for a type that ``reads(_:)``.
    ///
    /// - Throws: A ``LinkDecodingError`` naming the key that failed.
    func read<Link>(_: Link.Type, from source: LinkSource) throws -> Link {
        throw LinkDecodingError.value(nil, isNot: Link.self, .unsupported)
    }
}

/// The reader of a case with associated values: a function of the URL's values.
final class LinkCaseFunctionReader<Link: DispatchLink>: LinkCaseReader, @unchecked Sendable {
    private let make: @Sendable (LinkSource) throws -> Link

    init(_ make: @escaping @Sendable (LinkSource) throws -> Link) {
        self.make = make
    }

    override func reads<Other>(_: Other.Type) -> Bool {
        ObjectIdentifier(Other.self) == ObjectIdentifier(Link.self)
    }

    override func read<Other>(_: Other.Type, from source: LinkSource) throws -> Other {
        LinkValueDecoding.reinterpret(try make(source), as: Other.self)
    }
}

/// The reader of a case without associated values: the case itself, whatever the URL's values.
final class LinkCaseValueReader<Link: DispatchLink>: LinkCaseReader, @unchecked Sendable {
    private let link: Link

    init(_ link: Link) {
        self.link = link
    }

    override func reads<Other>(_: Other.Type) -> Bool {
        ObjectIdentifier(Other.self) == ObjectIdentifier(Link.self)
    }

    override func read<Other>(_: Other.Type, from _: LinkSource) throws -> Other {
        LinkValueDecoding.reinterpret(link, as: Other.self)
    }
}

/// One associated value at a time: how a case's values are read, and made up.
enum LinkCaseValues {
    /// The label of one associated value, and its type if it is optional (absent is `nil`): found
    /// once, for the run-time look-up of a conformance cost more than reading the value.
    struct Key: @unchecked Sendable {
        let name: String
        let optional: (any LinkOptionalValue.Type)?
    }

    /// The value at `position` (then advanced) of `keys`, read from `source` as a struct link's
    /// property of that name and type is read.
    static func read<Value: Decodable>(
        _: Value.Type, at position: inout Int, _ keys: [Key], from source: LinkSource
    ) throws(LinkDecodingError) -> Value {
        let index = position
        position += 1
        // The labels were matched with the values when the route was registered: never short.
        guard index < keys.count else { throw LinkDecodingError.value(nil, isNot: Value.self, .missing) }
        let key = keys[index]
        if let optional = key.optional {
            return try readOptional(optional, as: Value.self, key: key.name, from: source)
        }
        // Not through a `Value?`, which unspecialised code looks up in the runtime's metadata cache.
        guard let text = source.text(for: key.name) else {
            return try LinkValueDecoding.decodeAbsent(Value.self, key: key.name)
        }
        return try LinkValueDecoding.decode(Value.self, text: text, of: key.name, in: source)
    }

    private static func readOptional<Optional: LinkOptionalValue, Value>(
        _: Optional.Type, as _: Value.Type, key: String, from source: LinkSource
    ) throws(LinkDecodingError) -> Value {
        LinkValueDecoding.reinterpret(try Optional.read(key: key, from: source), as: Value.self)
    }

    /// A value of `Value` for finding a case by what it encodes: `nil` for an optional, else what
    /// the schema probe makes up for a required key.
    static func madeUp<Value: Decodable>(_: Value.Type, recorder: LinkProbeRecorder) throws(LinkDecodingError)
        -> Value
    {
        if let optional = Value.self as? any LinkOptionalValue.Type {
            return absent(optional, as: Value.self)
        }
        return try recorder.value(Value.self, for: "value")
    }

    private static func absent<Optional: LinkOptionalValue, Value>(_: Optional.Type, as _: Value.Type)
        -> Value
    {
        LinkValueDecoding.reinterpret(Optional.absent, as: Value.self)
    }

    /// The type the schema records for a value of `Value` (without its optional), and whether it
    /// is optional.
    static func shape<Value>(of _: Value.Type) -> (type: ObjectIdentifier, isOptional: Bool) {
        guard let optional = Value.self as? any LinkOptionalValue.Type else {
            return (ObjectIdentifier(Value.self), false)
        }
        return (ObjectIdentifier(optional.wrappedType), true)
    }
}

/// An optional associated value: absent, it is `nil`.
protocol LinkOptionalValue {
    static var absent: Self { get }
    static var wrappedType: Any.Type { get }
    static func read(key: String, from source: LinkSource) throws(LinkDecodingError) -> Self
}

extension Optional: LinkOptionalValue where Wrapped: Decodable {
    static var absent: Self { nil }
    static var wrappedType: Any.Type { Wrapped.self }

    static func read(key: String, from source: LinkSource) throws(LinkDecodingError) -> Self {
        guard let text = source.text(for: key) else { return nil }
        return .some(try LinkValueDecoding.decode(Wrapped.self, text: text, of: key, in: source))
    }
}
