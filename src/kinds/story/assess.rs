//! The SM's quality check (its decision matrix): what an assessment
//! records, and which transition it leads to.
//!
//! The thresholds are not here: they are guards in the workflow file. An
//! assessment writes its numbers into the frontmatter, then takes the first
//! transition from the current state marked `trigger: assess` whose guard
//! holds on the result.

use std::fmt;
use std::str::FromStr;

use serde_json::{Value, json};

use crate::change::plan::{self, Actor, Plan};
use crate::engine::checklist::{self, Checklist, Measurement};
use crate::engine::decide::{PassedOver, decide_explained};
use crate::engine::validate;
use crate::error::Error;
use crate::repo::workspace::{self, Workspace};
use crate::text::message::Message;
use crate::workflow::Measure;

/// The seven complexity indicators of the story lifecycle, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Indicator {
    ApiContract,
    DbSchema,
    NewPattern,
    CrossService,
    Security,
    Performance,
    CoreDocs,
}

impl Indicator {
    pub const ALL: [Indicator; 7] = [
        Indicator::ApiContract,
        Indicator::DbSchema,
        Indicator::NewPattern,
        Indicator::CrossService,
        Indicator::Security,
        Indicator::Performance,
        Indicator::CoreDocs,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Indicator::ApiContract => "api-contract",
            Indicator::DbSchema => "db-schema",
            Indicator::NewPattern => "new-pattern",
            Indicator::CrossService => "cross-service",
            Indicator::Security => "security",
            Indicator::Performance => "performance",
            Indicator::CoreDocs => "core-docs",
        }
    }

    /// What the indicator means, in Chinese and English.
    pub fn meaning(self) -> &'static str {
        match self {
            Indicator::ApiContract => "API 契约变更: changes an existing API",
            Indicator::DbSchema => "数据库模式修改: changes the database schema",
            Indicator::NewPattern => "新架构模式: introduces a new architectural pattern",
            Indicator::CrossService => "跨服务依赖: involves several services",
            Indicator::Security => "安全敏感操作: security-sensitive",
            Indicator::Performance => "性能关键特性: performance-critical",
            Indicator::CoreDocs => "核心架构文档修改: needs the architecture documents updated",
        }
    }
}

impl fmt::Display for Indicator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Indicator {
    type Err = Message;
    fn from_str(s: &str) -> Result<Self, Message> {
        Indicator::ALL
            .into_iter()
            .find(|i| i.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Indicator::ALL.iter().map(|i| i.name()).collect();
                crate::msg!(
                    "assess-unknown-complexity-indicator",
                    indicator = crate::text::escape(s),
                    known = names.join(", ")
                )
            })
    }
}

/// Issue severities, as the Architect's review counts them.
pub const SEVERITIES: [&str; 4] = ["critical", "high", "medium", "minor"];

/// One quality check, as the SM gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Assessment {
    /// Structure validation given by the SM, overriding the measured one.
    pub structure: Option<f64>,
    /// Technical extraction given by the SM, overriding the measured one.
    pub extraction: Option<f64>,
    /// Why the measured values are overridden (needed when they are).
    pub reason: Option<String>,
    pub score: f64,
    pub complexity: Vec<Indicator>,
    /// After a revision: Critical issues of the Architect's review still open.
    pub open_critical: Option<u32>,
    /// After a revision: the severities of the issues the revision changed.
    pub revised: Option<Vec<String>>,
    /// The SM asks for the Architect's review where the decision matrix
    /// leaves it optional (score ≥ 8.0 with one indicator: 可选审查).
    pub review: bool,
}

/// A measurement an assessment may override.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measured {
    Structure,
    Extraction,
}

/// Why an assessment's arguments cannot be taken (the command line words
/// it with its own flags).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BadAssessment {
    #[error("the {} must be a percentage from 0 to 100, not {}", match .0 { Measured::Structure => "structure", Measured::Extraction => "extraction" }, .1)]
    Percentage(Measured, f64),
    #[error(
        "a reason explains an override of the measured structure or extraction; give one, or leave the reason out"
    )]
    ReasonWithoutOverride,
    #[error(
        "a structure or extraction given overrides what git-orx measures in the story; say why with a reason (it is recorded)"
    )]
    OverrideWithoutReason,
    #[error("the score must be from 0 to 10, not {0}")]
    Score(f64),
    #[error("unknown severity `{}` (known: {})", crate::text::escape(.0), SEVERITIES.join(", "))]
    Severity(String),
}

impl BadAssessment {
    /// What is wrong, as a message (its `Display` is the English).
    pub fn message(&self) -> Message {
        use crate::msg;
        match self {
            BadAssessment::Percentage(what, v) => msg!(
                "assess-percentage-out-of-range",
                what = match what {
                    Measured::Structure => msg!("assess-structure"),
                    Measured::Extraction => msg!("assess-extraction"),
                },
                v = *v
            ),
            BadAssessment::ReasonWithoutOverride => msg!("assess-reason-without-override"),
            BadAssessment::OverrideWithoutReason => msg!("assess-override-without-reason"),
            BadAssessment::Score(v) => msg!("score-must-not-v-2", v = *v),
            BadAssessment::Severity(s) => msg!(
                "assess-unknown-severity",
                name = crate::text::escape(s),
                list = SEVERITIES.join(", ")
            ),
        }
    }
}

impl Assessment {
    /// Checks the ranges (percentages 0-100, score 0-10), that a reason
    /// goes with an override and only with one, and the severities.
    pub fn check(&self) -> Result<(), BadAssessment> {
        let pct = |what: Measured, v: f64| {
            if (0.0..=100.0).contains(&v) {
                Ok(())
            } else {
                Err(BadAssessment::Percentage(what, v))
            }
        };
        if let Some(v) = self.structure {
            pct(Measured::Structure, v)?;
        }
        if let Some(v) = self.extraction {
            pct(Measured::Extraction, v)?;
        }
        if !self.overrides() && self.reason.is_some() {
            return Err(BadAssessment::ReasonWithoutOverride);
        }
        if self.overrides() && self.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
            return Err(BadAssessment::OverrideWithoutReason);
        }
        if !(0.0..=10.0).contains(&self.score) {
            return Err(BadAssessment::Score(self.score));
        }
        if let Some(bad) = self
            .revised
            .iter()
            .flatten()
            .find(|s| !SEVERITIES.contains(&s.as_str()))
        {
            return Err(BadAssessment::Severity(bad.clone()));
        }
        Ok(())
    }

    /// Whether it overrides the measured structure or extraction.
    pub fn overrides(&self) -> bool {
        self.structure.is_some() || self.extraction.is_some()
    }

    /// The frontmatter fields this assessment writes: the structure and
    /// extraction it settled on, and the reason when they override the
    /// measurement, where the workflow's `measure` says (`clear_reason`:
    /// the item holds an earlier reason, which no longer applies); then
    /// the score, the complexity, whether the SM asks for the optional
    /// review (`clear_review`: an earlier request no longer applies) and
    /// what the SM says of a revision.
    pub fn fields(
        &self,
        m: &Measure,
        structure: f64,
        extraction: f64,
        clear_reason: bool,
        clear_review: bool,
    ) -> Vec<(Vec<String>, Value)> {
        let owned = |p: &[&str]| p.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let mut out = vec![
            (m.structure.clone(), number(structure)),
            (m.extraction.clone(), number(extraction)),
        ];
        match self.reason.as_deref().filter(|_| self.overrides()) {
            Some(reason) => out.push((m.reason.clone(), json!(reason.trim()))),
            None if clear_reason => out.push((m.reason.clone(), Value::Null)),
            None => {}
        }
        out.push((owned(&["quality", "score"]), float(self.score)));
        out.push((
            owned(&["quality", "complexity"]),
            json!(self.complexity.iter().map(|i| i.name()).collect::<Vec<_>>()),
        ));
        if self.review || clear_review {
            out.push((
                owned(&["quality", "review_requested"]),
                if self.review {
                    json!(true)
                } else {
                    Value::Null
                },
            ));
        }
        if let Some(n) = self.open_critical {
            out.push((owned(&["revision", "open_critical"]), json!(n)));
        }
        if let Some(levels) = &self.revised {
            out.push((owned(&["revision", "revised"]), json!(levels)));
        }
        out
    }
}

/// Whole numbers as integers (`100`), others as floats.
fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        json!(v as i64)
    } else {
        float(v)
    }
}

fn float(v: f64) -> Value {
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

/// What an assessment measured in the story and what the text suggests.
#[derive(Debug)]
pub struct AssessReport {
    pub measured: Measurement,
    /// Complexity indicators the text suggests that the SM did not give.
    pub hints: Vec<(Indicator, &'static str)>,
    /// Outcomes passed over on the way to the one taken (after the first,
    /// the failure route), with what each lacked: why not Approved, say.
    pub passed_over: Vec<PassedOver>,
}

/// Plans `git orx assess`: measures the story against its template's
/// checklist (unless the SM overrides it, with a reason), records the
/// numbers, then takes the first `assess` transition whose guard holds.
pub fn plan(
    ws: &Workspace,
    id: &str,
    a: &Assessment,
    actor: Actor,
) -> crate::Result<(Plan, AssessReport)> {
    a.check().map_err(|e| Error::Usage(e.message()))?;
    let item = ws.find(id)?;
    let wf = plan::workflow_of(ws, &item)?;
    plan::known_state(&wf, &item)?;
    let base = plan::committed(ws, &item)?;
    let Some(m) = wf.measure.as_ref() else {
        return Err(Error::Failed(crate::msg!(
            "name-workflow-path-has-no-2",
            name = &wf.name,
            path = &wf.origin
        )));
    };
    let template = item.kind.template()?.unwrap_or_default();
    let measured = Checklist::of_template(template).measure(item.doc.body());
    let structure = a.structure.unwrap_or(measured.structure);
    let extraction = a.extraction.unwrap_or(measured.extraction);
    let value = item.value();
    let has = |path: &[String]| validate::lookup(&value, path).is_some_and(|v| !v.is_null());
    let review_path = ["quality".to_owned(), "review_requested".to_owned()];
    let fields = a.fields(m, structure, extraction, has(&m.reason), has(&review_path));
    let recorded =
        plan::apply(&item.doc, &fields).map_err(|e| plan::item_error(&item, e.pos, e.message))?;
    let recorded_value = item.value_of(&recorded);
    // What the assessment records must keep what the state keeps (its
    // `edit_guard`: after a recorded review, the findings are not the
    // SM's to restate).
    let now = workspace::now();
    if let Some(state) = wf.state(&item.status) {
        let scope = validate::guard_scope(
            &wf,
            None,
            Some(&item.value()),
            &recorded_value,
            actor.role,
            &now,
        );
        let unmet = validate::edit_guard_unmet(state, &scope);
        if !unmet.is_empty() {
            // The workflow's own descriptions of its conditions, each in
            // the language in force where the workflow gives its `zh:`.
            let why = unmet
                .into_iter()
                .map(|u| Message::said(u.desc, u.zh.as_deref()))
                .reduce(|first, rest| crate::msg!("semicolon-then", first, rest))
                .unwrap_or_else(|| Message::text(""));
            return Err(Error::Usage(why));
        }
    }
    let (t, mut passed_over) = decide_explained(
        &wf,
        "assess",
        &base.value(),
        &recorded_value,
        actor.role,
        &now,
    )?;
    let to = t.to.clone();
    // The first candidate is the failure route: not passing it is no news.
    if !passed_over.is_empty() {
        passed_over.remove(0);
    }
    let hints = complexity_hints(item.doc.body())
        .into_iter()
        .filter(|(i, _)| !a.complexity.contains(i))
        .collect();
    let trailers = a
        .reason
        .as_deref()
        .filter(|_| a.overrides())
        .map(|reason| {
            (
                "Orx-Quality-Override".to_owned(),
                plan::trailer_value(&format!(
                    "structure={structure} (measured {}) extraction={extraction} (measured {}): {reason}",
                    measured.structure, measured.extraction
                )),
            )
        })
        .into_iter()
        .collect();
    let extras = plan::Extras {
        trailers,
        ..Default::default()
    };
    let plan = plan::transition_with(ws, item, &to, &fields, actor, extras)?;
    Ok((
        plan,
        AssessReport {
            measured,
            hints,
            passed_over,
        },
    ))
}

/// Words that suggest each complexity indicator (English, then Chinese).
const HINTS: &[(Indicator, &[&str])] = &[
    (
        Indicator::ApiContract,
        &[
            "api",
            "apis",
            "endpoint",
            "endpoints",
            "graphql",
            "grpc",
            "openapi",
            "接口",
        ],
    ),
    (
        Indicator::DbSchema,
        &[
            "database",
            "db schema",
            "database schema",
            "migration",
            "migrations",
            "table",
            "tables",
            "alter table",
            "foreign key",
            "new column",
            "add column",
            "sql",
            "postgres",
            "postgresql",
            "mysql",
            "sqlite",
            "数据库",
            "迁移",
            "表结构",
            "数据表",
            "新增字段",
        ],
    ),
    (
        Indicator::NewPattern,
        &[
            "new pattern",
            "event sourcing",
            "cqrs",
            "saga",
            "new architecture",
            "新架构",
            "新模式",
            "引入新",
        ],
    ),
    (
        Indicator::CrossService,
        &[
            "microservice",
            "microservices",
            "service",
            "services",
            "webhook",
            "webhooks",
            "message queue",
            "kafka",
            "rabbitmq",
            "third-party",
            "跨服务",
            "第三方",
            "服务",
        ],
    ),
    (
        Indicator::Security,
        &[
            "auth",
            "authentication",
            "authorization",
            "oauth",
            "oauth2",
            "openid",
            "sso",
            "jwt",
            "csrf",
            "xss",
            "login",
            "log in",
            "sign in",
            "session",
            "password",
            "access token",
            "api key",
            "encryption",
            "permission",
            "permissions",
            "secret",
            "secrets",
            "安全",
            "权限",
            "认证",
            "加密",
            "登录",
            "密码",
        ],
    ),
    (
        Indicator::Performance,
        &[
            "performance",
            "latency",
            "throughput",
            "cache",
            "caching",
            "p95",
            "p99",
            "high load",
            "性能",
            "延迟",
            "缓存",
            "高并发",
        ],
    ),
    (
        Indicator::CoreDocs,
        &[
            "architecture.md",
            "adr",
            "architecture document",
            "架构文档",
        ],
    ),
];

/// The indicators the story text suggests, each with the word that did.
pub fn complexity_hints(text: &str) -> Vec<(Indicator, &'static str)> {
    checklist::word_hints(text, HINTS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::decide::{NoDecision, decide};
    use crate::workflow::Workflow;
    use crate::workflow::role::Roles;

    fn decide_for(state: &str, s: f64, e: f64, score: f64, complexity: usize) -> String {
        let wf = Workflow::load("story", None, &Roles::default()).unwrap();
        let before = json!({"kind": "story", "id": "1.2", "status": state});
        let a = Assessment {
            structure: Some(s),
            extraction: Some(e),
            reason: Some("test".into()),
            score,
            complexity: Indicator::ALL[..complexity].to_vec(),
            open_critical: None,
            revised: None,
            review: false,
        };
        let mut after = before.clone();
        for (path, v) in a.fields(wf.measure.as_ref().unwrap(), s, e, false, false) {
            after[&path[0]][&path[1]] = v;
        }
        decide(&wf, "assess", &before, &after, "sm", "")
            .unwrap()
            .to
            .clone()
    }

    /// The quality check's decision matrix, every branch and boundary, from Draft and Blocked.
    #[test]
    fn every_branch_of_the_quality_decision_matrix_leads_to_its_state() {
        let table: &[(f64, f64, f64, usize, &str)] = &[
            // Stage one: structure must be 100%
            (99.0, 100.0, 9.0, 0, "Blocked"),
            (100.0, 100.0, 9.0, 0, "Approved"),
            // Stage two: extraction at least 80%
            (100.0, 79.0, 9.0, 0, "Blocked"),
            (100.0, 80.0, 9.0, 0, "Approved"),
            // score below 6.0 → Blocked, whatever the complexity
            (100.0, 90.0, 5.99, 0, "Blocked"),
            (100.0, 90.0, 5.0, 7, "Blocked"),
            // 6.0-7.9 → AwaitingArchReview, whatever the complexity
            (100.0, 90.0, 6.0, 0, "AwaitingArchReview"),
            (100.0, 90.0, 7.0, 1, "AwaitingArchReview"),
            (100.0, 90.0, 7.99, 0, "AwaitingArchReview"),
            (100.0, 90.0, 7.99, 7, "AwaitingArchReview"),
            // ≥ 8.0: complexity 0 or 1 → Approved, 2 or more → review
            (100.0, 90.0, 8.0, 0, "Approved"),
            (100.0, 90.0, 8.0, 1, "Approved"),
            (100.0, 90.0, 8.0, 2, "AwaitingArchReview"),
            (100.0, 90.0, 10.0, 7, "AwaitingArchReview"),
        ];
        for state in ["Draft", "Blocked"] {
            for &(s, e, score, c, want) in table {
                assert_eq!(
                    decide_for(state, s, e, score, c),
                    want,
                    "{state}: structure {s} extraction {e} score {score} complexity {c}"
                );
            }
        }
    }

    /// 技术分数 ≥ 8.0 + 复杂度 1 → Approved (可选审查): with `--review` the SM
    /// asks for the Architect's review instead; where the matrix already
    /// calls for one, `--review` changes nothing, and where it approves
    /// outright (no indicator) there is no optional review to ask for.
    #[test]
    fn review_flag_asks_for_the_optional_review_only_where_one_is_optional() {
        let wf = Workflow::load("story", None, &Roles::default()).unwrap();
        let rows: &[(&str, f64, usize, bool, &str)] = &[
            ("Draft", 8.0, 1, false, "Approved"),
            ("Draft", 8.0, 1, true, "AwaitingArchReview"),
            ("Draft", 9.5, 1, true, "AwaitingArchReview"),
            ("Blocked", 8.0, 1, true, "AwaitingArchReview"),
            ("Draft", 8.0, 2, true, "AwaitingArchReview"),
            ("Draft", 7.0, 0, true, "AwaitingArchReview"),
            ("Draft", 5.0, 1, true, "Blocked"),
            ("Draft", 8.0, 0, true, "none"),
        ];
        for &(state, score, complexity, review, want) in rows {
            let before = json!({"kind": "story", "id": "1.2", "status": state});
            let a = Assessment {
                structure: None,
                extraction: None,
                reason: None,
                score,
                complexity: Indicator::ALL[..complexity].to_vec(),
                open_critical: None,
                revised: None,
                review,
            };
            let mut after = before.clone();
            for (path, v) in a.fields(wf.measure.as_ref().unwrap(), 100.0, 100.0, false, false) {
                after[&path[0]][&path[1]] = v;
            }
            let got = match decide(&wf, "assess", &before, &after, "sm", "") {
                Ok(t) => t.to.clone(),
                Err(NoDecision::NoneHolds { .. }) => "none".to_owned(),
                Err(e) => panic!("{e}"),
            };
            assert_eq!(
                got, want,
                "{state}: score {score}, {complexity} indicators, --review {review}"
            );
        }
    }

    #[test]
    fn assess_applies_only_where_the_sm_checks_quality() {
        let wf = Workflow::load("story", None, &Roles::default()).unwrap();
        let before = json!({"kind": "story", "id": "1", "status": "Approved"});
        let e = decide(&wf, "assess", &before, &before, "sm", "").unwrap_err();
        assert_eq!(
            e.to_string(),
            "a quality check applies to stories in Draft, Blocked, RequiresRevision; this one is Approved"
        );
    }

    #[test]
    fn assessment_inputs_out_of_range_unknown_or_unexplained_are_refused() {
        let ok = Assessment {
            structure: Some(100.0),
            extraction: Some(80.0),
            reason: Some("measured by hand".into()),
            score: 8.0,
            complexity: vec![],
            open_critical: None,
            revised: None,
            review: false,
        };
        assert_eq!(ok.check(), Ok(()));
        let no_reason = Assessment {
            reason: None,
            ..ok.clone()
        };
        assert_eq!(no_reason.check(), Err(BadAssessment::OverrideWithoutReason));
        let measured = Assessment {
            structure: None,
            extraction: None,
            reason: None,
            ..ok.clone()
        };
        assert_eq!(measured.check(), Ok(()));
        assert!(
            Assessment {
                score: 10.5,
                ..ok.clone()
            }
            .check()
            .is_err()
        );
        assert!(
            Assessment {
                structure: Some(-1.0),
                ..ok.clone()
            }
            .check()
            .is_err()
        );
        assert!(
            Assessment {
                revised: Some(vec!["tiny".into()]),
                ..ok
            }
            .check()
            .is_err()
        );
        assert_eq!("security".parse::<Indicator>(), Ok(Indicator::Security));
        assert!(
            "secure"
                .parse::<Indicator>()
                .unwrap_err()
                .to_string()
                .contains("known: api-contract, db-schema")
        );
    }
}
