import Foundation
@testable import NativeAuth

/// Shorthands for canned server answers.
enum R {
    static func ok(_ json: String) -> Reply { .response(NativeAuthHTTPResponse(statusCode: 200, json: json)) }

    static func status(_ code: Int, _ json: String = "{}") -> Reply {
        .response(NativeAuthHTTPResponse(statusCode: code, json: json))
    }

    /// A 400 error body.
    static func err(_ error: String, sub: String? = nil, codes: [Int] = [], desc: String = "AADSTS00000: server says no",
                    token: String? = nil, extra: String = "") -> Reply {
        var json = #"{"error":"\#(error)","error_description":"\#(desc)","error_codes":\#(codes)"#
        if let sub { json += #","suberror":"\#(sub)""# }
        if let token { json += #","continuation_token":"\#(token)""# }
        if !extra.isEmpty { json += "," + extra }
        return status(400, json + "}")
    }

    static let redirect = ok(#"{"challenge_type":"redirect","redirect_reason":"needs browser"}"#)
    static let network = Reply.failure(TransportError(.other, message: "simulated"))
    static let server500 = status(500)
    static let notJSON = Reply.response(NativeAuthHTTPResponse(statusCode: 200, body: Data("<html>".utf8)))

    static func token(_ token: String) -> Reply { ok(#"{"continuation_token":"\#(token)"}"#) }

    static func oob(_ token: String, label: String = "u***@c***.com") -> Reply {
        ok(#"{"continuation_token":"\#(token)","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"\#(label)","code_length":8,"interval":300}"#)
    }

    static func password(_ token: String) -> Reply { ok(#"{"continuation_token":"\#(token)","challenge_type":"password"}"#) }

    static func methods(_ token: String) -> Reply {
        ok(#"{"continuation_token":"\#(token)","methods":[{"id":"m1","challenge_type":"oob","challenge_channel":"email","login_hint":"u***@c.com"}]}"#)
    }

    static let requiredAttributes = #""required_attributes":[{"name":"city","type":"string","required":true,"options":{"regex":"^.+$"}}]"#
    static let invalidAttributes = #""invalid_attributes":[{"name":"city"}]"#

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static let clientInfo = base64URL(#"{"uid":"uid-1","utid":"tenant-1"}"#)
    static let idToken = "e30." + base64URL(#"{"oid":"uid-1","preferred_username":"user@contoso.com","tid":"tenant-1"}"#) + ".sig"

    /// A `/token` 200 that MSAL accepts.
    static func tokens(access: String = "at-1", refresh: String = "rt-1") -> Reply {
        ok(#"{"token_type":"Bearer","scope":"openid profile offline_access api.read","expires_in":3600,"access_token":"\#(access)","refresh_token":"\#(refresh)","id_token":"\#(idToken)","client_info":"\#(clientInfo)"}"#)
    }
}

/// Outcome shorthand.
func O(_ callback: String, _ error: String? = nil, _ state: String? = nil, _ token: String? = nil) -> Outcome {
    Outcome(callback: callback, error: error, newState: state, newStateToken: token)
}
