//! The Human's acknowledgements of past violations
//! (`.orx/acknowledged.yaml`), read by the judge and by `verify`.

use serde::{Deserialize, Serialize};

/// A past commit whose violations the Human has reviewed and accepted.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Acknowledgement {
    /// The commit id (7 or more hex digits).
    pub commit: String,
    pub reason: String,
    /// Who acknowledges it.
    pub by: String,
}

/// Reads `.orx/acknowledged.yaml`: a list of `{commit, reason, by}`.
pub fn parse_acknowledgements(bytes: &[u8]) -> std::result::Result<Vec<Acknowledgement>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "is not valid UTF-8".to_owned())?;
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<Acknowledgement> =
        serde_saphyr::from_str_with_options(text, crate::workflow::yaml_options()).map_err(
            |e| {
                let (pos, message) = crate::workflow::yaml_error(&e);
                match pos {
                    Some((l, c)) => format!("{l}:{c}: {message}"),
                    None => message,
                }
            },
        )?;
    for a in &list {
        let hex = a.commit.len() >= 7 && a.commit.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex {
            return Err(format!(
                "`commit: {}` must be a commit id (7 or more hex digits)",
                crate::text::escape(&a.commit)
            ));
        }
        if a.reason.trim().is_empty() || a.by.trim().is_empty() {
            return Err(format!(
                "the acknowledgement of {} needs a `reason` and who gives it (`by`)",
                a.commit
            ));
        }
    }
    Ok(list
        .into_iter()
        .map(|a| Acknowledgement {
            commit: a.commit.to_ascii_lowercase(),
            ..a
        })
        .collect())
}
