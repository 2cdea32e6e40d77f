import Foundation
import NativeAuth

extension ScenarioLog {
    /// Records a step and checks that it ended in `callback` (and `error`, when given).
    func expect(_ step: String, _ outcome: Outcome, callback: String, error: String? = nil) throws {
        record(step, outcome)
        guard outcome.callback == callback, error == nil || outcome.error == error else {
            throw ScenarioFailure(
                step: step,
                message: "expected \(callback)\(error.map { " (\($0))" } ?? ""), got \(outcome.callback)\(outcome.error.map { " (\($0))" } ?? "")")
        }
    }
}

extension Scenario {
    /// Gives the attributes the server asks for, page after page, until sign-up completes.
    static func completeAttributes(
        _ first: [MSALNativeAuthRequiredAttribute], _ state: SignUpAttributesRequiredState,
        environment: ScenarioEnvironment, log: ScenarioLog
    ) async throws -> SignInAfterSignUpState {
        var attributes = first
        var state = state
        for page in 1...5 {
            var values: [String: Any] = [:]
            for attribute in attributes { values[attribute.name] = value(forAttribute: attribute.name, runID: environment.runID) }
            let submitted = await state.submitAttributes(attributes: values)
            log.record("submitAttributes (page \(page))", submitted.outcome)
            switch submitted {
            case .completed(let next): return next
            case .attributesRequired(let more, let next):
                attributes = more
                state = next
            default: throw ScenarioFailure.unexpected("submitAttributes", submitted.outcome)
            }
        }
        throw ScenarioFailure(step: "submitAttributes", message: "more than 5 pages of attributes")
    }

    /// Submits a code on the sign-up code state and finishes the sign-up, attributes included.
    static func finishSignUp(
        _ state: SignUpCodeRequiredState, code: String, environment: ScenarioEnvironment, log: ScenarioLog
    ) async throws -> SignInAfterSignUpState {
        let result = await state.submitCode(code: code)
        log.record("submitCode", result.outcome)
        switch result {
        case .completed(let next): return next
        case .attributesRequired(let attributes, let next):
            return try await completeAttributes(attributes, next, environment: environment, log: log)
        default: throw ScenarioFailure.unexpected("submitCode", result.outcome)
        }
    }

    /// A new address for this run.
    static func newAddress(_ name: String, _ environment: ScenarioEnvironment) -> String {
        "\(name).\(environment.runID)@contoso.com"
    }
}
