//! Presets: the story workflow and template of a method a project may
//! already follow (Orchestrix, BMAD-METHOD v4 or v6), written as the
//! repository's own `.orx/workflows/story.yaml` and `.orx/templates/story.md`
//! by `init --preset` and `adopt --preset`. A preset is data: the files
//! under `templates/presets/`, and the roles it adds to the config.

use crate::error::{Error, Result};
use crate::repo::rules::{TEMPLATES_DIR, WORKFLOWS_DIR};

/// A preset: its name, its workflow and template, the roles it adds.
#[derive(Debug)]
pub struct Preset {
    pub name: &'static str,
    pub description: &'static str,
    pub workflow: &'static str,
    pub template: &'static str,
    pub roles: &'static [&'static str],
}

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "orchestrix",
        description: "Orchestrix: the built-in lifecycle with QA's test design, the PO and the PM",
        workflow: include_str!("../../templates/presets/orchestrix.yaml"),
        template: include_str!("../../templates/presets/orchestrix.md"),
        roles: &["PO", "PM"],
    },
    Preset {
        name: "bmad-v4",
        description: "BMAD-METHOD v4: Draft, Approved, InProgress, Review, Done",
        workflow: include_str!("../../templates/presets/bmad-v4.yaml"),
        template: include_str!("../../templates/presets/bmad-v4.md"),
        roles: &["PO"],
    },
    Preset {
        name: "bmad-v6",
        description: "BMAD-METHOD v6: drafted, ready-for-dev, in-progress, review, done",
        workflow: include_str!("../../templates/presets/bmad-v6.yaml"),
        template: include_str!("../../templates/presets/bmad-v6.md"),
        roles: &[],
    },
];

/// The kind a preset's files are for.
pub const KIND: &str = "story";

/// The preset named `name`.
pub fn find(name: &str) -> Result<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
        let guess = crate::text::closest(name, &names).map_or_else(
            || crate::text::message::Message::text(""),
            |n| crate::msg!("did-you-mean-name", name = n),
        );
        Error::Usage(crate::msg!(
            "two-lines",
            first = crate::msg!(
                "unknown-preset-name-guess",
                name = crate::text::escape(name),
                guess = guess
            ),
            second = crate::msg!("presets-list", list = names.join(", "))
        ))
    })
}

/// Where a preset's workflow goes.
pub fn workflow_path() -> String {
    format!("{WORKFLOWS_DIR}/{KIND}.yaml")
}

/// Where a preset's template goes.
pub fn template_path() -> String {
    format!("{TEMPLATES_DIR}/{KIND}.md")
}

/// `workflow` (a workflow's text) with its `items:` `file:` pattern and
/// `file_sep` set, the names in `ignore` left out of the kind's items
/// (`ignore:`, which replaces any there was), and `read` spellings added
/// under `body:`'s `read:`.
pub fn adjust(
    workflow: &str,
    file: Option<(&str, Option<&str>)>,
    ignore: &[String],
    read: &[(String, String)],
) -> String {
    let q = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let mut out = String::with_capacity(workflow.len() + 64);
    let mut section = "";
    for line in workflow.split_inclusive('\n') {
        if !line.starts_with([' ', '\t', '#', '\n', '\r']) {
            section = line.split(':').next().unwrap_or("");
        }
        if section == "items" {
            if (file.is_some() && line.starts_with("  file_sep:"))
                || (!ignore.is_empty() && line.starts_with("  ignore:"))
            {
                continue;
            }
            if line.starts_with("  file:") {
                match file {
                    Some((pattern, sep)) => {
                        out.push_str(&format!("  file: {}\n", q(pattern)));
                        if let Some(sep) = sep {
                            out.push_str(&format!("  file_sep: {}\n", q(sep)));
                        }
                    }
                    None => out.push_str(line),
                }
                if !ignore.is_empty() {
                    let names: Vec<String> = ignore.iter().map(|n| q(n)).collect();
                    out.push_str(&format!("  ignore: [{}]\n", names.join(", ")));
                }
                continue;
            }
        }
        out.push_str(line);
        if section == "body" && line.trim_end() == "  read:" {
            for (from, to) in read {
                out.push_str(&format!("    {}: {}\n", q(from), q(to)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::Workflow;
    use crate::workflow::role::Roles;
    use serde_json::json;

    fn extra_roles(p: &Preset) -> Roles {
        Roles::with_extra(&p.roles.iter().map(|r| r.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn every_preset_loads_and_reads_its_own_spellings() {
        for p in PRESETS {
            let roles = extra_roles(p);
            let wf = Workflow::load(KIND, Some((p.workflow, "preset")), &roles)
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
            let body = wf.body.as_ref().expect(p.name);
            assert!(body.status && body.change_log, "{}", p.name);
            let names = wf.state_names();
            for s in &names {
                assert_eq!(body.state_of(&names, s), Some(*s), "{}", p.name);
            }
            let adjusted = adjust(
                p.workflow,
                Some(("story-{id}-{slug}.md", None)),
                &["README.md".to_owned()],
                &[("Postponed".into(), wf.initial.clone())],
            );
            let wf2 = Workflow::load(KIND, Some((&adjusted, "preset")), &roles).unwrap();
            assert_eq!(wf2.items.file, "story-{id}-{slug}.md", "{}", p.name);
            assert_eq!(wf2.items.ignore, ["README.md"], "{}", p.name);
            assert_eq!(
                wf2.body.unwrap().state_of(&names, "postponed"),
                Some(wf.initial.as_str())
            );
        }
    }

    /// The Orchestrix preset is the built-in lifecycle and more: every
    /// built-in state and move is in it, so that the two do not drift.
    #[test]
    fn the_orchestrix_preset_keeps_every_builtin_state_and_move() {
        let p = find("orchestrix").unwrap();
        let builtin = Workflow::load(KIND, None, &extra_roles(p)).unwrap();
        let preset = Workflow::load(KIND, Some((p.workflow, "preset")), &extra_roles(p)).unwrap();
        for s in builtin.state_names() {
            assert!(preset.state(s).is_some(), "{s}");
        }
        for t in &builtin.transitions {
            let same = preset.transition(&t.from, &t.to).expect(&t.to);
            assert_eq!(same.roles, t.roles, "{} -> {}", t.from, t.to);
            assert_eq!(same.trigger, t.trigger, "{} -> {}", t.from, t.to);
        }
        assert!(preset.transitions.len() > builtin.transitions.len());
    }

    /// The story lifecycle's handoff table (Agent Handoff 消息格式), row by
    /// row, under `lang: zh` with the agents' commands on: the first line
    /// is the lifecycle's message byte for byte, in the built-in workflow
    /// and in the Orchestrix preset alike; git-orx's own line follows.
    #[test]
    fn the_handoff_table_is_the_lifecycles_byte_for_byte() {
        let p = find("orchestrix").unwrap();
        let builtin = Workflow::load(KIND, None, &extra_roles(p)).unwrap();
        let preset = Workflow::load(KIND, Some((p.workflow, "preset")), &extra_roles(p)).unwrap();
        let rows: &[(&str, &str, serde_json::Value)] = &[
            (
                "SM → Architect",
                "AwaitingArchReview",
                json!({"rounds": {"architect": 1}}),
            ),
            ("SM → Dev (创建后)", "Approved", json!({})),
            (
                "Architect → SM",
                "RequiresRevision",
                json!({"rounds": {"architect": 1}}),
            ),
            (
                "Architect → Dev",
                "Approved",
                json!({"rounds": {"architect": 1}}),
            ),
            (
                "SM → Architect (第2轮)",
                "AwaitingArchReview",
                json!({"rounds": {"architect": 2}}),
            ),
            (
                "SM → Dev (修订后)",
                "Approved",
                json!({"rounds": {"architect": 1}}),
            ),
            ("Dev → QA", "Review", json!({"rounds": {"qa": 1}})),
            ("QA → Dev", "InProgress", json!({"rounds": {"qa": 1}})),
            ("QA → 完成", "Done", json!({})),
            ("Blocked", "Blocked", json!({})),
            ("Escalated", "Escalated", json!({})),
        ];
        let table = |wf: &Workflow| {
            rows.iter()
                .map(|(row, state, fields)| {
                    let mut item = json!({"id": "1.2"});
                    for (k, v) in fields.as_object().unwrap() {
                        item[k] = v.clone();
                    }
                    let scope = wf.scope(item, "sm", "");
                    let h = wf.handoff(state, None, &scope, "zh").unwrap().full(true);
                    format!("{row}\n{h}\n")
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(table(&preset), table(&builtin));
        insta::assert_snapshot!(table(&builtin), @r"
        SM → Architect
        Next: Architect 请执行命令 `review-story 1.2`
        Next: Architect 请审查 Story,然后 `git orx story gate 1.2 --as architect --score X --critical N`

        SM → Dev (创建后)
        Next: Dev 请执行命令 `implement-story 1.2`
        Next: Dev 请执行 `git orx move 1.2 InProgress --as dev`,然后实现 Story

        Architect → SM
        Next: SM 请执行命令 `revise 1.2`
        Next: SM 请修订 Story,然后 `git orx story assess 1.2`

        Architect → Dev
        Next: Dev 请执行命令 `implement-story 1.2`
        Next: Dev 请执行 `git orx move 1.2 InProgress --as dev`,然后实现 Story

        SM → Architect (第2轮)
        Next: Architect 请执行命令 `review-story 1.2` (第2轮审查)
        Next: Architect 请审查 Story (第2轮审查),然后 `git orx story gate 1.2 --as architect --score X --critical N`

        SM → Dev (修订后)
        Next: Dev 请执行命令 `implement-story 1.2`
        Next: Dev 请执行 `git orx move 1.2 InProgress --as dev`,然后实现 Story

        Dev → QA
        Next: QA 请执行命令 `review 1.2`
        Next: QA 请审查 Story,然后 `git orx story gate 1.2 --as qa --critical N --criteria-met|--criteria-failed`

        QA → Dev
        Next: Dev 请执行命令 `review-qa 1.2`
        Next: Dev 请修复 QA 发现的问题,然后 `git orx move 1.2 Review --as dev`

        QA → 完成
        Story 已完成!

        Blocked
        Story 被阻塞,需要 SM 修订后重新提交

        Escalated
        Story 已升级,需要人工介入决策
        ");
    }

    #[test]
    fn presets_have_their_methods_states() {
        let states = |name: &str| {
            let p = find(name).unwrap();
            let wf = Workflow::load(KIND, Some((p.workflow, "preset")), &extra_roles(p)).unwrap();
            wf.state_names()
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            states("bmad-v4"),
            ["Draft", "Approved", "InProgress", "Review", "Done"]
        );
        assert_eq!(
            states("bmad-v6"),
            ["drafted", "ready-for-dev", "in-progress", "review", "done"]
        );
        let o = states("orchestrix");
        for s in [
            "AwaitingTestDesign",
            "TestDesignComplete",
            "AwaitingArchReview",
            "Escalated",
        ] {
            assert!(o.iter().any(|x| x == s), "{s}");
        }
        assert!(find("bmad").is_err());
    }
}
