// Crashes Swift 6.3.1 in IRGen ("SmallVector unable to grow"): closures marked `@MainActor`,
// passed to parameters that Apple declares `@_inheritActorContext @escaping @isolated(any)
// @Sendable` in a Swift 5 mode module.
import SwiftUIBinding

@MainActor
final class Model {
    var isOn = false

    func binding() -> Binding<Bool> {
        Binding(get: { @MainActor [self] in isOn }, set: { @MainActor [self] value in isOn = value })
    }
}
