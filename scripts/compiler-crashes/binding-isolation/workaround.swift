// What DispatchKitUI writes instead: the same closures without the attribute. The parameters'
// `@_inheritActorContext` gives them the main actor of the method that makes them, so they are
// isolated exactly as before, and the compiler generates their code.
import SwiftUIBinding

@MainActor
final class Model {
    var isOn = false

    func binding() -> Binding<Bool> {
        Binding(get: { [self] in isOn }, set: { [self] value in isOn = value })
    }
}
