import Foundation
import Fuzz
import NativeAuthWire

/// How `fuzz --serve` reads a request: V1 or V2 (spec native-auth-v2 §1.1, §1.2), and for V2 the step
/// it stands for (server-driven hrefs have no fixed paths, so the step comes from the path's last
/// segments and the body's members).
enum ServeDialect {
    /// V2 for the fixed V2 paths (`authorize-challenge`, the token endpoint with `authorization_code`),
    /// a `PUT`, a path with `/api/` or a JSON object body; V1 otherwise.
    static func of(method: String, path: String, body: [UInt8]) -> WireDialect {
        // A PUT, a path under `/api/` or a JSON object body stands for a followed link: no answer is known here.
        let json = V2Exchange.fixedPath(of: path) == nil ? JSONNode.parse(body) : nil
        let followsLink =
            method.uppercased() == "PUT" || CaptureAnswers.endpointPath(path).hasPrefix("/api/") || json?.members != nil
        let operation = V2Exchange.operation(
            path: path, formContinuationToken: FormCodec.firstValue(named: V2Key.continuationTokenForm, in: body),
            formGrantType: FormCodec.firstValue(named: V2Key.grantType, in: body), jsonContinuationToken: nil,
            followsLink: followsLink)
        return operation == nil ? .v1 : .v2
    }

    /// The V2 step of a request: `authorizeStart`, `authorizeResume`, `tokenExchange`, `signInStart`,
    /// `signUpStart`, `resetPasswordStart`, `challenge`, `verifyPassword`, `verifyCode`, `riskVerify`,
    /// `resend`, `submitAttributes`, `updatePassword`, `poll`, `enroll`, `activate`, `recover`, else `interaction`.
    static func v2Step(method: String, path: String, body: [UInt8]) -> String {
        switch V2Exchange.fixedPath(of: path) {
        case V2Path.authorizeChallenge?:
            return FormCodec.firstValue(named: V2Key.continuationTokenForm, in: body) == nil ? "authorizeStart" : "authorizeResume"
        case V2Path.token?: return "tokenExchange"
        default: break
        }
        let endpoint = CaptureAnswers.endpointPath(path)
        let segments = endpoint.lowercased().split(separator: "/").map(String.init)
        let json = JSONNode.parse(body)
        switch segments.last ?? "" {
        case "start":
            let flow = segments.dropLast().last ?? ""
            return ["signin": "signInStart", "signup": "signUpStart", "resetpassword": "resetPasswordStart"][flow] ?? "start"
        case "verify":
            if segments.contains("risk") { return "riskVerify" }
            if json?[V2Key.password] != nil { return "verifyPassword" }
            return json?[V2Key.otp] != nil ? "verifyCode" : "verify"
        case "challenge": return "challenge"
        case "resend": return "resend"
        case "submitattributes": return "submitAttributes"
        case "update": return "updatePassword"
        case "poll": return "poll"
        case "enroll", "register": return "enroll"
        case "activate": return "activate"
        case "recover": return "recover"
        default: return method.uppercased() == "PUT" ? "updatePassword" : "interaction"
        }
    }

    /// `http(s)://<Host header>`, the origin the client talks to; nil without a usable Host header.
    static func origin(of request: ServerRequest, tls: Bool) -> String? {
        guard let host = request.header("Host")?.trimmingCharacters(in: .whitespaces), !host.isEmpty,
            !host.contains(where: { $0 == "/" || $0 == "@" || $0 == " " })
        else { return nil }
        return (tls ? "https://" : "http://") + host
    }

    /// The secret values of a V2 JSON request body (password, new password, code, token, contact,
    /// and a password sent as a sign-up attribute).
    static func secrets(ofJSON body: [UInt8]) -> [String] {
        guard let node = JSONNode.parse(body), node.members != nil else { return [] }
        var values: [String] = []
        for key in [V2Key.password, V2Key.newPassword, V2Key.otp, V2Key.continuationToken, V2Key.code, V2Key.target] {
            values += node.values(of: key).compactMap(\.stringValue)
        }
        if let password = node[V2Key.attributes]?[V2Key.password]?.stringValue { values.append(password) }
        return values
    }

    /// The secret values of a V2 answer: its token, the O2 code, and method ids (the redactor treats
    /// them as identifiers, and they reappear in later request paths).
    static func secrets(ofAnswer node: JSONNode) -> [String] {
        var values: [String] = []
        for key in [V2Key.continuationToken, V2Key.code, V2Key.authorizationCode, V2Key.id] {
            values += node.values(of: key).compactMap(\.stringValue)
        }
        if case .array(let methods)? = node.value(at: [.key(V2Key.embedded), .key(V2Key.methods)]) {
            values += methods.compactMap { $0[V2Key.id]?.stringValue }
        }
        return values
    }
}
