import CourierPlugins
import Foundation

/// The app's auth state as the demo plays it: a token read on every call, and the "go to
/// login" screen that expired sessions are routed to.
final class DemoSession: Sendable {
    private let loginPrompts = LockedState(0)

    /// The signed-in user's token; the logger masks it.
    let token = "eyJhbGciOiJIUzI1NiJ9.c2hvcHBlcg.demo-signature"

    /// How often the app was sent to the login screen.
    var loginScreensShown: Int { loginPrompts.withLock { $0 } }

    /// The app's "go to login" handler.
    func goToLogin(reason: String) {
        loginPrompts.withLock { $0 += 1 }
        DemoConsole.result("session expired (\(reason)) → the app shows its login screen")
    }
}
