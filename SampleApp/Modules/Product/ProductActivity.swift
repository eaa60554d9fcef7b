import DispatchKit

/// `…/product/<id>` and the short form `…/p/<id>`: pushes the product page, or builds it for a
/// preview. The pattern admits integers only; the page itself wants a positive one. For a
/// signed-in user the page says whom it is for: the module asks the ``AccountService``, and
/// knows nothing of the account module.
final class ProductActivity: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

    /// The page, for a preview and for opening alike.
    func page() throws -> Page {
        let id = try Self.productID(parameters["id"] ?? "")
        var fields = [("id", String(id))]
        if let source = query["from"] { fields.append(("from", source)) }
        if let user = try accountService?.user { fields.append(("for", user)) }
        return Page("ProductPage", fields)
    }

    override func makeDestination() throws -> Any? { try page() }

    override func execute() throws {
        try navigator.push(page())
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
