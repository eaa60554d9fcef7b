import DispatchKit

/// `…/product/<id>` and the short form `…/p/<id>`: pushes the product page. The pattern admits
/// integers only; the page itself wants a positive one.
final class ProductActivity: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

    override func execute() throws {
        let id = try Self.productID(parameters["id"] ?? "")
        var fields = [("id", String(id))]
        if let source = query["from"] { fields.append(("from", source)) }
        try app.navigator.push(Page("ProductPage", fields))
    }

    /// Product ids are positive integers; anything else is a broken link, reported as such.
    static func productID(_ segment: String) throws -> Int {
        guard let id = Int(segment), id > 0 else { throw ProductError.invalidID(segment) }
        return id
    }
}

enum ProductError: Error, Equatable, CustomStringConvertible {
    case invalidID(String)

    var description: String {
        switch self {
        case .invalidID(let id): return "product id \"\(id)\" is not a positive integer"
        }
    }
}
