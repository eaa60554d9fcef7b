/// The cases of a link property's type, listed without a URL: what ``LinkSchema/Field/caseTexts``
/// holds, so that `validate()` can compare a `<a|b>` list with an enum, and the route manifest can
/// record an enum's raw values for release compatibility to compare.
///
/// Only `DispatchCenter.validate()`, the route manifest and the compatibility check ask for it
/// (through ``LinkSchema``): decoding and building links never list cases.
enum LinkEnumCases {
    /// Each case of `type`, as a URL writes it: in the order of `allCases` for a `CaseIterable`
    /// type, else in declaration order for an enum without associated values of 2 to 255 cases
    /// (see ``values(of:)``); `nil` for any other type, and for a case a URL cannot write.
    static func texts(of type: Any.Type) -> [String]? {
        if let iterable = type as? any CaseIterable.Type { return texts(ofAllCasesOf: iterable) }
        guard let raw = type as? any RawRepresentable.Type else { return nil }
        return texts(ofValuesOf: raw)
    }

    /// Whether `type` may be an enum whose cases ``texts(of:)`` cannot list: a `RawRepresentable`
    /// type of at most 4 bytes whose cases are not listed (`listed`, what ``texts(of:)`` gave for
    /// it, is `nil`). An enum without associated values is stored in at most 4 bytes (the number
    /// of its case), so a larger type (a struct of a `String`, an `Int`) is none and has no cases
    /// to list.
    static func mayHaveUnlistedCases(_ type: Any.Type, listed: [String]?) -> Bool {
        guard listed == nil, let raw = type as? any RawRepresentable.Type else { return false }
        return size(of: raw) <= 4
    }

    private static func size<T>(of _: T.Type) -> Int { MemoryLayout<T>.size }

    private static func texts<C: CaseIterable>(ofAllCasesOf _: C.Type) -> [String]? {
        var texts: [String] = []
        for value in C.allCases {
            guard let text = text(of: value) else { return nil }
            texts.append(text)
        }
        return texts
    }

    private static func texts<R: RawRepresentable>(ofValuesOf _: R.Type) -> [String]? {
        guard let values = values(of: R.self) else { return nil }
        var texts: [String] = []
        for value in values {
            guard let text = text(of: value) else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// `value` as a URL writes it: by the link encoder's rules if it is `Encodable`, else its
    /// `String` or `Int` raw value (what the decoder reads such a type by).
    private static func text<T>(of value: T) -> String? {
        if let encodable = value as? any Encodable { return try? LinkValueEncoding.text(of: encodable) }
        guard let raw = value as? any RawRepresentable else { return nil }
        return LinkValueEncoding.rawText(of: raw)
    }

    /// Every value of `T`, in declaration order, if `T` is an enum without associated values of
    /// 2 to 255 cases; else `nil`.
    ///
    /// Such an enum is stored in one byte holding the number of its case, in declaration order:
    /// its values are the bytes `0..<n`. The bytes from `n` on are no value of it, and Swift keeps
    /// them to store an optional's `nil` in the same byte: `T?` is then one byte too, and its
    /// `nil` is the byte `n`. So the bytes 0, 1, 2… read as a `T?` are the cases until the first
    /// `nil`, and no byte is read as a `T` that is not one of its values. An enum of 256 cases
    /// leaves no byte spare (`T?` takes two), and a `UInt8` or a struct of one has no spare byte
    /// either: `nil`. A type of one byte with spare bytes that is not such an enum (a struct of a
    /// `Bool` or of such an enum; an enum with associated values, whose first value, the byte 0,
    /// is a case with its payload) is told apart by its values' `Mirror`, and is `nil` too.
    ///
    /// A type of no bytes is `nil` as well: an enum of one case has one value, but an enum of no
    /// case has the same layout and no value at all, and using a value made up for it crashes.
    static func values<T>(of _: T.Type) -> [T]? {
        guard MemoryLayout<T>.size == 1, MemoryLayout<T?>.size == 1 else { return nil }
        var values: [T] = []
        for byte in UInt8.min...UInt8.max {
            guard let value = withUnsafeBytes(of: byte, { $0.load(as: T?.self) }) else { return values }
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .enum, mirror.children.isEmpty else { return nil }
            values.append(value)
        }
        // Unreachable: a `T?` of one byte keeps at least one byte for `nil`.
        return nil
    }
}
