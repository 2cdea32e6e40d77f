import Foundation
import NativeAuthWire

/// Which credential kinds one request carries, by the names V1 and V2 requests give them: V2's JSON bodies
/// (camelCase members at any depth, so `attributes.password` of O10 counts), the form bodies of V1 and of
/// V2's O1/O2/O17 (snake_case fields), and an `Authorization` header. A credential counts only when its
/// value is not empty. Values are read and dropped; only kinds come out.
enum CredentialScan {
    /// JSON member names (V2, and snake_case spellings the SDKs also accept) and their kinds.
    static let jsonNames: [String: CredentialEgress.Kind] = [
        "continuationToken": .continuationToken, "continuation_token": .continuationToken,
        "password": .password,
        "newPassword": .newPassword, "new_password": .newPassword,
        "otp": .otp, "oob": .otp,
        "code": .code, "authorizationCode": .code,
        "refreshToken": .token, "refresh_token": .token, "accessToken": .token, "access_token": .token,
        "idToken": .token, "id_token": .token, "token": .token,
    ]

    /// Form field names (V1 endpoints; V2's O1, O2 and O17) and their kinds.
    static let formNames: [(String, CredentialEgress.Kind)] = [
        ("continuation_token", .continuationToken), ("password", .password), ("new_password", .newPassword),
        ("oob", .otp), ("otp", .otp), ("code", .code), ("refresh_token", .token), ("access_token", .token),
        ("id_token", .token),
    ]

    static func kinds(headers: [(String, String)], body: [UInt8]) -> [CredentialEgress.Kind] {
        var found = Set<CredentialEgress.Kind>()
        for (name, value) in headers where name.caseInsensitiveCompare("Authorization") == .orderedSame {
            if !value.trimmingCharacters(in: .whitespaces).isEmpty { found.insert(.token) }
        }
        if let json = JSONNode.parse(body) {
            collect(json, into: &found)
        } else if !body.isEmpty {
            for (name, kind) in formNames {
                if let value = FormCodec.firstValue(named: name, in: body), !value.isEmpty { found.insert(kind) }
            }
        }
        return found.sorted()
    }

    /// Every credential member of `node`, at any depth.
    private static func collect(_ node: JSONNode, into found: inout Set<CredentialEgress.Kind>, depth: Int = 0) {
        guard depth < 64 else { return }
        switch node {
        case .object(let members):
            for (key, value) in members {
                if let kind = jsonNames[key], isPresent(value) { found.insert(kind) }
                collect(value, into: &found, depth: depth + 1)
            }
        case .array(let items):
            for item in items { collect(item, into: &found, depth: depth + 1) }
        default:
            break
        }
    }

    /// A value that carries something: a non-empty string, or a number (an OTP sent as digits).
    private static func isPresent(_ value: JSONNode) -> Bool {
        switch value {
        case .string(let text): !text.isEmpty
        case .number: true
        default: false
        }
    }
}
