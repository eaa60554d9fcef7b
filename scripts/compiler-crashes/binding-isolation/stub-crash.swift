// crash.swift against scripts/apple-stubs/SwiftUI.swift instead of the minimal module: while the
// compiler crashes on crash.swift, the stub must make it crash too, as Apple's SDK does.
import SwiftUI

@MainActor
final class Model {
    var isOn = false

    func binding() -> Binding<Bool> {
        Binding(get: { @MainActor [self] in isOn }, set: { @MainActor [self] value in isOn = value })
    }
}
