import Foundation

/// How one value of a link is read from its text: the one rule for every type a link property can
/// have that the keyed container has no overload of its own for, shared by the keyed container,
/// arrays' elements and the schema probe.
///
/// These functions run unspecialised (the link's types are the app's), where every `T?` of a
/// generic `T` and every `as? T` costs a look-up of `Optional<T>` in the runtime's metadata cache,
/// and a dispatch of a typed link decodes several values. So a value found to be of type `T` is
/// returned as `T`, never through an optional of it (``reinterpret(_:as:)``).
enum LinkValueDecoding {
    /// `T` from the value of `key` in `source`, or `nil` if it has none.
    ///
    /// - Throws: A ``LinkDecodingError`` naming `key`, whose activity the caller adds.
    static func decodeIfPresent<T: Decodable>(_: T.Type, key: String, from source: LinkSource)
        throws(LinkDecodingError) -> T?
    {
        guard let text = source.text(for: key) else { return nil }
        return try decode(T.self, text: text, of: key, in: source)
    }

    /// `T` from `text`, the value of `key` in `source`: what ``decodeIfPresent(_:key:from:)`` does
    /// once it found the text, for a caller that has it and must not make a `T?`.
    ///
    /// - Throws: A ``LinkDecodingError`` naming `key`, whose activity the caller adds.
    static func decode<T: Decodable>(_: T.Type, text: String, of key: String, in source: LinkSource)
        throws(LinkDecodingError) -> T
    {
        do throws(LinkDecodingError) {
            // An array reads every value of its key, not only the first.
            return try decode(T.self, text: text, listOf: key, in: source)
        } catch {
            throw error.naming(key: key)
        }
    }

    /// `T` for a key with no value: an array is empty; anything else is missing, unless no URL
    /// can carry `T` (a nested struct, a dictionary): then adding the value would not help, and
    /// the error says that instead. So is an array of elements no URL can carry (an array of
    /// arrays), as it is when its key has values.
    static func decodeAbsent<T: Decodable>(_: T.Type, key: String) throws(LinkDecodingError) -> T {
        guard let repeated = T.self as? any RepeatedLinkValue.Type else {
            do throws(LinkDecodingError) {
                _ = try decode(T.self, text: "")
            } catch {
                if error.reason == .unsupported { throw error.naming(key: key) }
            }
            throw LinkDecodingError.value(nil, isNot: T.self, .missing).naming(key: key)
        }
        do throws(LinkDecodingError) {
            try repeated.checkElementType()
            return try decodeItself(T.self, from: .list([]))
        } catch {
            throw error.naming(array: T.self).naming(key: key)
        }
    }

    /// Whether `T` is read from one text by a rule of its own (``decode(_:text:)`` does not hand
    /// it to its own `init(from:)`), so that a URL carries any such type: found without decoding
    /// anything, for it is asked on the way to a value.
    static func readsFromText<T>(_: T.Type) -> Bool {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self), ObjectIdentifier(Int.self), ObjectIdentifier(Bool.self),
            ObjectIdentifier(Double.self), ObjectIdentifier(Float.self), ObjectIdentifier(Int8.self),
            ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
            ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self),
            ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self), ObjectIdentifier(UUID.self):
            return true
        case ObjectIdentifier(Date.self):
            return false
        default:
            break
        }
        if T.self is any LinkValueConvertible.Type { return true }
        if let raw = T.self as? any RawRepresentable.Type, rawKind(of: raw) != .other { return true }
        return T.self is any LosslessStringConvertible.Type
    }

    /// `T` from the text of one value: an array's element, a wrapper's inner value.
    static func decode<T: Decodable>(_: T.Type, text: String) throws(LinkDecodingError) -> T {
        try decode(T.self, text: text, listOf: nil, in: nil)
    }

    /// `T` read by the rule of its kind, in order:
    /// - a type the keyed container reads itself (`String`, `Bool`, the integers, `Double`,
    ///   `Float`), by its rule in ``LinkText``: met here as a generic property (`var value: Value`),
    ///   which a synthesised `Codable` conformance decodes with the generic `decode`;
    /// - a `UUID`: `8-4-4-4-12` hex digits;
    /// - a ``LinkValueConvertible`` type: ``LinkValueConvertible/init(linkValue:)``;
    /// - a `RawRepresentable` type whose raw value is a `String` or an `Int` (an enum): the raw
    ///   value must be one of its cases (read by the `Int` rule for an `Int`);
    /// - another `LosslessStringConvertible` type: `init?(_ description:)`;
    /// - any other type decodes itself (``decodeItself(_:from:)``): an array from every value of
    ///   `key` in `source` if they are given, anything else from `text` (an enum with another raw
    ///   type, a wrapper of a single value).
    private static func decode<T: Decodable>(
        _: T.Type, text: String, listOf key: String?, in source: LinkSource?
    )
        throws(LinkDecodingError) -> T
    {
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): return reinterpret(text, as: T.self)
        case ObjectIdentifier(Int.self):
            return reinterpret(try LinkScalar.integer(text, key: "") as Int, as: T.self)
        case ObjectIdentifier(Bool.self): return reinterpret(try LinkScalar.bool(text, key: ""), as: T.self)
        case ObjectIdentifier(Double.self):
            return reinterpret(try LinkScalar.double(text, key: ""), as: T.self)
        case ObjectIdentifier(Float.self): return reinterpret(try LinkScalar.float(text, key: ""), as: T.self)
        case ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self),
            ObjectIdentifier(Int64.self), ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self),
            ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt64.self):
            // The other widths share one read, opened on the width: a case of its own for each
            // copied the read into this function (and into each specialisation of it) nine times.
            if let integer = T.self as? any FixedWidthInteger.Type {
                return try fromInteger(integer, as: T.self, text: text)
            }
        case ObjectIdentifier(UUID.self):
            guard let uuid = LinkText.uuid(text) else { throw .value(text, isNot: T.self, .malformed) }
            return reinterpret(uuid, as: T.self)
        case ObjectIdentifier(Date.self):
            // Its own init(from:) reads seconds since 2001, a form no other party to a link writes.
            throw .value(nil, isNot: T.self, .unsupported)
        default:
            break
        }
        if let convertible = T.self as? any LinkValueConvertible.Type {
            return try fromConvertible(convertible, as: T.self, text: text)
        }
        if let raw = T.self as? any RawRepresentable.Type {
            let kind = rawKind(of: raw)
            if kind != .other { return try fromRawValue(raw, as: T.self, kind: kind, text: text) }
        }
        if let lossless = T.self as? any LosslessStringConvertible.Type {
            return try fromDescription(lossless, as: T.self, text: text)
        }
        if let key, let source, isRepeated(T.self) {
            do throws(LinkDecodingError) {
                return try decodeItself(T.self, from: .list(source.texts(for: key) ?? [text]))
            } catch {
                throw error.naming(array: T.self)
            }
        }
        return try decodeItself(T.self, from: .text(text))
    }

    private enum RawKind { case string, int, other }

    private static func rawKind<R: RawRepresentable>(of _: R.Type) -> RawKind {
        if R.RawValue.self == String.self { return .string }
        if R.RawValue.self == Int.self { return .int }
        return .other
    }

    /// `T`, which is `R`, from its raw value (a `String`, or an `Int` as `kind` says).
    private static func fromRawValue<R: RawRepresentable, T>(
        _: R.Type, as _: T.Type, kind: RawKind, text: String
    )
        throws(LinkDecodingError) -> T
    {
        let value: R?
        if kind == .int {
            guard let number = LinkText.integer(text, as: Int.self) else {
                throw .number(text, isNot: T.self, isNumber: LinkText.isInteger(text))
            }
            value = R(rawValue: reinterpret(number, as: R.RawValue.self))
        } else {
            value = R(rawValue: reinterpret(text, as: R.RawValue.self))
        }
        guard let value else { throw .value(text, isNot: T.self, .malformed) }
        return reinterpret(value, as: T.self)
    }

    /// `T`, which is the integer type `I`, by the rule of ``LinkText/integer(_:as:)``.
    private static func fromInteger<I: FixedWidthInteger, T>(_: I.Type, as _: T.Type, text: String)
        throws(LinkDecodingError) -> T
    {
        reinterpret(try LinkScalar.integer(text, key: "") as I, as: T.self)
    }

    /// `T`, which is `C`, from ``LinkValueConvertible/init(linkValue:)``.
    private static func fromConvertible<C: LinkValueConvertible, T>(_: C.Type, as _: T.Type, text: String)
        throws(LinkDecodingError) -> T
    {
        guard let value = C(linkValue: text) else { throw .value(text, isNot: T.self, .malformed) }
        return reinterpret(value, as: T.self)
    }

    /// `T`, which is `L`, from `init?(_ description:)`.
    private static func fromDescription<L: LosslessStringConvertible, T>(
        _: L.Type, as _: T.Type, text: String
    )
        throws(LinkDecodingError) -> T
    {
        guard let value = L(text) else { throw .value(text, isNot: T.self, .malformed) }
        return reinterpret(value, as: T.self)
    }

    /// `value` as `T`, its own type: for a value whose type was found equal to `T` at run time
    /// (`T.self == UUID.self`, or `T` opened as a protocol's existential), which the compiler cannot
    /// see. A copy, as `as? T` would make, without its optional.
    @inline(__always)
    static func reinterpret<Value, T>(_ value: Value, as _: T.Type) -> T {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: T.self) }
    }

    /// Whether `T` is an array, which reads every value of its key and is `[]` when there is none.
    static func isRepeated<T>(_: T.Type) -> Bool {
        T.self is any RepeatedLinkValue.Type
    }

    /// `T` from its own `init(from:)`, over a decoder that serves `content`: the errors it throws
    /// become ``LinkDecodingError``s that name `T`.
    private static func decodeItself<T: Decodable>(_: T.Type, from content: LinkValueDecoder.Content)
        throws(LinkDecodingError) -> T
    {
        do {
            return try T(from: LinkValueDecoder(content: content, type: T.self))
        } catch let error as LinkDecodingError {
            throw error
        } catch is DecodingError {
            // What a type's own init(from:) throws for a value it refuses: a raw value that is no case.
            throw .value(content.text, isNot: T.self, .malformed)
        } catch {
            throw .value(content.text, isNot: T.self, .rejected(String(describing: error)))
        }
    }
}

/// An array: it reads every value of its key, and is `[]` when there is none. The conformance is
/// how the decoder tells an array from a scalar without decoding it, how the encoder tells it
/// from other types that write lists, and how the schema probe learns its element type.
protocol RepeatedLinkValue {
    /// The type of one element.
    static var elementType: Any.Type { get }

    /// Whether `text` decodes as one element.
    static func elementAccepts(_ text: String) -> Bool

    /// Throws if no URL can carry an element (an array, a nested struct): what an array with no
    /// value, which decodes no element, fails with, as it fails when it has values.
    static func checkElementType() throws(LinkDecodingError)
}

extension Array: RepeatedLinkValue where Element: Decodable {
    static var elementType: Any.Type { Element.self }

    static func elementAccepts(_ text: String) -> Bool {
        (try? LinkValueDecoding.decode(Element.self, text: text)) != nil
    }

    static func checkElementType() throws(LinkDecodingError) {
        // The common elements read from a text: nothing to try, and no error made on the way to
        // a value. Any other element decodes itself, and is tried on an empty text.
        if LinkValueDecoding.readsFromText(Element.self) { return }
        do throws(LinkDecodingError) {
            _ = try LinkValueDecoding.decode(Element.self, text: "")
        } catch {
            if error.reason == .unsupported { throw error }
        }
    }
}

extension LinkDecodingError {
    /// An error about a value, whose key and activity the caller fills in. The type is named as
    /// every message names it (`ProductActivity.Tab`, not `Tab`): worked out here, when decoding
    /// has failed, never on the way to a value.
    static func value(_ text: String?, isNot type: Any.Type, _ reason: Reason) -> LinkDecodingError {
        LinkDecodingError(activity: "", key: "", text: text, expectedType: linkTypeName(type), reason: reason)
    }

    /// A number that did not read: out of range if it is a number at all, else malformed.
    static func number(_ text: String, isNot type: Any.Type, isNumber: Bool) -> LinkDecodingError {
        value(text, isNot: type, isNumber ? .outOfRange : .malformed)
    }

    /// The same error, with `key` if it names none yet.
    func naming(key: String) -> LinkDecodingError {
        guard self.key.isEmpty else { return self }
        return LinkDecodingError(
            activity: activity, key: key, text: text, expectedType: expectedType, reason: reason)
    }

    /// The same error, naming the type of an array, `array`, for an element no URL can carry: the
    /// property's type (`Array<Array<String>>`), not the element's, is what cannot be read. An
    /// element that does not decode keeps the element's type (`"x" is not an Int`).
    func naming(array: Any.Type) -> LinkDecodingError {
        guard reason == .unsupported else { return self }
        return LinkDecodingError(
            activity: activity, key: key, text: text, expectedType: linkTypeName(array), reason: reason)
    }

    /// The same error, naming `activity`.
    package func naming(activity: String) -> LinkDecodingError {
        LinkDecodingError(
            activity: activity, key: key, text: text, expectedType: expectedType, reason: reason)
    }
}
