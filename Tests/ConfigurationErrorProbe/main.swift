// The mistake a debug build must stop at, made as an app makes it: a class whose pattern does not
// parse, registered on a new center whose configuration-error handler is the default one.
// ConfigurationErrorStopTests runs this program and watches it stop (or, in a release build, log
// the error and go on). Not a product.
import DispatchKit

/// A value list needs `|`: `<new>` is an unknown type.
final class CategoryActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/category/:kind<new>"] }
    override func execute() {}
}

let center = DispatchCenter()
center.register(CategoryActivity.self)
// A release build finds the pattern here, while it builds the route index.
_ = center.canDispatch("/category/new")
print("went on after the configuration error")
