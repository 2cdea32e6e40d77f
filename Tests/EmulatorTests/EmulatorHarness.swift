import Foundation
import Logging
import NativeAuthWire

@testable import Emulator

/// Drives an in-process ``EmulatorCore`` with a manual clock and a fixed seed.
struct EmulatorHarness {
    let core: EmulatorCore
    let clock: EmulatorClock
    var clientID = "11111111-2222-4333-8444-555555555555"
    var tenant = "contoso.onmicrosoft.com"

    init(config: EmulatorConfig = .default, seed: UInt64 = 42) throws {
        clock = .manual()
        core = try EmulatorCore(config: config, seed: seed, clock: clock, logger: .quiet)
    }

    /// Wraps an existing core (its clock cannot be advanced through ``clock``).
    init(core: EmulatorCore) {
        self.core = core
        self.clock = .manual()
    }

    struct Reply {
        var status: Int
        var json: EmulatorJSON
        var response: EmulatorResponse

        subscript(_ key: String) -> String? { json[key]?.stringValue }
        var error: String? { self["error"] }
        var suberror: String? { self["suberror"] }
        var token: String? { self["continuation_token"] }
        var firstCode: Int? { json["error_codes"]?.arrayValue?.first?.intValue }
    }

    func post(
        _ endpoint: NativeAuthEndpoint, _ fields: [(String, String)], clientID: String? = nil,
        headers: [String: String] = [:]
    ) -> Reply {
        let request = EmulatorRequest.form(
            "/\(tenant)\(endpoint.path)", [("client_id", clientID ?? self.clientID)] + fields,
            headers: ["host": "127.0.0.1:9999"].merging(headers) { $1 })
        let response = core.handle(request)
        return Reply(status: response.status, json: response.json ?? .null, response: response)
    }

    /// The latest code sent to `user`.
    func code(_ user: String) -> String { core.latestCode(for: user) ?? "none" }

    /// A code guaranteed to be wrong for `user`.
    func wrongCode(_ user: String) -> String {
        let right = code(user)
        return right == "11111111" ? "22222222" : "11111111"
    }

    // MARK: Whole steps

    func signInPassword(_ user: String, _ password: String, caps: String? = nil) -> Reply {
        var fields = [("username", user), ("challenge_type", "password redirect")]
        if let caps { fields.append(("capabilities", caps)) }
        let initiate = post(.signInInitiate, fields)
        let challenge = post(.signInChallenge, [("continuation_token", initiate.token ?? ""),
                                                ("challenge_type", "password redirect")])
        return post(
            .token,
            [("continuation_token", challenge.token ?? ""), ("grant_type", "password"), ("password", password),
             ("scope", "openid profile offline_access"), ("client_info", "true")])
    }
}

extension Logger {
    /// A logger that drops everything below `error`, so test output stays readable.
    static var quiet: Logger {
        var logger = Logger(label: "authtape.emulator.test")
        logger.logLevel = .error
        return logger
    }
}
