import NativeAuthWire

/// V1 names only a server produces or accepts; the engine never reads them, so they live with the emulator
/// (issue 24). The names both sides use stay in NativeAuthWire.
extension WireField {
    /// `capability`: the key the 2025-07 docs used; the emulator accepts it as an alias of `capabilities`.
    static let legacyCapability = "capability"
    /// `ext_expires_in` on token responses.
    static let extExpiresIn = "ext_expires_in"
    /// `token_type` (`Bearer`) on token responses.
    static let tokenType = "token_type"
}
