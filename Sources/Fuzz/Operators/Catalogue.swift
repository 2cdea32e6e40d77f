/// The fuzzer's own copy of the error catalogue of native-auth-api.md §6 (independent of the engine's
/// and the oracle's tables), plus values no endpoint knows.
public enum Catalogue {
    /// §6.1 `error` values.
    public static let errors = [
        "invalid_request", "invalid_client", "unauthorized_client", "unsupported_challenge_type", "user_already_exists",
        "user_not_found", "invalid_grant", "expired_token", "expired_refresh_token", "credential_required",
        "attributes_required", "verification_required", "unsupported_auth_method", "auth_not_supported",
        "invalid_scope", "unsupported_grant_type", "authorization_pending", "slow_down", "access_denied", "server_error",
    ]
    /// §6.2 `suberror` values.
    public static let suberrors = [
        "password_too_weak", "password_too_short", "password_too_long", "password_recently_used", "password_banned",
        "password_is_invalid", "attribute_validation_failed", "invalid_oob_value", "mfa_required",
        "registration_required", "introspect_required", "provider_blocked_by_rep", "provider_blocked_by_admin",
        "nativeauthapi_disabled",
    ]
    /// §6.3 AADSTS numbers.
    public static let errorCodes = [
        50034, 50126, 500222, 90100, 50142, 901001, 550024, 400002, 50076, 1003037, 901007, 55103, 55106, 399246,
        552003, 55200, 55000, 55112,
    ]
    /// Plausible pairings of §6.1/§6.2/§6.3 seen on the wire (error, suberror, first code, description).
    public static let envelopes: [(String, String?, Int?, String?)] = [
        ("invalid_grant", "invalid_oob_value", 50181, nil), ("invalid_grant", "password_too_weak", 399246, nil),
        ("invalid_grant", "password_too_short", 399246, nil), ("invalid_grant", "password_banned", 399246, nil),
        ("invalid_grant", "attribute_validation_failed", 55109, nil), ("invalid_grant", "mfa_required", 50076, nil),
        ("invalid_grant", "registration_required", 50079, nil), ("invalid_grant", nil, 50126, nil),
        ("invalid_grant", nil, 50034, nil), ("invalid_grant", nil, 400002, nil),
        ("invalid_request", nil, 90100, "username parameter is empty or not valid"),
        ("invalid_request", nil, 90100, "client_id parameter is empty or not valid"),
        ("invalid_request", nil, 500222, nil), ("invalid_request", nil, 50142, nil), ("invalid_request", nil, 901001, nil),
        ("invalid_request", "introspect_required", 55200, nil), ("invalid_client", "nativeauthapi_disabled", 7000218, nil),
        ("access_denied", "provider_blocked_by_rep", 550024, nil), ("access_denied", "provider_blocked_by_admin", 550024, nil),
        ("expired_token", nil, 552003, nil), ("user_not_found", nil, 50034, nil), ("user_already_exists", nil, 1003037, nil),
        ("credential_required", nil, 55103, nil), ("attributes_required", nil, 55106, nil),
        ("unsupported_challenge_type", nil, 901007, nil), ("unauthorized_client", nil, 700016, nil),
        ("expired_refresh_token", nil, 700082, nil), ("invalid_scope", nil, 70011, nil),
        ("verification_required", nil, nil, nil), ("server_error", nil, nil, nil),
    ]
    /// Strings no endpoint knows: new values, case changes, whitespace, empty.
    public static let unknownStrings = ["brand_new_value", "INVALID_GRANT", "Invalid_Request", "invalid_grant ", "", "unknown", "null"]
    /// `challenge_type` values.
    public static let challengeTypes = ["oob", "password", "redirect", "preverified", "OOB", "otp", "", "oob password", "sms"]
    /// poll_completion `status` values.
    public static let pollStatuses = ["succeeded", "in_progress", "failed", "not_started", "SUCCEEDED", "done", ""]
    /// Numeric fields and boundary values (JSON source text).
    public static let numberFields = ["code_length", "interval", "poll_interval", "expires_in"]
    public static let boundaryNumbers = ["0", "-1", "1", "2147483648", "9223372036854775807", "1e400", "8.5", "8.0", "-0"]
}
