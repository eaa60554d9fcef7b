import DispatchKit

/// A product page's tab, read from `?tab=reviews`.
enum ProductTab: String, Codable, Sendable {
    case details, reviews, questions
}

/// The typed link of the product class: the shape of the typed-links example (an `Int` from the
/// pattern's `:id<int>`, an enum and a string from the query, both optional).
struct ProductLink: DispatchLink, Equatable {
    var id: Int
    var tab: ProductTab?
    var from: String?
}

/// The product routes, the same for the three product classes: with a scheme and host, so that a
/// link builds exactly the URL string the other two dispatch.
private let productPatterns: [RoutePattern] = ["app://host/product/:id<int>", "app://host/p/:id<int>"]

/// The typed hit class: the center decodes its link before creating it, and ``execute(with:)``
/// uses every value, so the decode cannot be skipped.
final class TypedProductActivity: LinkActivity<ProductLink> {
    override class var patterns: [RoutePattern] { productPatterns }

    override func execute(with link: ProductLink) throws {
        ProductSink.total &+= link.id &+ (link.tab?.rawValue.utf8.count ?? 0) &+ (link.from?.utf8.count ?? 0)
    }
}

/// The plain hit class: the same routes, the same values read as strings, as an activity without a
/// link type reads them (`parameters`, and ``DispatchActivity/query`` for the query).
final class PlainProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { productPatterns }

    override func execute() throws {
        ProductSink.total &+=
            (parameters["id"]?.utf8.count ?? 0) &+ (query["tab"]?.utf8.count ?? 0)
            &+ (query["from"]?.utf8.count ?? 0)
    }
}

/// The plain hit class that reads nothing, as the dispatch benchmark's module classes: what the
/// dispatch costs before an activity looks at its values.
final class SilentProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { productPatterns }

    override func execute() throws {}
}

/// Where the product classes put what they read, so that the reads cannot be optimised away.
@MainActor
enum ProductSink {
    static var total = 0
}

/// The typed-link benchmark's centers and bodies: the dispatch benchmark's module classes
/// (``Modules``), plus one product class, plain or typed, which every lookup reaches.
@MainActor
enum TypedLinkSubject {
    /// A center with the classes of `moduleCount` modules and `hitClass`, its index built.
    static func center(moduleCount: Int, hitClass: DispatchActivity.Type) -> DispatchCenter {
        let center = Modules.center(moduleCount: moduleCount)
        center.register(hitClass)
        Modules.freeze(center)
        return center
    }

    /// `center.dispatch(link)`: the URL built from the link, then dispatched.
    static func valueBody(_ center: DispatchCenter, _ links: [ProductLink]) -> (Int) -> Int {
        var next = 0
        return { operations in
            var handled = 0
            for _ in 0..<operations {
                if center.dispatch(links[next]).isHandled { handled += 1 }
                next = (next + 1) & (links.count - 1)
            }
            return handled &+ ProductSink.total
        }
    }

    /// `center.dispatch(string)` of the URL formatted from the link's values, as a caller without
    /// typed links writes it: what `dispatch(link)` replaces.
    static func formattedBody(_ center: DispatchCenter, _ links: [ProductLink]) -> (Int) -> Int {
        var next = 0
        return { operations in
            var handled = 0
            for _ in 0..<operations {
                if center.dispatch(format(links[next])).isHandled { handled += 1 }
                next = (next + 1) & (links.count - 1)
            }
            return handled &+ ProductSink.total
        }
    }

    /// `app://host/product/42?tab=reviews&from=push`, by string interpolation. The benchmark's
    /// values need no escaping; an app's would, which this leaves out in the plain side's favour.
    static func format(_ link: ProductLink) -> String {
        var url = "app://host/product/\(link.id)"
        var separator = "?"
        if let tab = link.tab {
            url += "\(separator)tab=\(tab.rawValue)"
            separator = "&"
        }
        if let from = link.from { url += "\(separator)from=\(from)" }
        return url
    }

    /// Stops the run unless every class of the benchmark is given what the lookup says: the
    /// plain class the strings, the typed class the link, and the link the same URL string.
    static func check(
        _ lookups: ArraySlice<ProductLinks.Lookup>, plain: DispatchCenter, typed: DispatchCenter,
        silent: DispatchCenter
    ) {
        for lookup in lookups {
            let link = lookup.link
            guard format(link) == lookup.url else {
                fatalError("typed links, formatted: \(link) gave \(format(link)), not \(lookup.url)")
            }
            let plainActivity = plain.dispatch(lookup.url).activity
            guard let plainActivity = plainActivity as? PlainProductActivity,
                plainActivity.parameters == ["id": String(link.id)],
                plainActivity.query["tab"] == link.tab?.rawValue, plainActivity.query["from"] == link.from
            else {
                fatalError("typed links, plain: \(lookup.url) did not give \(link) as strings")
            }
            let typedActivity = typed.dispatch(lookup.url).activity as? TypedProductActivity
            guard (try? typedActivity?.link(as: ProductLink.self)) == link else {
                fatalError("typed links, typed URL: \(lookup.url) did not decode as \(link)")
            }
            guard (try? typed.url(for: link))?.description == lookup.url,
                let valueActivity = typed.dispatch(link).activity as? TypedProductActivity,
                (try? valueActivity.link(as: ProductLink.self)) == link
            else {
                fatalError("typed links, typed value: \(link) did not build and dispatch \(lookup.url)")
            }
            guard silent.dispatch(lookup.url).activity is SilentProductActivity else {
                fatalError("typed links, plain reading nothing: \(lookup.url) missed the product class")
            }
        }
    }
}
