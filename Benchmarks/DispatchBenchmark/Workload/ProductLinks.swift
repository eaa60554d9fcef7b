import DispatchTestSupport

/// The lookups of the typed-link benchmark: product links such as
/// `app://host/product/4821733?tab=reviews&from=push`, each with the value a typed link decodes
/// from it, which also builds it back.
///
/// Every lookup reaches the product class (the hit class); the tab and the origin vary, each
/// absent in a quarter of the links, so that the decoder meets present and absent optionals alike.
/// The query items are written in the order the link type encodes them (`tab`, then `from`), so
/// the URL the value builds is the same string. Everything comes from a fixed seed.
struct ProductLinks: Sendable {
    /// One lookup: the URL and the link it says.
    struct Lookup: Sendable {
        let url: String
        let link: ProductLink
    }

    let lookups: [Lookup]

    init(seed: UInt64 = 0x7_11E0_11D5) {
        var generator = SeededRandom(seed: seed)
        let tabs: [ProductTab?] = [nil, .details, .reviews, .questions]
        let origins: [String?] = [nil, "push", "share", "home_banner"]
        lookups = (0..<RouteSet.lookupCount).map { _ in
            let link = ProductLink(
                id: generator.int(1...99_999_999), tab: generator.pick(tabs), from: generator.pick(origins))
            var items: [String] = []
            if let tab = link.tab { items.append("tab=" + tab.rawValue) }
            if let from = link.from { items.append("from=" + from) }
            let query = items.isEmpty ? "" : "?" + items.joined(separator: "&")
            return Lookup(url: "app://host/product/\(link.id)" + query, link: link)
        }
    }
}
