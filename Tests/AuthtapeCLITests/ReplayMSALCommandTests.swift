import Foundation
import Testing

/// `authtape replay --msal`, run as a user would.
@Suite("authtape replay --msal")
struct ReplayMSALCommandTests {
    @Test("--msal ios-2.17 is named by the text and JSON reports; another value is a usage error naming the choices")
    func msalOption() throws {
        let text = try CLIRunner.run(["replay", "captures/signin-password.har", "--msal", "ios-2.17"])
        #expect(text.status == 0, "\(text.stdout)\n\(text.stderr)")
        #expect(text.stdout.hasPrefix("msal: ios-2.17 (MSAL iOS 2.17, from the 2.16-2.17 code)\n"), "\(text.stdout)")
        let json = try CLIRunner.run(["replay", "captures/signin-password.har", "--report", "json", "--msal", "ios-2.17"])
        #expect(json.stdout.contains(#""setting" : "ios-2.17""#) || json.stdout.contains(#""setting": "ios-2.17""#), "\(json.stdout)")
        let standard = try CLIRunner.run(["replay", "captures/signin-password.har"])
        #expect(standard.stdout.hasPrefix("msal: ios-2.18.1 (MSAL iOS 2.18.1"), "\(standard.stdout)")
        let wrong = try CLIRunner.run(["replay", "captures/signin-password.har", "--msal", "ios-3"])
        #expect(wrong.status != 0 && wrong.status != 1)
        #expect(wrong.stderr.contains("--msal must be ios-2.18.1 or ios-2.17"), "\(wrong.stderr)")
    }
}
