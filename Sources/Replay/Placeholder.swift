// Placeholder: this module is being written.
enum ReplayPlaceholder {}
