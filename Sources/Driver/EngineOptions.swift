import NativeAuth
import NativeAuthWire

/// The engine's option sets from the wire names that captures and fuzz flows list (`oob`,
/// `password`; `mfa_required`, `registration_required`). Unknown names are ignored.
public enum EngineOptions {
    public static func challengeTypes(_ names: some Sequence<String>) -> MSALNativeAuthChallengeTypes {
        options(names, [WireChallengeType.oob.rawValue: .OOB, WireChallengeType.password.rawValue: .password])
    }

    public static func capabilities(_ names: some Sequence<String>) -> MSALNativeAuthCapabilities {
        options(
            names,
            [WireCapability.mfaRequired.rawValue: .mfaRequired, WireCapability.registrationRequired.rawValue: .registrationRequired])
    }

    /// The union of the options `table` gives the names.
    private static func options<Options: OptionSet>(
        _ names: some Sequence<String>, _ table: [String: Options]
    ) -> Options where Options.Element == Options {
        var options: Options = []
        for name in names {
            if let option = table[name] { options.insert(option) }
        }
        return options
    }
}
