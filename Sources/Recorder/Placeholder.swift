// Placeholder: this module is being written.
enum RecorderPlaceholder {}
