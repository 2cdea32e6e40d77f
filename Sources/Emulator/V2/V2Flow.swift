import Foundation
import NativeAuthWire

/// Server-side state of one V2 flow, from `authorize-challenge` to the authorization code.
struct V2Flow: Sendable {
    enum Kind: Sendable, Equatable { case undecided, signIn, signUp, resetPassword }

    /// Where the flow stands; each interaction accepts only some stages.
    enum Stage: Sendable, Equatable {
        /// After O1: waiting for an entry link (sign-in, sign-up, reset start).
        case entry
        /// First-factor choice offered (sign-in, reset).
        case firstFactor
        /// Password of the selected method expected.
        case password(String)
        /// One-time code of the selected first-factor method expected.
        case code(String)
        /// SMS risk verification pending; `mfa` tells where the code belongs.
        case risk(String, mfa: Bool)
        /// Second-factor choice offered.
        case mfaChoice
        /// One-time code of the selected second factor expected.
        case mfaCode(String)
        /// Just-in-time registration: contact expected.
        case enroll
        /// Just-in-time registration: code sent to the new contact expected.
        case activate(channel: String, target: String)
        /// Sign-up: attributes expected (before or after the email is verified).
        case signUpAttributes
        /// Sign-up: the email's code expected.
        case signUpCode
        /// Sign-up: password expected.
        case signUpPassword
        /// Reset: new password expected (`PUT`).
        case update
        /// Reset: polls still answered in progress.
        case poll(remaining: Int)
        /// Authenticated: waiting for the resume (O2).
        case completed
        /// The authorization code was issued; the flow is over.
        case finished
    }

    var kind: Kind = .undecided
    var stage: Stage = .entry
    var step: UInt32 = 1
    var clientIndex: Int
    var scope: String?
    var expiresAt: Double
    var userID: String?
    /// Sign-up: the email; other flows: the username typed.
    var username: String?
    /// Sign-up: attributes collected so far (the password apart).
    var attributes: [String: String] = [:]
    var password: String?
    var verified = false
    var code: PendingCode?
    var newPassword: String?
}

/// An authorization code issued by the O2 resume, redeemable once at the token endpoint.
struct V2AuthorizationCode: Sendable {
    var userID: String
    var clientIndex: Int
    var scope: String?
    var expiresAt: Double
    var redeemed = false
}

/// All V2 state: flows by id and authorization codes.
struct V2Store: Sendable {
    var flows: [UInt64: V2Flow] = [:]
    var codes: [String: V2AuthorizationCode] = [:]
    var nextFlowID: UInt64 = 1
    private var insertsSinceSweep = 0

    /// Drops expired flows and codes every few thousand insertions.
    mutating func sweep(now: Double) {
        insertsSinceSweep += 1
        guard insertsSinceSweep >= 4096 else { return }
        insertsSinceSweep = 0
        flows = flows.filter { $0.value.expiresAt > now }
        codes = codes.filter { $0.value.expiresAt > now }
    }
}

/// The V2 side of an ``EmulatorCore``: its token codec and state (kept apart from V1's lock).
struct V2Runtime: Sendable {
    let codec: V2TokenCodec
    let store = Locked(V2Store())

    /// The key derives from the seed on a stream of its own, so V1's seeded values do not move.
    init(seed: UInt64) {
        var random = SeededGenerator(seed: seed ^ 0x5632_4E41_5449_5645)
        codec = V2TokenCodec(keyBytes: random.bytes(32))
    }
}
