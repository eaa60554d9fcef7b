/// The abstract business-module activity: subclass it once per module, and the URL picks the class.
///
/// `DispatchActivity` is a *class cluster*. Callers only ever see this abstract type: they hand a
/// URL to ``DispatchCenter``, which asks each registered subclass whether it claims the URL
/// (``isHit(url:)``), instantiates the first that does with ``init(request:)``, and calls
/// ``execute()``. Each module ships one subclass and registers it; no caller imports the module.
///
/// ```swift
/// final class MineDispatchActivity: DispatchActivity {
///     override class func isHit(url: DispatchURL) -> Bool {
///         url.firstPath == "mine_home" || url.firstPath == "settings_home"
///     }
///
///     override func execute() throws {
///         switch paths.first {
///         case "mine_home": navigator.push(MinePage(uid: query["uid"]))
///         default: navigator.push(SettingsPage())
///         }
///     }
/// }
///
/// DispatchCenter.shared.register(MineDispatchActivity.self)
/// DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=42")
/// ```
///
/// Activities are `@MainActor`: dispatching usually drives UI. A new instance is created for each
/// dispatch, so an activity may keep per-dispatch state in stored properties.
@MainActor
open class DispatchActivity {
    /// Whether this class claims `url`. The default claims nothing; override it.
    ///
    /// Called for every dispatch that reaches this class in consultation order, so keep it cheap
    /// and free of side effects: compare ``DispatchURL/paths``, ``DispatchURL/host`` and friends,
    /// which are already parsed and decoded.
    open class func isHit(url: DispatchURL) -> Bool { false }

    /// The consultation rank: classes with a higher priority are asked first; equal priorities
    /// are asked in registration order. Default: 0. Read once, when the class is registered.
    open class var priority: Int { 0 }

    /// The request this activity was created for.
    public let request: DispatchRequest

    /// Creates the activity for one dispatch. The center calls this; subclasses that override it
    /// must call `super.init(request:)`.
    public required init(request: DispatchRequest) {
        self.request = request
    }

    /// The URL being dispatched (`request.url`).
    public var url: DispatchURL { request.url }

    /// The decoded path segments of ``url``.
    public var paths: [String] { request.url.paths }

    /// The query of ``url``, first value of each name.
    public var query: [String: String] { request.url.query }

    /// The values the caller passed alongside the URL.
    public var userInfo: [String: any Sendable] { request.userInfo }

    /// The center dispatching this activity, for nested dispatches (`nil` if built by hand).
    public var center: DispatchCenter? { request.center }

    /// Does the work: shows a page, performs an action. The default does nothing.
    ///
    /// - Throws: Any error; the center reports it as ``DispatchFailure/executionFailed(activity:error:)``.
    open func execute() throws {}
}
