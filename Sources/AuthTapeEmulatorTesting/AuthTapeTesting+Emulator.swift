import AuthTapeTesting
import Driver
import Emulator
import Logging
import NativeAuth

/// What a test needs to run the engine against a live emulator: the emulator's HTTP server (and so
/// Hummingbird) is linked only by suites that import this module.
extension AuthTapeTesting {
    /// Starts an emulator on a free loopback port, runs `body` with it, and shuts it down,
    /// also when `body` throws. The emulator's logs are discarded.
    public static func withEmulator<T: Sendable>(
        config: EmulatorConfig = .default, seed: UInt64 = 1,
        _ body: (RunningEmulator) async throws -> T
    ) async throws -> T {
        let quiet = Logger(label: "authtape.testing", factory: { _ in SwiftLogNoOpLogHandler() })
        let emulator = try await EmulatorServer.start(config: config, seed: seed, logger: quiet)
        do {
            let value = try await body(emulator)
            await emulator.shutdown()
            return value
        } catch {
            await emulator.shutdown()
            throw error
        }
    }

    /// An application of the engine pointed at a running emulator's first client; `v2Options` sets
    /// the V2 profile and link policy of its `signInV2`/`signUpV2`/`resetPasswordV2`.
    public static func application(
        for emulator: RunningEmulator, challengeTypes: MSALNativeAuthChallengeTypes = [.OOB, .password],
        capabilities: MSALNativeAuthCapabilities = [], v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) throws -> MSALNativeAuthPublicClientApplication {
        try MSALNativeAuthPublicClientApplication(
            clientId: emulator.core.config.clients[0].id, authority: emulator.authorityURL,
            challengeTypes: challengeTypes, capabilities: capabilities, v2Options: v2Options)
    }

    /// A performer of V2 user actions (``V2UserAction``) on an application pointed at a running
    /// emulator: each action goes to the latest state that accepts it, and its Outcome comes back.
    public static func v2Performer(
        for emulator: RunningEmulator, v2Options: MSALNativeAuthV2Options = MSALNativeAuthV2Options()
    ) throws -> V2ActionPerformer {
        V2ActionPerformer(app: try application(for: emulator, v2Options: v2Options))
    }

    /// The last one-time code the emulator sent to `user` (email or SMS), as a test types it in.
    public static func latestCode(_ emulator: RunningEmulator, for user: String) -> String? {
        emulator.core.latestCode(for: user)
    }
}
