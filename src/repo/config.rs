//! `.orx/config.yaml`: language, where stories live, extra roles.

use std::path::Path;

use serde::Deserialize;

use crate::text::message::Message;
use crate::workflow::{yaml_error, yaml_options};

pub const CONFIG_PATH: &str = ".orx/config.yaml";

/// The text `git orx init` writes; `{lang}` is filled in.
pub const TEMPLATE: &str = include_str!("../../templates/config.yaml");

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Language of handoff messages: `en` or `zh`.
    #[serde(default = "default_lang")]
    pub lang: String,
    /// The story directory, relative to the repository root.
    #[serde(default = "default_stories")]
    pub stories: String,
    /// Roles besides the built-in ones.
    #[serde(default)]
    pub roles: Vec<String>,
    /// Who may act as which role; `verify` checks commits' authors against it.
    #[serde(default)]
    pub identities: Vec<Identity>,
    /// The commands `git orx agent check` runs, each with `sh -c` from the
    /// repository root (`cargo test`, `flutter analyze`, say).
    #[serde(default)]
    pub checks: Vec<String>,
    /// The thresholds of `git orx metrics`' alerts.
    #[serde(default)]
    pub alerts: Thresholds,
    /// What `git orx doctor` calls stuck.
    #[serde(default)]
    pub doctor: Doctor,
    /// Whether handoff messages give the agent's own line for the step
    /// (`Next: QA, run \`review 1.2\``) before git-orx's.
    #[serde(default = "default_persona_commands")]
    pub persona_commands: bool,
    /// Whether a change's handoff ends with Orchestrix's handoff line
    /// (`🎯 HANDOFF TO qa: *review 1.2`), which its terminal automation
    /// watches for.
    #[serde(default)]
    pub handoff_line: bool,
    /// The repository's tests, which a loop's validate runs.
    #[serde(default)]
    pub tests: Tests,
    /// The team's agents and the role each acts as (`zhaoyun: dev`), for
    /// goals and tasks: a forge user's login is looked up here.
    #[serde(default)]
    pub team: std::collections::BTreeMap<String, String>,
    /// What each role can do (`dev: Rust services, the web UI`), told to
    /// it in the goal's discussion prompt.
    #[serde(default)]
    pub capabilities: std::collections::BTreeMap<String, String>,
}

/// `tests:` in the config: the command that runs the repository's tests
/// (with `sh -c` from the root) and the JUnit XML file it writes, if any.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tests {
    pub command: Option<String>,
    pub junit: Option<String>,
}

fn default_persona_commands() -> bool {
    true
}

/// `doctor:` in the config.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Doctor {
    /// A story in one (not terminal) state for longer than this is stuck.
    #[serde(default = "default_stuck_after_hours")]
    pub stuck_after_hours: f64,
}

impl Default for Doctor {
    fn default() -> Self {
        Doctor {
            stuck_after_hours: default_stuck_after_hours(),
        }
    }
}

fn default_stuck_after_hours() -> f64 {
    48.0
}

/// An author (by e-mail) and the roles they may act as; with `key`, the
/// fingerprint (or its tail) of the key their commits must be signed with
/// under `verify --require-signed`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    pub email: String,
    pub roles: Vec<String>,
    #[serde(default)]
    pub key: Option<String>,
}

fn default_lang() -> String {
    "en".to_owned()
}

fn default_stories() -> String {
    "docs/stories".to_owned()
}

impl Default for Config {
    fn default() -> Self {
        Config {
            lang: default_lang(),
            stories: default_stories(),
            roles: Vec::new(),
            identities: Vec::new(),
            checks: Vec::new(),
            doctor: Doctor::default(),
            alerts: Default::default(),
            persona_commands: default_persona_commands(),
            handoff_line: false,
            tests: Tests::default(),
            team: Default::default(),
            capabilities: Default::default(),
        }
    }
}

pub const LANGS: &[&str] = &["en", "zh"];

/// A config file that cannot be used, with its position when known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub pos: Option<(usize, usize)>,
    /// What is wrong (the YAML reader's own words, for a file it cannot
    /// read).
    pub message: Message,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl std::error::Error for ConfigError {}

impl ConfigError {
    /// The config's path (and position), and what is wrong there.
    pub fn message(&self) -> Message {
        let at = match self.pos {
            Some((l, c)) => format!("{CONFIG_PATH}:{l}:{c}"),
            None => CONFIG_PATH.to_owned(),
        };
        crate::msg!("path-text", path = at, text = self.message.clone())
    }
}

impl Config {
    /// Reads the config under `root`; `Ok(None)` when there is none.
    pub fn load(root: &Path) -> Result<Option<Config>, ConfigError> {
        let path = root.join(CONFIG_PATH);
        let bytes = match crate::engine::item::read_limited(&path) {
            Ok(b) => b,
            Err(_) if !path.exists() && path.symlink_metadata().is_err() => return Ok(None),
            Err(m) => {
                return Err(ConfigError {
                    pos: None,
                    // read_limited's words are the item errors' (not yet
                    // messages).
                    message: m,
                });
            }
        };
        let text = String::from_utf8(bytes).map_err(|_| ConfigError {
            pos: None,
            message: crate::msg!("not-valid-utf-8"),
        })?;
        Config::parse(&text).map(Some)
    }

    pub fn parse(text: &str) -> Result<Config, ConfigError> {
        let mut config: Config = if text.trim().is_empty() {
            Config::default()
        } else {
            serde_saphyr::from_str_with_options(text, yaml_options()).map_err(|e| {
                let (pos, message) = yaml_error(&e);
                ConfigError { pos, message }
            })?
        };
        config.check()?;
        // Roles are case-insensitive: an identity's `PM` is role `pm`.
        for id in &mut config.identities {
            for r in &mut id.roles {
                *r = crate::workflow::role::canonical(r);
            }
        }
        Ok(config)
    }

    fn check(&self) -> Result<(), ConfigError> {
        let fail = |message: Message| Err(ConfigError { pos: None, message });
        if !LANGS.contains(&self.lang.as_str()) {
            return fail(crate::msg!(
                "config-lang-not-supported",
                lang = crate::text::escape(&self.lang)
            ));
        }
        let p = Path::new(&self.stories);
        let escapes = p.is_absolute()
            || p.components()
                .any(|c| !matches!(c, std::path::Component::Normal(_)))
            || self.stories.is_empty()
            || p.components()
                .next()
                .is_some_and(|c| c.as_os_str() == ".git" || c.as_os_str() == ".orx");
        if escapes {
            return fail(crate::msg!(
                "config-stories-relative",
                stories = crate::text::escape(&self.stories)
            ));
        }
        let hours = self.doctor.stuck_after_hours;
        if !(hours.is_finite() && hours > 0.0) {
            return fail(crate::msg!("config-stuck-after-hours", hours = hours));
        }
        let roles = self.roles();
        for (agent, role) in &self.team {
            if !roles.contains(&crate::workflow::role::canonical(role)) {
                return fail(crate::msg!(
                    "config-team-unknown-role",
                    agent = crate::text::escape(agent),
                    role = crate::text::escape(role)
                ));
            }
        }
        for id in &self.identities {
            if let Some(r) = id
                .roles
                .iter()
                .find(|r| !roles.contains(&crate::workflow::role::canonical(r)))
            {
                return fail(crate::msg!(
                    "config-identity-unknown-role",
                    email = crate::text::escape(&id.email),
                    role = crate::text::escape(r)
                ));
            }
        }
        for r in &self.roles {
            let ok = !r.is_empty()
                && r.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !ok {
                return fail(crate::msg!(
                    "config-role-name",
                    role = crate::text::escape(r)
                ));
            }
        }
        let a = &self.alerts;
        if !(a.max_review_rounds.is_finite() && a.max_review_rounds >= 0.0) {
            return fail(crate::msg!("config-max-review-rounds"));
        }
        for (key, v) in [
            ("min_auto_approval_rate", a.min_auto_approval_rate),
            ("max_escalation_rate", a.max_escalation_rate),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return fail(crate::msg!("config-alert-rate", key = key, v = v));
            }
        }
        Ok(())
    }

    pub fn roles(&self) -> crate::workflow::role::Roles {
        crate::workflow::role::Roles::with_extra(&self.roles)
    }
}

/// The config text for a new repository.
pub fn initial_text(lang: &str) -> String {
    TEMPLATE.replace("{lang}", lang)
}

/// Thresholds past which a metric says the rules need a look.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Thresholds {
    /// Mean review rounds (Architect or QA) above this fire an alert.
    pub max_review_rounds: f64,
    /// An auto-approval rate below this (0 to 1) fires an alert.
    pub min_auto_approval_rate: f64,
    /// An escalation rate above this (0 to 1) fires an alert.
    pub max_escalation_rate: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            max_review_rounds: 2.0,
            min_auto_approval_rate: 0.30,
            max_escalation_rate: 0.10,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_is_a_valid_config() {
        let c = Config::parse(&initial_text("zh")).unwrap();
        assert_eq!(c.lang, "zh");
        assert_eq!(c.stories, "docs/stories");
    }

    #[test]
    fn bad_configs_are_explained() {
        for (text, needle) in [
            ("lang: fr\n", "`lang: fr` is not supported"),
            ("stories: ../elsewhere\n", "must be a relative path"),
            ("stories: /abs\n", "must be a relative path"),
            ("lang: en\nlang: zh\n", "duplicate"),
            ("langs: en\n", "unknown field `langs`"),
            ("roles: [Bad Role]\n", "role `Bad Role`"),
            ("roles: [p.m]\n", "role `p.m`"),
        ] {
            let e = Config::parse(text).unwrap_err();
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
        assert_eq!(
            Config::parse("lang: en\nlangs: x\n").unwrap_err().pos,
            Some((2, 1))
        );
    }
}

#[cfg(test)]
mod alert_tests {
    use super::*;

    #[test]
    fn alert_thresholds_are_checked() {
        let c = Config::parse("alerts: {max_review_rounds: 3}\n").unwrap();
        assert_eq!(c.alerts.max_review_rounds, 3.0);
        assert_eq!(c.alerts.min_auto_approval_rate, 0.3);
        let e = Config::parse("alerts: {max_escalation_rate: 10}\n").unwrap_err();
        assert!(
            e.message.to_string().contains("must be a rate from 0 to 1"),
            "{e}"
        );
        let e = Config::parse("alerts: {max_rounds: 1}\n").unwrap_err();
        assert!(e.message.to_string().contains("max_rounds"), "{e}");
    }
}
