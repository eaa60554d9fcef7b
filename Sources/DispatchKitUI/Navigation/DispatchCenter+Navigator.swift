import DispatchKit

extension DispatchCenter {
    /// What shows the app's pages, for the activities (``DispatchKit/DispatchActivity/navigator``).
    /// The app sets it once, when its window or root view is up; the center holds it strongly.
    /// Default: `nil`.
    public var navigator: (any DispatchNavigator)? {
        // The core keeps the object without knowing its protocol; only a navigator is ever stored
        // there, through this setter, so the cast finds one whenever something is stored.
        get { navigatorObject as? any DispatchNavigator }
        set { navigatorObject = newValue }
    }
}
