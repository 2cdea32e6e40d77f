// Placeholder: this module is being written.
enum FuzzPlaceholder {}
