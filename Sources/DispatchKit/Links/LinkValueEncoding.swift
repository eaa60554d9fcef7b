import Foundation

/// How one value of a link is written as text: the inverse of ``LinkValueDecoding``, by the same
/// rules of ``LinkText``.
enum LinkValueEncoding {
    /// The texts of `value`: one for a scalar, every element's for an array (`isList`).
    ///
    /// - Throws: A ``LinkEncodingFault`` (without its key) for what no URL can carry.
    static func texts<T: Encodable>(of value: T) throws(LinkEncodingFault) -> (texts: [String], isList: Bool)
    {
        if let text = try scalarText(of: value) { return ([text], false) }
        return try encodeItself(value, allowsList: true)
    }

    /// The one text of `value`, an element of an array: an array inside it cannot be written.
    static func text<T: Encodable>(of value: T) throws(LinkEncodingFault) -> String {
        if let text = try scalarText(of: value) { return text }
        let (texts, _) = try encodeItself(value, allowsList: false)
        guard let text = texts.first else {
            throw LinkEncodingFault(key: "", detail: "\(linkTypeName(T.self)) wrote no value")
        }
        return text
    }

    /// The text of a value that writes itself as one text by the link rules, in the order the
    /// decoder reads them: a `UUID` (uppercase), a ``LinkValueConvertible`` type, a finite `Double`
    /// or `Float` (the shortest form that reads back the same), a `RawRepresentable` type whose raw
    /// value is a `String` or an `Int` (its raw value), any other `LosslessStringConvertible` type
    /// (its description: a `Bool` is `true`/`false`); `nil` for a type that writes itself (an enum
    /// of another raw type, an array). A `Date` is refused, as the decoder refuses it.
    private static func scalarText<T>(of value: T) throws(LinkEncodingFault) -> String? {
        // `description` is `uuidString`, uppercase, on every platform.
        // The concrete types by their type, not by casting the value: a cast of a value that is
        // not one (an enum, most often) cost as much as writing it.
        if T.self == UUID.self { return LinkValueDecoding.reinterpret(value, as: UUID.self).description }
        // Its own encode(to:) writes seconds since 2001, a form no other party to a link reads.
        if T.self == Date.self { throw LinkEncodingFault(key: "", detail: LinkDecodingError.dateAdvice) }
        if let convertible = T.self as? any LinkValueConvertible.Type {
            return linkValue(of: value, as: convertible)
        }
        if T.self == Double.self {
            let double = LinkValueDecoding.reinterpret(value, as: Double.self)
            return try finite(LinkText.text(of: double), double)
        }
        if T.self == Float.self {
            let float = LinkValueDecoding.reinterpret(value, as: Float.self)
            return try finite(LinkText.text(of: float), float)
        }
        if let raw = T.self as? any RawRepresentable.Type, let text = rawText(of: value, as: raw) {
            return text
        }
        if let lossless = T.self as? any LosslessStringConvertible.Type {
            return description(of: value, as: lossless)
        }
        return nil
    }

    // `value`, of a type found to conform by its metatype, opened as that type: a cast of the value
    // itself to an existential cost several times more.

    private static func linkValue<T, C: LinkValueConvertible>(of value: T, as _: C.Type) -> String {
        LinkValueDecoding.reinterpret(value, as: C.self).linkValue
    }

    private static func rawText<T, R: RawRepresentable>(of value: T, as _: R.Type) -> String? {
        rawText(of: LinkValueDecoding.reinterpret(value, as: R.self))
    }

    private static func description<T, L: LosslessStringConvertible>(of value: T, as _: L.Type) -> String {
        LinkValueDecoding.reinterpret(value, as: L.self).description
    }

    /// The raw value of `value` as text, for a `String` or `Int` raw type: what the decoder reads
    /// such a type by, whatever its own `Codable` conformance writes.
    static func rawText<R: RawRepresentable>(of value: R) -> String? {
        if R.RawValue.self == String.self {
            return LinkValueDecoding.reinterpret(value.rawValue, as: String.self)
        }
        if R.RawValue.self == Int.self {
            return String(LinkValueDecoding.reinterpret(value.rawValue, as: Int.self))
        }
        return nil
    }

    private static func finite(_ text: String?, _ value: Any) throws(LinkEncodingFault) -> String {
        guard let text else { throw LinkEncodingFault(key: "", detail: "\(value) is not a finite number") }
        return text
    }

    /// `value` written by its own `encode(to:)`: one single value (an enum's raw value), or, if
    /// `allowsList` and it is an array, an unkeyed list (its elements).
    private static func encodeItself<T: Encodable>(_ value: T, allowsList: Bool) throws(LinkEncodingFault)
        -> (texts: [String], isList: Bool)
    {
        let storage = LinkValueEncoderStorage()
        do {
            try value.encode(
                to: LinkValueEncoder(storage: storage, valueType: T.self, allowsList: allowsList))
        } catch let fault as LinkEncodingFault {
            throw fault
        } catch {
            throw LinkEncodingFault(key: "", detail: "\(linkTypeName(T.self)) refused to encode: \(error)")
        }
        if let fault = storage.fault { throw fault }
        guard storage.isList || storage.texts.count == 1 else {
            throw LinkEncodingFault(key: "", detail: "\(linkTypeName(T.self)) wrote no value")
        }
        return (storage.texts, storage.isList)
    }
}

/// What one value wrote: a single text, or a list.
final class LinkValueEncoderStorage: LinkFaultRecording {
    var texts: [String] = []
    var isList = false
    var fault: LinkEncodingFault?
}

/// The encoder a type that writes itself (an enum, an array) receives for one value.
struct LinkValueEncoder: Encoder {
    let storage: LinkValueEncoderStorage
    /// The type of the value, which may write a list only if it is an array.
    let valueType: Any.Type
    /// Whether the value may be a list: an array may, its elements may not.
    let allowsList: Bool

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            LinkRefusingContainer<Key>(
                LinkEncodingFault(key: "", detail: "a nested container"), recordedBy: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard allowsList else {
            return LinkRefusingContainer<LinkKey>(
                LinkEncodingFault(key: "", detail: "an array inside an array"), recordedBy: storage)
        }
        // Only an array reads its repeated items back: a set, bytes (`Data`), a range or a
        // dictionary whose keys are not texts write lists too, which the decoder refuses.
        guard valueType is any RepeatedLinkValue.Type else {
            let detail =
                "\(linkTypeName(valueType)) is not an array: only an array is written as repeated items"
            return LinkRefusingContainer<LinkKey>(
                LinkEncodingFault(key: "", detail: detail), recordedBy: storage)
        }
        storage.isList = true
        return LinkListEncodingContainer(storage: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LinkSingleValueEncodingContainer(storage: storage)
    }
}

/// One value: an enum writes its raw value here.
struct LinkSingleValueEncodingContainer: SingleValueEncodingContainer {
    let storage: LinkValueEncoderStorage

    var codingPath: [any CodingKey] { [] }

    func encodeNil() throws {
        throw storage.record(LinkEncodingFault(key: "", detail: "a nil value inside a value"))
    }

    /// Also what each scalar type's `encode` (`Int8`, `Double`, …) is: never specialised for one,
    /// which would copy the text rules once per type into the binary.
    @_semantics("optimize.sil.specialize.generic.never")
    func encode<T: Encodable>(_ value: T) throws {
        storage.texts = [try LinkValueEncoding.text(of: value)]
    }
}

/// An array's elements, one text each.
struct LinkListEncodingContainer: UnkeyedEncodingContainer {
    let storage: LinkValueEncoderStorage

    var codingPath: [any CodingKey] { [] }
    var count: Int { storage.texts.count }

    func encodeNil() throws {
        // An absent element cannot be told apart from no element.
        throw storage.record(LinkEncodingFault(key: "", detail: "an array with a nil element"))
    }

    /// Also what each scalar type's `encode` (`Int8`, `Double`, …) is: never specialised for one,
    /// which would copy the text rules once per type into the binary.
    @_semantics("optimize.sil.specialize.generic.never")
    func encode<T: Encodable>(_ value: T) throws {
        storage.texts.append(try LinkValueEncoding.text(of: value))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(
            LinkRefusingContainer<NestedKey>(
                LinkEncodingFault(key: "", detail: "a nested container"), recordedBy: storage))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        LinkRefusingContainer<LinkKey>(
            LinkEncodingFault(key: "", detail: "an array inside an array"), recordedBy: storage)
    }

    func superEncoder() -> any Encoder {
        LinkRefusingEncoder(fault: LinkEncodingFault(key: "", detail: "a nested container"), storage: storage)
    }
}
