/// A type a ``DispatchLink`` property can have beyond the built-in ones: a custom identifier, a
/// slug, a version — anything that reads from one piece of a URL and writes back to one.
///
/// ```swift
/// struct SKU: LinkValueConvertible, Codable, Hashable {
///     let code: String
///
///     init?(linkValue: String) {
///         guard linkValue.count == 8, linkValue.allSatisfy(\.isLetter) else { return nil }
///         code = linkValue.uppercased()
///     }
///
///     var linkValue: String { code }
/// }
///
/// struct ItemLink: DispatchLink {
///     var sku: SKU  // /item/:sku reads "abcdefgh" as SKU(code: "ABCDEFGH")
/// }
/// ```
///
/// A link reads and writes such a property with these two members only, whatever its `Codable`
/// conformance does.
public protocol LinkValueConvertible {
    /// Reads a value from the text a URL carries (a path segment or a query item, decoded), or
    /// returns `nil` if the text is malformed: the link then fails to decode, with a
    /// ``LinkDecodingError`` naming the key, the text and this type.
    ///
    /// - Parameter linkValue: The decoded text.
    init?(linkValue: String)

    /// The text the URL carries for this value. Reading it back with ``init(linkValue:)`` should
    /// give an equal value.
    var linkValue: String { get }
}
