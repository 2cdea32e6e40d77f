import Foundation
import NativeAuthWire

/// Everything about one native-auth request that the flow handlers need.
struct NativeAuthContext {
    let endpoint: NativeAuthEndpoint
    let form: FormFields
    let client: EmulatorCore.ResolvedClient
    let correlationID: String
    let host: String
    let scheme: String
    let now: Double

    /// Bit mask of challenge types: oob 1, password 2, redirect 4.
    static let oobBit: UInt8 = 1
    static let passwordBit: UInt8 = 2
    static let redirectBit: UInt8 = 4
    static let mfaCapability: UInt8 = 1
    static let registrationCapability: UInt8 = 2

    var flow: EmulatorConfig.UserFlow { client.flow }
}

/// What a flow handler returns: a success body, an error, or a redirect.
enum NativeAuthAnswer {
    case success(EmulatorJSON)
    case failure(NativeAuthError)
    case redirect(String)
}
