import Foundation
import Testing
@testable import NativeAuth

/// `isInvalidCredentials` (spec native-auth-v2 §3.1, §3.3 r2, §3.4 B/C, §3.5): MSAL iOS 2.16–2.17 maps a
/// wrong password to it except at `submitPassword`, which converts it to `isInvalidPassword`; 2.18.1
/// removed the flag and reports every wrong password as `isInvalidPassword`.
@Suite("V2 isInvalidCredentials by profile")
struct V2InvalidCredentialsTests {
    static let older = MSALNativeAuthV2Options(profile: .iOS_2_17)

    @Test("B7c: a wrong-password answer to the method challenge is isInvalidCredentials under 2.17, isInvalidPassword under 2.18.1")
    func wrongPasswordAtChallenge() async throws {
        let h17 = try V2Harness([V2R.entry, V2R.passwordOnly, V2R.wrongPassword], options: Self.older)
        let old = await h17.signIn()
        #expect(old.outcome == O("onFlowError", "MSALNativeAuthFlowError.invalidCredentials"))
        #expect(old.error?.isInvalidCredentials == true && old.error?.isInvalidPassword == false)
        #expect(old.error?.errorCodes == [50126])

        let h18 = try V2Harness([V2R.entry, V2R.passwordOnly, V2R.wrongPassword])
        let new = await h18.signIn()
        #expect(new.outcome == O("onFlowError", "MSALNativeAuthFlowError.invalidPassword"))
        #expect(new.error?.isInvalidCredentials == false)
    }

    @Test("C3: submitPassword converts a wrong password to isInvalidPassword under 2.17 too, up front or typed")
    func wrongPasswordAtSubmitPassword() async throws {
        let verifyPassword = V2R.verify("CT-2", "password", id: "pw-7f3a", codeLength: nil, resend: false)
        let upfront = try V2Harness([V2R.entry, V2R.passwordOnly, verifyPassword, V2R.wrongPassword], options: Self.older)
        #expect(await upfront.signIn(password: "wrong-Passw0rd").outcome == O("onFlowError", "MSALNativeAuthFlowError.invalidPassword"))
        #expect(upfront.requests.count == 4)

        let typed = try V2Harness([V2R.entry, V2R.passwordOnly, verifyPassword], options: Self.older)
        guard case .passwordRequired(let state) = await typed.signIn() else {
            Issue.record("no password state")
            return
        }
        typed.transport.enqueue([V2R.wrongPassword])
        let result = await state.submitPassword(password: "wrong-Passw0rd")
        #expect(result.outcome == O("onFlowError", "MSALNativeAuthFlowError.invalidPassword"))
        #expect(result.error?.isInvalidCredentials == false)
    }
}
