import DispatchKit

extension DispatchActivity {
    /// The navigator of the center that created this activity (``DispatchKit/DispatchCenter/navigator``).
    ///
    /// - Throws: ``NavigationError/noNavigator`` when the center has none (or the activity was
    ///   created by hand, without a center).
    public var navigator: any DispatchNavigator {
        get throws {
            guard let navigator = center?.navigator else { throw NavigationError.noNavigator }
            return navigator
        }
    }
}
