import Combine

/// The message of the last link that could not be opened, while its alert is up.
@MainActor
final class FailureAlert: ObservableObject {
    @Published var message: String?

    /// Whether the alert is up; SwiftUI sets it to `false` when the user closes it.
    var isShown: Bool {
        get { message != nil }
        set { if !newValue { message = nil } }
    }
}
