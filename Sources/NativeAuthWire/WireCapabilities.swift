/// A `capabilities` flag (spec §2.7): tells Entra the client handles MFA / strong-auth registration.
public struct WireCapability: WireStringValue {
    public let rawValue: String
    /// Creates the value from its wire form.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `mfa_required`.
    public static let mfaRequired: Self = "mfa_required"
    /// `registration_required`.
    public static let registrationRequired: Self = "registration_required"

    /// In the order MSAL iOS sends them.
    public static let known: [Self] = [.mfaRequired, .registrationRequired]
}

/// The `capabilities` form value: a space-separated set of ``WireCapability`` flags (spec §2.7, errata
/// 2026-11-22).
///
/// Parsing rules:
/// - members are separated by spaces (a decoded `+` or `%20`); runs of spaces and leading/trailing spaces are
///   ignored, duplicates collapse, and an empty value is the empty set;
/// - any member that is not `mfa_required` or `registration_required` is an unknown value and makes the list
///   invalid (a server answers 400 `invalid_request`). A comma-joined list such as
///   `mfa_required,registration_required` is one unknown member, not two flags.
public struct WireCapabilities: Hashable, Sendable, Codable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Whether `mfa_required` is set.
    public var mfaRequired: Bool
    /// Whether `registration_required` is set.
    public var registrationRequired: Bool

    /// No capabilities.
    public static let none = WireCapabilities(mfaRequired: false, registrationRequired: false)
    /// Both capabilities.
    public static let all: WireCapabilities = [.mfaRequired, .registrationRequired]

    /// Creates the value from its parts.
    public init(mfaRequired: Bool = false, registrationRequired: Bool = false) {
        self.mfaRequired = mfaRequired
        self.registrationRequired = registrationRequired
    }

    /// Creates the set from known flags; unknown flags are ignored (use ``init(parsing:)`` to reject them).
    public init(arrayLiteral elements: WireCapability...) {
        self.init(elements)
    }

    /// Creates the set from flags; unknown flags are ignored.
    public init(_ flags: some Sequence<WireCapability>) {
        self.init(mfaRequired: false, registrationRequired: false)
        for flag in flags {
            if flag == .mfaRequired { mfaRequired = true }
            if flag == .registrationRequired { registrationRequired = true }
        }
    }

    /// Parses a form value, throwing ``WireCapabilitiesError`` naming the first unknown member.
    public init(parsing value: String) throws(WireCapabilitiesError) {
        self.init(mfaRequired: false, registrationRequired: false)
        for member in value.split(separator: " ", omittingEmptySubsequences: true) {
            switch WireCapability(String(member)) {
            case .mfaRequired: mfaRequired = true
            case .registrationRequired: registrationRequired = true
            default:
                throw WireCapabilitiesError(unknownValue: String(member))
            }
        }
    }

    /// Whether `flag` is set.
    public func contains(_ flag: WireCapability) -> Bool {
        (flag == .mfaRequired && mfaRequired) || (flag == .registrationRequired && registrationRequired)
    }

    /// Whether no flag is set.
    public var isEmpty: Bool { !mfaRequired && !registrationRequired }

    /// The flags in MSAL's order (`mfa_required` first).
    public var flags: [WireCapability] { WireCapability.known.filter(contains) }

    /// The form value (`mfa_required registration_required`), or nil when empty (the field is then omitted).
    public var formValue: String? { isEmpty ? nil : flags.map(\.rawValue).joined(separator: " ") }

    public var description: String { formValue ?? "" }
}

/// A `capabilities` value contained a member that is not a known capability.
public struct WireCapabilitiesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offending member (not secret: capabilities are kept in captures).
    public let unknownValue: String

    public var description: String {
        "capabilities contains the unknown value '\(unknownValue)' (expected space-separated mfa_required / "
            + "registration_required)"
    }
}
