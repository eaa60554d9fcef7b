import DispatchKit

/// Distinct classes made at run time.
///
/// The benchmark needs thousands of `DispatchActivity` subclasses (one per route for the naive
/// scan, one per module for DispatchKit). Swift cannot declare classes from values, but every
/// instantiation of a generic class is a distinct class with its own metadata, made by the runtime
/// on first use. So a number `n` becomes a type spelled in binary — `B1<B0<B1<End>>>` is 5 — and
/// `NaiveRouteActivity<B1<B0<B1<End>>>>` is a class of its own, which `isHit` tells apart from the
/// others by its `ObjectIdentifier`. This costs a few hundred bytes of metadata per class, made
/// before anything is measured, and keeps the build fast (generated source for 10,000 classes
/// would take minutes to compile).
protocol TypeNumber {}
enum End: TypeNumber {}
enum B0<Rest: TypeNumber>: TypeNumber {}
enum B1<Rest: TypeNumber>: TypeNumber {}

/// The type spelling `n` in binary (least significant bit innermost).
func typeNumber(_ n: Int) -> any TypeNumber.Type {
    precondition(n >= 0)
    var type: any TypeNumber.Type = End.self
    var rest = n
    repeat {
        // Passing the existential metatype to a generic function opens it (SE-0352).
        type = rest & 1 == 0 ? appendingZero(type) : appendingOne(type)
        rest >>= 1
    } while rest > 0
    return type
}

private func appendingZero<T: TypeNumber>(_: T.Type) -> any TypeNumber.Type { B0<T>.self }
private func appendingOne<T: TypeNumber>(_: T.Type) -> any TypeNumber.Type { B1<T>.self }

/// `count` distinct classes: `make(typeNumber(i))` for each `i`, where `make` returns something
/// like `Activity<T>.self`.
@MainActor
func distinctClasses(
    _ count: Int, _ make: (any TypeNumber.Type) -> DispatchActivity.Type
) -> [DispatchActivity.Type] {
    let classes = (0..<count).map { make(typeNumber($0)) }
    precondition(Set(classes.map(ObjectIdentifier.init)).count == count, "classes are not distinct")
    return classes
}
