import NativeAuthWire

/// An `error_description` only the server side writes.
extension WireErrorDescription {
    /// With `invalid_request` + 90100 on signup/start and authorize-challenge: invalid client id (spec §6.4).
    static let clientIDInvalid = "client_id parameter is empty or not valid"
}
