/// Names of request form fields and response JSON keys (spec §4). Plain string constants so they can be
/// used directly as dictionary keys, form keys and JSON keys.
public enum WireField {
    // MARK: Request form keys

    /// `client_id`, present on every request.
    public static let clientID = "client_id"
    /// `username` (email, or alias when sign-in with username is enabled).
    public static let username = "username"
    /// `password` (secret).
    public static let password = "password"
    /// `new_password` on `/resetpassword/v1.0/submit` (secret).
    public static let newPassword = "new_password"
    /// `challenge_type`: a space-separated list in requests, a single value in responses.
    public static let challengeType = "challenge_type"
    /// `continuation_token`, in requests and in success and error bodies (secret).
    public static let continuationToken = "continuation_token"
    /// `oob`: the one-time code (secret).
    public static let oob = "oob"
    /// `grant_type`.
    public static let grantType = "grant_type"
    /// `attributes`: a JSON object serialised into a string (see ``WireAttributes``).
    public static let attributes = "attributes"
    /// `capabilities`: space-separated list (see ``WireCapabilities``).
    public static let capabilities = "capabilities"
    /// `scope`: space-separated scopes on the token endpoint.
    public static let scope = "scope"
    /// `id`: the chosen strong-auth method (`methods[].id`) on `/oauth2/v2.0/challenge` (redacted).
    public static let id = "id"
    /// `challenge_target`: contact to register on `/register/v1.0/challenge`; echoed in its response.
    public static let challengeTarget = "challenge_target"
    /// `challenge_channel`: `email`, `sms` (request on register/challenge, response on all challenges).
    public static let challengeChannel = "challenge_channel"
    /// `client_info`: request flag `true`; response base64url JSON `{"uid","utid"}`.
    public static let clientInfo = "client_info"
    /// `claims`: optional JSON claims request on the token endpoint.
    public static let claims = "claims"
    /// `refresh_token`: request (refresh grant) and token response (secret).
    public static let refreshToken = "refresh_token"

    // MARK: Response JSON keys

    /// `binding_method` (only value `prompt`).
    public static let bindingMethod = "binding_method"
    /// `challenge_target_label`: masked destination of the code.
    public static let challengeTargetLabel = "challenge_target_label"
    /// `code_length`: number of digits of the code (JSON number).
    public static let codeLength = "code_length"
    /// `interval`: seconds before a resend (JSON number).
    public static let interval = "interval"
    /// `expires_in`: seconds (JSON number).
    public static let expiresIn = "expires_in"
    /// `status` of `/resetpassword/v1.0/poll_completion`.
    public static let status = "status"
    /// `poll_interval` of `/resetpassword/v1.0/submit`.
    public static let pollInterval = "poll_interval"
    /// `methods`: array of strong-auth methods on the introspect endpoints.
    public static let methods = "methods"
    /// `login_hint` inside `methods[]`.
    public static let loginHint = "login_hint"
    /// `redirect_reason` next to `challenge_type: redirect`.
    public static let redirectReason = "redirect_reason"
    /// `access_token` (secret).
    public static let accessToken = "access_token"
    /// `id_token` (secret).
    public static let idToken = "id_token"
    /// `required_attributes` with `attributes_required`.
    public static let requiredAttributes = "required_attributes"
    /// `unverified_attributes` with `verification_required`.
    public static let unverifiedAttributes = "unverified_attributes"
    /// `invalid_attributes` with suberror `attribute_validation_failed`.
    public static let invalidAttributes = "invalid_attributes"

    // MARK: Error envelope keys (§2.3)

    /// `error`.
    public static let error = "error"
    /// `error_description`.
    public static let errorDescription = "error_description"
    /// `error_codes`: array of AADSTS numbers.
    public static let errorCodes = "error_codes"
    /// `suberror`.
    public static let suberror = "suberror"
    /// `timestamp`.
    public static let timestamp = "timestamp"
    /// `trace_id`.
    public static let traceID = "trace_id"
    /// `correlation_id`.
    public static let correlationID = "correlation_id"
    /// `error_uri`.
    public static let errorURI = "error_uri"
    /// `inner_errors`.
    public static let innerErrors = "inner_errors"
    /// `target` (SSPR errors, meaning undocumented).
    public static let target = "target"

    // MARK: Attribute item keys

    /// `name` of an attribute item.
    public static let name = "name"
    /// `type` of a required attribute.
    public static let type = "type"
    /// `required` of a required attribute.
    public static let required = "required"
    /// `options` of a required attribute.
    public static let options = "options"
    /// `regex` inside `options`.
    public static let regex = "regex"
    /// `reason` of an invalid attribute (typed by JS only).
    public static let reason = "reason"

    /// Form keys whose values are secrets or personal data and must never be logged (spec §7).
    public static let secretRequestFields: Set<String> = [
        password, newPassword, oob, continuationToken, refreshToken, username, attributes, challengeTarget, id,
        claims,
    ]
    /// JSON keys whose values are secrets or personal data (spec §7).
    public static let secretResponseFields: Set<String> = [
        continuationToken, accessToken, refreshToken, idToken, clientInfo, challengeTargetLabel, loginHint,
        challengeTarget, id,
    ]
}
