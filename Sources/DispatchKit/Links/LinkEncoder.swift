import Foundation

/// What a link value says, key by key, in the order the type encodes them: the one form the URL
/// builder, ``DispatchCenter/url(for:)`` and the route manifest's examples read.
struct LinkEntries {
    /// One key's value, as the text a URL carries.
    struct Entry: Equatable {
        let key: String
        /// One text for a scalar; every element's, in order, for an array (possibly none).
        let texts: [String]
        /// Whether the value is an array: written as repeated query items, never in the path.
        let isList: Bool
    }

    private(set) var entries: [Entry] = []
    /// The case of a module link, whose associated values are the entries; `nil` for a struct link.
    private(set) var caseName: String?

    /// The entries of `link`, `nil` values left out.
    ///
    /// - Throws: ``LinkEncodingError/Reason/unsupportedValue(key:detail:)`` for a value no URL can
    ///   carry: a nested container, a non-finite number.
    static func of<Link: Encodable>(_ link: Link) throws(LinkEncodingError) -> LinkEntries {
        let storage = LinkEncoderStorage()
        // Room for a typical link's keys at once: growing the array key by key reallocated it
        // twice or three times per value dispatched.
        storage.entries.reserveCapacity(8)
        do {
            try link.encode(to: LinkEncoder(storage: storage))
            // A container that cannot be written was asked for, whether or not anything was put in it.
            if let fault = storage.fault { throw fault }
        } catch let fault as LinkEncodingFault {
            throw LinkEncodingError(
                linkType: linkTypeName(Link.self), activity: nil,
                reason: .unsupportedValue(key: fault.key, detail: fault.detail))
        } catch {
            // The type's own encode(to:) threw.
            throw LinkEncodingError(
                linkType: linkTypeName(Link.self), activity: nil,
                reason: .unsupportedValue(key: "", detail: String(describing: error)))
        }
        return LinkEntries(entries: storage.entries, caseName: storage.caseName)
    }

    /// The entry of `key`, if the value has one.
    func entry(_ key: String) -> Entry? {
        entries.first { $0.key == key }
    }
}

/// Why a value cannot be written: the key, and what about it.
struct LinkEncodingFault: Error {
    var key: String
    let detail: String
}

/// Where the first value that cannot be written is recorded: a container an `Encoder` hands out
/// cannot throw, so one that refuses records why, and the encoding ends with that error.
protocol LinkFaultRecording: AnyObject {
    var fault: LinkEncodingFault? { get set }
}

extension LinkFaultRecording {
    /// Records `fault` unless one is already recorded, and returns it to throw.
    @discardableResult
    func record(_ fault: LinkEncodingFault) -> LinkEncodingFault {
        if self.fault == nil { self.fault = fault }
        return fault
    }
}

/// The entries being written: one object that every container of one encoding appends to.
final class LinkEncoderStorage: LinkFaultRecording {
    var entries: [LinkEntries.Entry] = []
    var fault: LinkEncodingFault?
    /// The case an enum link encoded itself as: the key of the one container it nested in the
    /// outer one before writing anything.
    var caseName: String?

    /// Adds `key`'s value, replacing an earlier one of the same key (a type that encodes a key
    /// twice means the last).
    func set(_ key: String, texts: [String], isList: Bool) {
        let entry = LinkEntries.Entry(key: key, texts: texts, isList: isList)
        if let existing = entries.firstIndex(where: { $0.key == key }) {
            entries[existing] = entry
        } else {
            entries.append(entry)
        }
    }
}

/// The encoder a ``DispatchLink`` writes itself to: named values only.
struct LinkEncoder: Encoder {
    let storage: LinkEncoderStorage

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(LinkKeyedEncodingContainer<Key>(storage: storage, isOuter: true))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        LinkRefusingContainer<LinkKey>(
            LinkEncodingFault(key: "", detail: "a link is named values, not a list"), recordedBy: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        LinkRefusingContainer<LinkKey>(
            LinkEncodingFault(key: "", detail: "a link is named values, not a single value"),
            recordedBy: storage)
    }
}

/// The link's values by key, each written as text by ``LinkValueEncoding``.
struct LinkKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: LinkEncoderStorage
    /// Whether this is the link's own container, where an enum link nests its case's.
    var isOuter = false

    var codingPath: [any CodingKey] { [] }

    /// A `nil` value is left out of the URL.
    func encodeNil(forKey _: Key) {}

    func encode(_ value: String, forKey key: Key) {
        storage.set(key.stringValue, texts: [value], isList: false)
    }
    func encode(_ value: Bool, forKey key: Key) {
        storage.set(key.stringValue, texts: [LinkText.text(of: value)], isList: false)
    }
    func encode(_ value: Double, forKey key: Key) throws { try floatingPoint(value, key) }
    func encode(_ value: Float, forKey key: Key) throws { try floatingPoint(value, key) }
    func encode(_ value: Int, forKey key: Key) { integer(Int64(value), key) }
    func encode(_ value: Int8, forKey key: Key) { integer(Int64(value), key) }
    func encode(_ value: Int16, forKey key: Key) { integer(Int64(value), key) }
    func encode(_ value: Int32, forKey key: Key) { integer(Int64(value), key) }
    func encode(_ value: Int64, forKey key: Key) { integer(value, key) }
    func encode(_ value: UInt, forKey key: Key) { integer(UInt64(value), key) }
    func encode(_ value: UInt8, forKey key: Key) { integer(UInt64(value), key) }
    func encode(_ value: UInt16, forKey key: Key) { integer(UInt64(value), key) }
    func encode(_ value: UInt32, forKey key: Key) { integer(UInt64(value), key) }
    func encode(_ value: UInt64, forKey key: Key) { integer(value, key) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        do throws(LinkEncodingFault) {
            let (texts, isList) = try LinkValueEncoding.texts(of: value)
            storage.set(key.stringValue, texts: texts, isList: isList)
        } catch {
            var fault = error
            fault.key = key.stringValue
            throw storage.record(fault)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        // An enum's synthesized encode(to:) writes its case as the one key of the outer container,
        // with the associated values nested under it.
        if isOuter, storage.caseName == nil, storage.entries.isEmpty {
            storage.caseName = key.stringValue
            return KeyedEncodingContainer(LinkKeyedEncodingContainer<NestedKey>(storage: storage))
        }
        return KeyedEncodingContainer(LinkRefusingContainer<NestedKey>(nested(key), recordedBy: storage))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        LinkRefusingContainer<LinkKey>(nested(key), recordedBy: storage)
    }

    func superEncoder() -> any Encoder {
        LinkRefusingEncoder(
            fault: LinkEncodingFault(key: "super", detail: "a nested container"), storage: storage)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        LinkRefusingEncoder(fault: nested(key), storage: storage)
    }

    /// What a nested container under `key` is refused as; recorded at once, even if nothing is
    /// written to it.
    private func nested(_ key: Key) -> LinkEncodingFault {
        storage.record(LinkEncodingFault(key: key.stringValue, detail: "a nested container"))
    }

    // Every width is written by one of two functions, not by one generic over the width that existed
    // once per integer type: a value widened to 64 bits has the same decimal text.

    private func integer(_ value: Int64, _ key: Key) {
        storage.set(key.stringValue, texts: [String(value)], isList: false)
    }

    private func integer(_ value: UInt64, _ key: Key) {
        storage.set(key.stringValue, texts: [String(value)], isList: false)
    }

    private func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T, _ key: Key)
        throws
    {
        guard let text = LinkText.text(of: value) else {
            throw LinkEncodingFault(key: key.stringValue, detail: "\(value) is not a finite number")
        }
        storage.set(key.stringValue, texts: [text], isList: false)
    }
}

extension LinkEntries {
    /// The case of a module link `link` is, as its `encode(to:)` names it before its values; `nil`
    /// for a value that names none (a struct link).
    static func caseName<Link: Encodable>(of link: Link) -> String? {
        let storage = LinkEncoderStorage()
        // The name is recorded before any value is written: a value that fails does not hide it.
        try? link.encode(to: LinkEncoder(storage: storage))
        return storage.caseName
    }
}
