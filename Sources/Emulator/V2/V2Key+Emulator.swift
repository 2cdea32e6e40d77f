import NativeAuthWire

/// V2 JSON member names only a server writes; the engine never reads them, so they live with the emulator
/// (issue 24). The names both sides use stay in NativeAuthWire's `V2Key`.
extension V2Key {
    /// `scenario` of the password-reset entry answer (`recovery`).
    static let scenario = "scenario"
    /// `pollInterval` of a password-reset `poll` answer.
    static let pollInterval = "pollInterval"
    /// `canChange` of a requested attribute.
    static let canChange = "canChange"
    /// `label` of a requested attribute.
    static let label = "label"
    /// `confirmationInput` of a requested attribute (`retype`).
    static let confirmationInput = "confirmationInput"
    /// `traceId` of the V2 error envelope.
    static let traceID = "traceId"
    /// `timestamp` of the V2 error envelope.
    static let timestamp = "timestamp"
}
