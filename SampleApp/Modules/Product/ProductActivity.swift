import DispatchKit

/// `…/product/<id>`: pushes the product page. The id must be a positive integer.
final class ProductActivity: DispatchActivity, RouteDescribing {
    static let claims = "path /product/<id>"

    override class func isHit(url: DispatchURL) -> Bool {
        url.paths.count == 2 && url.paths[0] == "product"
    }

    override func execute() throws {
        let id = try Self.productID(paths[1])
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
