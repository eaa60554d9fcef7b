import DispatchKit

/// A class with a custom `isHit` that claims nothing, consulted before the pattern classes (its
/// priority is higher), to measure what each scanned class costs a dispatch.
final class DeclinerActivity<Number: TypeNumber>: DispatchActivity {
    override class var priority: Int { 1 }
    override class func isHit(url: DispatchURL) -> Bool { false }
}

@MainActor
enum Decliners {
    static func classes(_ count: Int) -> [DispatchActivity.Type] {
        distinctClasses(count) { number in declinerClass(number) }
    }

    private static func declinerClass<T: TypeNumber>(_: T.Type) -> DispatchActivity.Type {
        DeclinerActivity<T>.self
    }
}
