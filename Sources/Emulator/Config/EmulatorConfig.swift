import Foundation

/// The whole configuration of an emulated tenant: clients, user flows, users, policies and operator knobs.
///
/// Every field has a default, so an empty file (or ``EmulatorConfig/default``) is a usable tenant. See
/// `docs/emulator.md` for a full example in YAML.
public struct EmulatorConfig: Sendable, Equatable {
    /// The tenant: subdomain (`contoso` → `contoso.onmicrosoft.com`) and tenant id (GUID).
    public var tenant: Tenant = .init()
    /// Applications registered in the tenant.
    public var clients: [Client] = Client.defaults
    /// Named sign-up/sign-in user flows; clients refer to one by name.
    public var userFlows: [UserFlow] = UserFlow.defaults
    /// Seeded users.
    public var users: [User] = User.seeded
    /// Password policy for sign-up and reset.
    public var passwordPolicy: PasswordPolicy = .init()
    /// One-time code rules.
    public var oneTimeCodes: OneTimeCodes = .init()
    /// Continuation-token and token lifetimes.
    public var lifetimes: Lifetimes = .init()
    /// Self-service password reset behaviour.
    public var resetPassword: ResetPassword = .init()
    /// Strong-auth registration rules.
    public var registration: Registration = .init()
    /// Fault injection for tests.
    public var faults: Faults = .init()
    /// Operator settings: admin token, persistence file, seed, Mock API.
    public var server: Server = .init()
    /// Native authentication V2: the wire-shape settings of the V2 profile.
    public var nativeAuthV2: NativeAuthV2 = .init()

    public init() {}

    /// The default tenant: `contoso`, one client with email + password and SSPR, one with native auth
    /// disabled, one with email one-time code, and two seeded users.
    public static let `default` = EmulatorConfig()

    /// The tenant identity.
    public struct Tenant: Sendable, Equatable {
        /// Subdomain, e.g. `contoso` for `contoso.onmicrosoft.com` and `contoso.ciamlogin.com`.
        public var subdomain: String = "contoso"
        /// Tenant id (GUID) used in tokens (`tid`, `utid`) and accepted as the authority path segment.
        public var id: String = "7d5c5a4e-0b8f-4c2e-9a61-3f7e2b1c9d40"
        public init() {}
        /// The authority path segment `{subdomain}.onmicrosoft.com`.
        public var domain: String { "\(subdomain).onmicrosoft.com" }
    }

    /// A registered application.
    public struct Client: Sendable, Equatable {
        /// Application (client) id.
        public var id: String = "11111111-2222-4333-8444-555555555555"
        /// Display name (informational).
        public var name: String = "Contoso native app"
        /// The user flow (by name) this app signs users up and in with.
        public var userFlow: String = "default"
        /// Whether native authentication is enabled (public client + native auth); `false` gives
        /// `invalid_client` / `nativeauthapi_disabled`.
        public var nativeAuthEnabled: Bool = true
        public init() {}
        public init(id: String, name: String, userFlow: String = "default", nativeAuthEnabled: Bool = true) {
            self.id = id
            self.name = name
            self.userFlow = userFlow
            self.nativeAuthEnabled = nativeAuthEnabled
        }

        /// The clients of the default tenant: email + password with SSPR, email one-time code, and one with
        /// native authentication disabled.
        public static let defaults: [Client] = [
            Client(id: "11111111-2222-4333-8444-555555555555", name: "Contoso native app"),
            Client(id: "22222222-3333-4444-8555-666666666666", name: "Contoso one-time-code app", userFlow: "otp"),
            Client(
                id: "33333333-4444-4555-8666-777777777777", name: "Contoso web app (native auth disabled)",
                nativeAuthEnabled: false),
        ]
    }

    /// The primary authentication method of a user flow.
    public enum Method: String, Sendable, Equatable, CaseIterable {
        /// Email with password (sign-up verifies the email with a one-time code).
        case emailPassword
        /// Email one-time code, no password.
        case emailOtp
    }

    /// A sign-up/sign-in user flow.
    public struct UserFlow: Sendable, Equatable {
        /// Name clients refer to.
        public var name: String = "default"
        /// Primary method.
        public var method: Method = .emailPassword
        /// Whether self-service password reset is enabled.
        public var sspr: Bool = true
        /// Attributes collected at sign-up. An attribute named `flatusername` is the username alias.
        public var attributes: [Attribute] = []
        public init() {}
        public init(name: String, method: Method, sspr: Bool = true, attributes: [Attribute] = []) {
            self.name = name
            self.method = method
            self.sspr = sspr
            self.attributes = attributes
        }

        /// The user flows of the default tenant.
        public static let defaults: [UserFlow] = [
            UserFlow(
                name: "default", method: .emailPassword, sspr: true,
                attributes: [
                    Attribute(name: "displayName", required: false),
                    Attribute(name: "flatusername", required: false, regex: "^[a-zA-Z0-9._-]{3,30}$"),
                ]),
            UserFlow(name: "otp", method: .emailOtp, sspr: false, attributes: [Attribute(name: "displayName")]),
        ]
    }

    /// A sign-up attribute (built-in such as `displayName`, or custom `extension_<appId>_<name>`).
    public struct Attribute: Sendable, Equatable {
        /// Programmatic name.
        public var name: String
        /// Type reported in `required_attributes` (`string`, `boolean`, `int`, `dateTime`, `stringCollection`).
        public var type: String = "string"
        /// Whether sign-up cannot complete without it.
        public var required: Bool = false
        /// Optional validation regex; reported in `options.regex`.
        public var regex: String?
        /// Page (1, 2, ...) on which `attributes_required` asks for it.
        public var page: Int = 1
        public init(name: String, type: String = "string", required: Bool = false, regex: String? = nil, page: Int = 1) {
            self.name = name
            self.type = type
            self.required = required
            self.regex = regex
            self.page = page
        }
    }

    /// A seeded user.
    public struct User: Sendable, Equatable {
        /// Sign-in email (primary identifier).
        public var email: String
        /// Password; absent for an email one-time-code account.
        public var password: String?
        /// Username alias (`flatusername`), usable to sign in.
        public var alias: String?
        /// Object id (GUID); derived from the seed when absent.
        public var id: String?
        /// Display name (`name` claim).
        public var displayName: String?
        /// Other attributes.
        public var attributes: [String: String] = [:]
        /// Whether a second factor is demanded after the password (conditional access).
        public var mfaRequired: Bool = false
        /// Registered strong-auth methods. With `mfaRequired` and none registered, sign-in asks for
        /// registration (`registration_required`).
        public var methods: [StrongAuthMethod] = []
        public init(email: String, password: String? = nil, alias: String? = nil, displayName: String? = nil) {
            self.email = email
            self.password = password
            self.alias = alias
            self.displayName = displayName
        }

        /// The two users of the default tenant.
        public static let seeded: [User] = [
            User(email: "alex@contoso.com", password: "Sunny-Day-42!", alias: "alex", displayName: "Alex Doe"),
            User(email: "sam@contoso.com", displayName: "Sam Otp"),
        ]
    }

    /// A registered strong-auth method.
    public struct StrongAuthMethod: Sendable, Equatable {
        /// Method id reported in `methods[].id`; derived when absent.
        public var id: String?
        /// `email` or `sms`.
        public var channel: String = "email"
        /// Email address or phone number the code goes to.
        public var target: String
        /// Whether challenging it answers `access_denied` / `provider_blocked_by_rep`.
        public var blocked: Bool = false
        /// Whether fraud protection judges it high-risk (the challenge answers a redirect; SMS only).
        public var highRisk: Bool = false
        public init(id: String? = nil, channel: String, target: String) {
            self.id = id
            self.channel = channel
            self.target = target
        }
    }

    /// Password policy (Entra: 8–256 characters, 3 of 4 character classes).
    public struct PasswordPolicy: Sendable, Equatable {
        public var minLength: Int = 8
        public var maxLength: Int = 256
        /// How many of lower case, upper case, digit, symbol a password needs.
        public var minCharacterClasses: Int = 3
        /// Words that may not appear in a password (case-insensitive).
        public var banned: [String] = ["password", "contoso", "123456"]
        /// How many previous passwords may not be reused at reset.
        public var history: Int = 1
        public init() {}
    }

    /// One-time code rules.
    public struct OneTimeCodes: Sendable, Equatable {
        /// Number of digits (`code_length`).
        public var length: Int = 8
        /// Seconds a code stays valid.
        public var lifetime: Int = 600
        /// Wrong attempts before the code is burned (a resend gives a new one).
        public var maxAttempts: Int = 5
        /// `interval` reported to the client (seconds before a resend).
        public var resendInterval: Int = 300
        public init() {}
    }

    /// Lifetimes in seconds.
    public struct Lifetimes: Sendable, Equatable {
        /// Continuation tokens.
        public var continuationToken: Int = 600
        /// Access and id tokens (`expires_in`).
        public var accessToken: Int = 3599
        /// Refresh tokens.
        public var refreshToken: Int = 86_400
        public init() {}
    }

    /// Reset-password completion.
    public struct ResetPassword: Sendable, Equatable {
        /// How many polls answer `in_progress` before `succeeded`.
        public var pollsInProgress: Int = 1
        /// `poll_interval` reported by submit (seconds).
        public var pollInterval: Int = 2
        public init() {}
    }

    /// Strong-auth registration.
    public struct Registration: Sendable, Equatable {
        /// Contacts (exact, case-insensitive) whose registration is blocked (`provider_blocked_by_rep`).
        public var blockedTargets: [String] = []
        /// Phone prefixes whose region the admin blocked (`provider_blocked_by_admin`).
        public var blockedPhonePrefixes: [String] = []
        public init() {}
    }

    /// Fault knobs.
    public struct Faults: Sendable, Equatable {
        /// Latency added to every native-auth answer, in milliseconds.
        public var latencyMs: Int = 0
        /// Fraction (0...1) of native-auth requests answered with HTTP 500.
        public var serverErrorRate: Double = 0
        public init() {}
    }

    /// Operator settings.
    public struct Server: Sendable, Equatable {
        /// Admin token for `/_authtape/*`; random per start when absent.
        public var adminToken: String?
        /// JSON file where users are kept between runs.
        public var storePath: String?
        /// Seed for codes, ids and keys (deterministic runs); random when absent.
        public var seed: UInt64?
        /// Whether the MSAL Mock API contract (`/config/response`, `/config/all`) is served.
        public var mockAPI: Bool = true
        /// Largest accepted request body in bytes (413 above).
        public var maxBodyBytes: Int = 65_536
        public init() {}
    }
}

extension EmulatorConfig {
    /// The user flow a client uses, or nil when the name is unknown.
    func userFlow(named name: String) -> UserFlow? { userFlows.first { $0.name == name } }
}
