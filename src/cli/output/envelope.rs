//! The error envelope.

use orx::error::ErrorData;

use super::Version;

/// What every command prints on standard output under --json when it
/// fails; its exit code is kept. `error.code` is stable and dotted (the
/// README lists the codes); `error.allowed` holds the actions the item's
/// state offers, as `next` gives them.
#[derive(serde::Serialize, schemars::JsonSchema)]
#[schemars(title = "git-orx error envelope", deny_unknown_fields)]
pub struct Envelope {
    pub version: Version,
    pub error: ErrorData,
    pub hints: Vec<String>,
}

impl Envelope {
    pub fn new(error: ErrorData, hints: Vec<String>) -> Envelope {
        Envelope {
            version: Version,
            error,
            hints,
        }
    }
}
