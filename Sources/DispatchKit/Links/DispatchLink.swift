/// A typed link: what an activity's URL says, as a Swift value.
///
/// Declare a `Codable` struct whose properties are the URL's values, and let the activity take it
/// instead of reading strings. The center decodes it from the URL before the activity exists —
/// the winning pattern's parameters first, then the query — and the same type builds the URL
/// back from the activity's patterns:
///
/// ```swift
/// enum ProductTab: String, Codable, Sendable { case details, reviews }
///
/// final class ProductActivity: LinkActivity<ProductActivity.Link> {
///     struct Link: DispatchLink {
///         var id: Int  // from the pattern's :id<int>
///         var tab: ProductTab?  // from ?tab=reviews
///         var from: String?
///     }
///
///     override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
///
///     override func execute(with link: Link) throws {
///         print("push ProductPage(id: \(link.id), tab: \(link.tab ?? .details))")
///     }
/// }
///
/// @MainActor func openReviews(in center: DispatchCenter) {
///     center.dispatch(ProductActivity.Link(id: 42, tab: .reviews))  // dispatches /product/42?tab=reviews
/// }
/// ```
///
/// ## Decoding
/// Each property is read under its coding key: from the winning pattern's parameter of that name,
/// else from the query item of that name (a path parameter wins over a query item; other query
/// items, such as `utm_source`, are ignored). The segments a trailing `*` matched are under the key
/// `wildcard`: a `[String]` property gets them as they are, a `String` property gets them joined
/// with `/`. For a pattern with a `*` the key is always present (`[]` or `""` when it matched
/// nothing), so declare such a property non-optional.
///
/// | property type | accepted text |
/// |---|---|
/// | `String` | any, including empty |
/// | `Int`, `Int8` … `Int64`, `UInt` … `UInt64` | an optional `-` and ASCII digits, leading zeros allowed; `-0` is 0. No `+`, spaces, fraction or exponent. A value the type cannot hold is out of range |
/// | `Double`, `Float` | decimal: an optional `-`, digits, an optional fraction (`.5` needs its `0`), an optional exponent (`1e3`, `2.5E-4`). No `nan`, `inf`, hexadecimal or `+`. A value that rounds to infinity is out of range |
/// | `Bool` | `true`, `false` (in any case), `1`, `0`; not `yes`, `no`, `on`, `off` or empty |
/// | `UUID` | `8-4-4-4-12` hexadecimal digits, either case |
/// | an enum with a `String` or integer raw value | a raw value of one of its cases, by the rule of its raw type |
/// | a ``LinkValueConvertible`` type | what its ``LinkValueConvertible/init(linkValue:)`` accepts |
/// | another `LosslessStringConvertible` type | what its `init?(_ description:)` accepts |
/// | an array of any of the above | every query item of that name, in order (`?tag=a&tag=b`); no item is `[]` |
/// | an optional of any of the above | no value is `nil`; a value that does not decode fails, it is never read as `nil` |
///
/// A present but empty value (`?from=`) is `""` for a `String` and malformed for the other
/// built-in types.
/// Nested structs, dictionaries, sets, `Data` and arrays of arrays cannot be read from a URL, and
/// neither can a `Date`, which has no single form in a URL (use an `Int` or `Double` of seconds
/// since 1970, or a ``LinkValueConvertible`` type of your own that reads the form your links use):
/// decoding one fails naming its key, whether the URL has a value for it or not (an optional one
/// is `nil` when it has none). Every failure is a ``LinkDecodingError`` naming the activity, the
/// key, the text and the type (by its name with the types it is nested in,
/// `ProductActivity.Tab`, as every message of DispatchKit names it); the center reports it as
/// ``DispatchFailure/invalidLink(_:)`` before the activity is created.
///
/// `DispatchCenter.validate()` and the release compatibility check read an enum's cases without
/// a URL: those of a `CaseIterable` enum, and of any enum without associated values of 2 to 255
/// cases. Make an enum of more cases (or of one) `CaseIterable`, so that a case removed from it is
/// reported; `validate()` notes such a property.
///
/// ## Encoding
/// ``DispatchCenter/url(for:)`` and ``DispatchCenter/dispatch(_:userInfo:source:skippingInterceptors:)-(DispatchLink,_,_,_)``
/// build the URL from the first of the activity's patterns, in declaration order, whose
/// parameters the value fills, each with a value the parameter admits (`<int>`, `<uuid>`, a
/// `<a|b>` list). The key `wildcard` fills a trailing `*`; every other value becomes a query item,
/// in the order the type encodes its keys (a synthesised `Codable` conformance: declaration order),
/// arrays as repeated items, `nil` left out. A `Bool` is written `true` or `false`, a `Double` or
/// `Float` in the shortest form that reads back as the same value, a `UUID` in uppercase, an enum
/// as its raw value, a host parameter as a URL's host reads (lowercased, an international name in
/// its ASCII form: `Shop.Example.com` is written `shop.example.com`). A value that decoding
/// refuses is not written: a nested struct, a dictionary, a `Date`, a non-finite number, and
/// anything but an array that writes several values (a set, `Data`) fail with
/// ``LinkEncodingError``, as does a URL over the center's ``DispatchCenter/urlLimits``, which the
/// center would refuse as input. Decoding the URL built gives the value back, with two
/// exceptions: an empty optional array and `nil` both write no item (and read back as `nil`), and
/// a host parameter reads back as it is written (`shop.example.com`).
///
/// A module link's case dispatched as a value reaches its activity as the value itself, not
/// decoded from its URL again, when the URL reaches that case unchanged (no other class or case
/// claims it, no redirect rule rewrites it) and reads back as written (a pattern of literals and
/// parameters, no empty array). A struct link is decoded from its URL, so that its type's own
/// `init(from:)` checks the value as it checks any URL.
public protocol DispatchLink: Codable, Sendable {
    /// The routes of a module link: each case of the enum with the patterns that open it and,
    /// where they differ from its class's, its exposure and priority (see ``LinkRoute``). Empty
    /// for a struct link, whose class lists its ``DispatchActivity/patterns``.
    ///
    /// The pattern that matches a URL selects the case, and the case's associated values are
    /// read by label as a struct link's properties are: a path parameter of that name, else the
    /// query. Building a URL from a case uses the first of its patterns that fits.
    ///
    /// ```swift
    /// final class ShopModule: LinkActivity<ShopModule.Link> {
    ///     enum Link: DispatchLink {
    ///         case product(id: Int, tab: ProductTab?)
    ///         case search(q: String, tag: [String])
    ///         case settings
    ///
    ///         static let routes: [LinkRoute<Link>] = [
    ///             .external("/product/:id<int>", to: product),
    ///             .external("/search", to: search),
    ///             .route("/settings", to: settings),
    ///         ]
    ///     }
    ///
    ///     override func execute(with link: Link) throws {
    ///         switch link {
    ///         case .product(let id, let tab): print("push ProductPage(\(id), \(tab ?? .details))")
    ///         case .search(let q, let tags): print("push SearchPage(\(q), \(tags))")
    ///         case .settings: print("push SettingsPage")
    ///         }
    ///     }
    /// }
    /// ```
    static var routes: [LinkRoute<Self>] { get }
}

extension DispatchLink {
    /// No routes: a struct link's class lists its patterns.
    public static var routes: [LinkRoute<Self>] { [] }
}
