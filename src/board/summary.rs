//! What the board shows of one file: an item's summary, or what is wrong
//! with the file. The board's cache stores them; the read views make them.

use serde::Serialize;

use crate::engine::item::ItemError;
use crate::text::message::Message;
use crate::workflow::kind::Kind;

/// One item on the board.
#[derive(Clone, Debug, Serialize, PartialEq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Summary {
    // The kind it was read as, carried so that what is asked of its kind
    // is not looked up by its name again; its name in JSON (and in the
    // board's cache, which gives it back its kind when read). A plain
    // comment: the schema says no more of it than before.
    #[serde(serialize_with = "kind_by_name")]
    #[schemars(with = "String")]
    pub kind: Kind,
    pub id: String,
    pub title: String,
    pub status: String,
    pub owner: Option<String>,
    pub terminal: bool,
    pub path: String,
    pub handoff: Option<String>,
    /// The role the next step is for: the handoff's, else the state's owner.
    pub waits_for: Option<String>,
    /// What the role it waits for can run now, from its workflow's `steps:`.
    #[serde(default)]
    pub steps: Vec<crate::workflow::steps::Action>,
}

/// A kind as JSON says it: by its name.
pub(crate) fn kind_by_name<S: serde::Serializer>(kind: &Kind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.name())
}

/// A problem with a file, at a position when there is one.
#[derive(Clone, Debug, Serialize, serde::Deserialize, PartialEq, Eq, schemars::JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Problem {
    pub path: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    // What is wrong, said in the language in force (its English in
    // `--json`).
    #[serde(
        serialize_with = "crate::text::message::serialize_english",
        deserialize_with = "crate::text::message::deserialize_text"
    )]
    #[schemars(with = "String")]
    pub message: Message,
}

impl From<ItemError> for Problem {
    fn from(e: ItemError) -> Self {
        Problem {
            path: e.path,
            line: e.pos.map(|p| p.0),
            column: e.pos.map(|p| p.1),
            message: e.message,
        }
    }
}

impl Problem {
    /// The problem as a message: where, then what is wrong.
    pub fn said(&self) -> Message {
        crate::engine::item::located(&self.path, self.line.zip(self.column), self.message.clone())
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.path, self.message),
            _ => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

/// Whether the moves out of an item's state to one state can be taken now
/// by the role the item waits for, as the one verdict judges the move
/// (`move --dry-run`): `unmet` holds the conditions that do not hold, else
/// the words of the rule that refuses it (the first move's, when none can
/// be taken), and `refused` that rule and its code.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct Readiness {
    pub to: String,
    pub holds: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unmet: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<crate::workflow::steps::StepRefused>,
    /// The readiness of a step whose own command records the evidence
    /// the move shows (a step that answers a trigger: a task's `merge`),
    /// where it differs: the verdict with that evidence left to the
    /// command. Never kept in the cache: a move that needs evidence reads
    /// the repository, so its verdict is not kept.
    #[serde(skip)]
    pub by_command: Option<Box<Readiness>>,
}
