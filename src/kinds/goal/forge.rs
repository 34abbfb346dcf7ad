//! The forge bridge: webhook payloads (Gitea, GitHub) applied to goals and
//! tasks.
