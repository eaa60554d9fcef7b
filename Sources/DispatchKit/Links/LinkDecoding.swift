/// Decoding a whole link: the one entry point the center, ``DispatchActivity/link(as:)`` and the
/// schema probe share.
enum LinkDecoding {
    /// `Link` from `source`.
    ///
    /// - Parameter activity: The class the link is decoded for, which errors name (the link type
    ///   when `nil`). Read only when decoding fails.
    /// - Throws: A ``LinkDecodingError`` naming the activity, the key, the text and the type.
    static func decode<Link: Decodable>(
        _: Link.Type, from source: LinkSource, case linkCase: LinkCase? = nil, for activity: Any.Type?
    ) throws(LinkDecodingError) -> Link {
        do {
            // A case read by its route's function of its values, else by the type's own init(from:).
            if let reader = linkCase?.reader, reader.reads(Link.self) {
                return try reader.read(Link.self, from: source)
            }
            return try Link(from: LinkDecoder(source: source, caseName: linkCase?.name))
        } catch {
            throw failure(error, decoding: Link.self, for: activity)
        }
    }

    /// What `error`, thrown while decoding `link`, reports. Out of line: the error path.
    @inline(never)
    private static func failure(_ error: any Error, decoding link: Any.Type, for activity: Any.Type?)
        -> LinkDecodingError
    {
        let name = activity.map { String(describing: $0) } ?? linkTypeName(link)
        if let error = error as? LinkDecodingError { return error.naming(activity: name) }
        // The link type's own init(from:) threw: name the key it was at, if it says.
        var key = ""
        if let decoding = error as? DecodingError {
            switch decoding {
            case .keyNotFound(let missing, _): key = missing.stringValue
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                key = context.codingPath.last?.stringValue ?? ""
            @unknown default: break
            }
        }
        return LinkDecodingError(
            activity: name, key: key, text: nil, expectedType: linkTypeName(link),
            reason: .rejected(String(describing: error)))
    }
}

/// A link the center decoded before creating its activity, carried by the request. A class, so
/// that a request holds one reference whatever the link's size, and a plain request holds none;
/// not generic, so that making and reading one looks up no generic type at run time.
final class DecodedLink: Sendable {
    private let value: any DispatchLink
    /// The type of ``value``.
    private let type: ObjectIdentifier

    init<Link: DispatchLink>(_ link: Link) {
        self.value = link
        self.type = ObjectIdentifier(Link.self)
    }

    /// Whether the link is of type `type`.
    func holds(_ type: any DispatchLink.Type) -> Bool {
        self.type == ObjectIdentifier(type)
    }

    /// The link, if it is a `Link`.
    func link<Link: DispatchLink>(as _: Link.Type) -> Link? {
        guard type == ObjectIdentifier(Link.self) else { return nil }
        return Self.open(value, as: Link.self)
    }

    /// The link kept in memory of its own (``KeptLink``), if it is a `Link`: for unspecialised code,
    /// which would look `Optional<Link>` up in the runtime's metadata cache for ``link(as:)``.
    func kept<Link: DispatchLink>(as _: Link.Type) -> UnsafeMutablePointer<Link>? {
        guard type == ObjectIdentifier(Link.self) else { return nil }
        return KeptLink.keep(Self.open(value, as: Link.self))
    }

    /// `value`, opened, as `Link`, which its type was checked to be.
    private static func open<Value: DispatchLink, Link>(_ value: Value, as _: Link.Type) -> Link {
        LinkValueDecoding.reinterpret(value, as: Link.self)
    }
}
