import NativeAuth
import Oracle

/// Which MSAL a replay verdict models (spec native-auth-v2 §3.0, §3.5): one setting that gives the
/// engine its V2 options and the V2 oracle its profile, so the two always model the same version.
/// `authtape replay --msal` takes the raw values. V1 flows are the same under both.
public enum ModelledMSAL: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// MSAL iOS 2.18.1 (the default): the later tests and the 2.18.1 release notes.
    case iOS_2_18_1 = "ios-2.18.1"
    /// MSAL iOS 2.17: the 2.16–2.17 code read.
    case iOS_2_17 = "ios-2.17"

    /// The default: MSAL iOS 2.18.1.
    public static let standard = ModelledMSAL.iOS_2_18_1

    /// The engine's V2 options (links followed unchecked, as MSAL does).
    public var engineOptions: MSALNativeAuthV2Options {
        switch self {
        case .iOS_2_18_1: MSALNativeAuthV2Options(profile: .iOS_2_18_1)
        case .iOS_2_17: MSALNativeAuthV2Options(profile: .iOS_2_17)
        }
    }

    /// The V2 oracle's profile.
    public var oracleProfile: V2OracleProfile {
        switch self {
        case .iOS_2_18_1: .iOS_2_18_1
        case .iOS_2_17: .iOS_2_17
        }
    }

    /// `ios-2.18.1 (MSAL iOS 2.18.1, rows inferred from …)`: the setting and what the oracle says it models.
    public var description: String { "\(rawValue) (\(oracleProfile.name))" }
}
