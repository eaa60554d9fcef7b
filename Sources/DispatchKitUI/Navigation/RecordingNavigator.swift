import DispatchKit

/// A navigator that shows nothing and remembers everything: for tests of activities, the
/// package's and the app's.
///
/// ```swift
/// final class PrivacyActivity: DispatchActivity {
///     override class var patterns: [RoutePattern] { ["/settings/privacy"] }
///
///     override func execute() throws {
///         try navigator.open("privacy", parents: ["settings"], inTab: "mine")
///     }
/// }
///
/// @MainActor func checkPrivacyLink() {
///     let center = DispatchCenter()
///     center.register(PrivacyActivity.self)
///     let navigator = RecordingNavigator(selectedTab: "home")
///     center.navigator = navigator
///     center.dispatch("cono://test.com/settings/privacy")
///     assert(navigator.steps == [.selectTab("mine"), .setStack(["settings", "privacy"])])
///     assert(navigator.state.visiblePage == AnyHashable("privacy"))
/// }
/// ```
@MainActor
public final class RecordingNavigator: DispatchNavigator {
    /// Every step performed, in order.
    public private(set) var steps: [NavigationStep] = []
    /// Whether each step in ``steps`` was animated.
    public private(set) var animations: [Bool] = []
    /// What the steps add up to.
    public private(set) var state: NavigationState

    /// The step ``perform(_:animated:)`` refuses with ``NavigationError/cannotPerform(step:reason:)``,
    /// to test how an activity handles a navigator that fails; `nil` (the default) refuses none.
    public var failingStep: NavigationStep?

    /// A navigator showing the root of `selectedTab` (or of an app without tabs).
    public init(selectedTab: AnyHashable? = nil) {
        state = NavigationState(selectedTab: selectedTab)
    }

    /// Whether a page is presented.
    public var isPresenting: Bool { !state.presented.isEmpty }

    /// Records the step and applies it to ``state``, unless it is the ``failingStep``.
    public func perform(_ step: NavigationStep, animated: Bool) throws {
        if step == failingStep {
            throw NavigationError.cannotPerform(step: step.description, reason: "the test said so")
        }
        steps.appendOffThePath(step)
        animations.append(animated)
        state.apply(step)
    }

    /// Forgets the recorded steps, keeping the state: for a test that checks one dispatch after
    /// setting the scene up with others.
    public func forgetSteps() {
        steps.removeAll()
        animations.removeAll()
    }
}
