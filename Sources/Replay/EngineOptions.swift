import NativeAuth

/// The engine's option sets from the wire names that captures and fuzz flows list (`oob`,
/// `password`; `mfa_required`, `registration_required`). Unknown names are ignored.
public enum EngineOptions {
    public static func challengeTypes(_ names: some Sequence<String>) -> MSALNativeAuthChallengeTypes {
        var types: MSALNativeAuthChallengeTypes = []
        for name in names {
            if name == "oob" { types.insert(.OOB) }
            if name == "password" { types.insert(.password) }
        }
        return types
    }

    public static func capabilities(_ names: some Sequence<String>) -> MSALNativeAuthCapabilities {
        var capabilities: MSALNativeAuthCapabilities = []
        for name in names {
            if name == "mfa_required" { capabilities.insert(.mfaRequired) }
            if name == "registration_required" { capabilities.insert(.registrationRequired) }
        }
        return capabilities
    }
}
