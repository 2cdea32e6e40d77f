import Foundation
import NativeAuth
import NativeAuthWire

/// What a scenario needs: where the server is, which app it plays, and how to read the
/// one-time codes the server "sent" (the emulator's outbox).
public struct ScenarioEnvironment: Sendable {
    /// The authority the app uses: the emulator's, or the recorder's in front of it.
    public var authority: URL
    /// Client id of the email + password app.
    public var passwordClientID: String
    /// Client id of the email one-time-code app.
    public var codeClientID: String
    /// The newest code sent to an address.
    public var latestCode: @Sendable (String) async -> String?
    /// How the app reaches the server.
    public var transport: any Transport
    /// Where reset-password polling waits (an immediate clock keeps runs fast).
    public var clock: any NativeAuthClock
    /// Makes addresses unique per run, so a scenario can run again against the same server.
    public var runID: String
    /// Moves the server's clock forward (the emulator's; a no-op elsewhere).
    public var advanceServerClock: @Sendable (TimeInterval) async -> Void = { _ in }

    public init(
        authority: URL, passwordClientID: String, codeClientID: String,
        latestCode: @escaping @Sendable (String) async -> String?,
        transport: any Transport = URLSessionTransport(), clock: any NativeAuthClock = SystemClock(),
        runID: String = String(UUID().uuidString.prefix(8)).lowercased()
    ) {
        self.authority = authority
        self.passwordClientID = passwordClientID
        self.codeClientID = codeClientID
        self.latestCode = latestCode
        self.transport = transport
        self.clock = clock
        self.runID = runID
    }

    /// An application for `clientID` with the challenge types the scenarios use.
    func application(
        clientID: String, challengeTypes: MSALNativeAuthChallengeTypes, capabilities: MSALNativeAuthCapabilities = []
    ) throws -> MSALNativeAuthPublicClientApplication {
        var environment = NativeAuthEnvironment()
        environment.transport = transport
        environment.clock = clock
        return try MSALNativeAuthPublicClientApplication(
            clientId: clientID, authority: authority, challengeTypes: challengeTypes, capabilities: capabilities,
            environment: environment)
    }

    /// The code for `address`, or a failure naming the address.
    func code(for address: String) async throws -> String {
        guard let code = await latestCode(address) else {
            throw ScenarioFailure(step: "read the one-time code", message: "no code was sent to \(address)")
        }
        return code
    }
}

/// One scripted user journey through the engine.
public struct Scenario: Sendable {
    /// A file-friendly name, for example `signup-password-attributes`.
    public var name: String
    /// What the user does, in a sentence.
    public var summary: String
    /// Runs the journey; each completed step is reported to `log`.
    public var run: @Sendable (ScenarioEnvironment, ScenarioLog) async throws -> Void

    public init(name: String, summary: String, run: @escaping @Sendable (ScenarioEnvironment, ScenarioLog) async throws -> Void) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}

/// Collects the steps of a scenario: the engine's outcome for each, in order.
public final class ScenarioLog: Sendable {
    private let storage = Locked<[String]>([])

    public init() {}

    /// Records that `action` ended in `outcome`.
    func record(_ action: String, _ outcome: Outcome) {
        var line = "\(action) -> \(outcome.callback)"
        if let error = outcome.error { line += " (\(error))" }
        storage.withLock { $0.append(line) }
    }

    /// Records a step as a line of its own (the V2 scripted app's steps).
    func note(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    /// The steps so far, one line each.
    public var lines: [String] { storage.withLock { $0 } }
}

/// A scenario that did not go as the script says.
public struct ScenarioFailure: Error, CustomStringConvertible, Sendable {
    public var step: String
    public var message: String

    public var description: String { "\(step): \(message)" }

    static func unexpected(_ step: String, _ outcome: Outcome) -> ScenarioFailure {
        ScenarioFailure(step: step, message: "unexpected \(outcome.callback)\(outcome.error.map { " (\($0))" } ?? "")")
    }
}

