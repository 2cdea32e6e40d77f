/// How ``ScriptInference`` reads user actions from a capture, and which MSAL its V2 verdicts model.
public struct InferenceOptions: Sendable, Hashable {
    /// The default ``actionGap``: one second.
    public static let defaultActionGap = 1.0

    /// Seconds between a response's end and the next request's start beyond which the request is the
    /// user's next action rather than the SDK's own follow-up (which comes within milliseconds). The
    /// SDK's retries after a 5xx, a network failure or a PKeyAuth challenge, and its poll waits, are
    /// recognised as such whatever their delay. Zero or less, NaN or infinity: timing is not used.
    public var actionGap: Double
    /// Which MSAL the V2 verdicts model: the oracle's profile when expectations are inferred, and the
    /// engine's V2 options when ``ReplayRunner`` replays the flows (`authtape replay --msal`).
    public var msal: ModelledMSAL

    /// Creates options.
    public init(actionGap: Double = InferenceOptions.defaultActionGap, msal: ModelledMSAL = .standard) {
        self.actionGap = actionGap
        self.msal = msal
    }

    /// The default options.
    public static let standard = InferenceOptions()

    /// Whether ``actionGap`` is a usable threshold.
    var usesTiming: Bool { actionGap.isFinite && actionGap > 0 }
}
