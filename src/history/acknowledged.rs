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
pub fn parse_acknowledgements(
    bytes: &[u8],
) -> std::result::Result<Vec<Acknowledgement>, crate::text::message::Message> {
    let text = std::str::from_utf8(bytes).map_err(|_| crate::msg!("text-not-valid-utf-8"))?;
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let list: Vec<Acknowledgement> =
        serde_saphyr::from_str_with_options(text, crate::workflow::yaml_options()).map_err(
            |e| {
                let (pos, message) = crate::workflow::yaml_error(&e);
                match pos {
                    Some((line, column)) => crate::msg!("at-line-column", line, column, message),
                    None => message,
                }
            },
        )?;
    for a in &list {
        let hex = a.commit.len() >= 7 && a.commit.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex {
            let commit = crate::text::escape(&a.commit);
            return Err(crate::msg!("acknowledged-not-commit-id", commit));
        }
        if a.reason.trim().is_empty() || a.by.trim().is_empty() {
            let commit = crate::text::escape(&a.commit);
            return Err(crate::msg!("acknowledged-needs-reason-by", commit));
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
