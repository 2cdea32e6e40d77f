import NativeAuthWire

extension EmulatorConfig.PasswordPolicy {
    /// The policy violation of `password`, or nil when it is acceptable. `history` holds passwords that
    /// may not be reused (current first).
    func violation(_ password: String, history: [String] = []) -> NativeAuthError? {
        func fail(_ suberror: WireSuberror, _ message: String) -> NativeAuthError {
            NativeAuthError(.invalidGrant, .passwordTooWeak, message, suberror: suberror)
        }
        if password.count < minLength {
            return fail(.passwordTooShort, "New password is too short; it needs at least \(minLength) characters.")
        }
        if password.count > maxLength {
            return fail(.passwordTooLong, "New password is too long; it may have at most \(maxLength) characters.")
        }
        if password.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return fail(.passwordIsInvalid, "New password contains characters that are not allowed.")
        }
        let lowered = password.lowercased()
        if banned.contains(where: { !$0.isEmpty && lowered.contains($0.lowercased()) }) {
            return fail(.passwordBanned, "New password contains a banned word.")
        }
        var classes = 0
        if password.contains(where: \.isLowercase) { classes += 1 }
        if password.contains(where: \.isUppercase) { classes += 1 }
        if password.contains(where: \.isNumber) { classes += 1 }
        if password.contains(where: { !$0.isLetter && !$0.isNumber }) { classes += 1 }
        if classes < minCharacterClasses {
            return fail(.passwordTooWeak, "New password is too weak.")
        }
        if history.prefix(self.history).contains(password) {
            return fail(.passwordRecentlyUsed, "New password was used recently.")
        }
        return nil
    }
}
