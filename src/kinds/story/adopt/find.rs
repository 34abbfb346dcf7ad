//! Where a project keeps its stories: every place BMAD v4, BMAD v6 and
//! Orchestrix configurations name (read key by key, so that a file whose
//! tail is not valid YAML still gives the keys before it), resolved as the
//! file system has them (any case; an absolute path written on another
//! machine by the part of it that is here), and the folder one level down
//! when the named one holds no story.

use crate::text::message::Message;
use std::path::Path;

use serde_json::Value;

/// Where a `core-config.yaml` may be (BMAD v4, Orchestrix).
pub const CORE_CONFIGS: &[&str] = &[
    "core-config.yaml",
    ".bmad-core/core-config.yaml",
    ".orchestrix-core/core-config.yaml",
];

/// Where BMAD v6 keeps `sprint-status.yaml`, tried in order.
pub const SPRINT_STATUS: &[&str] = &[
    "_bmad-output/implementation-artifacts/sprint-status.yaml",
    "_bmad-output/sprint-status.yaml",
    "docs/sprint-artifacts/sprint-status.yaml",
    "docs/implementation-artifacts/sprint-status.yaml",
    "docs/sprint-status.yaml",
];

/// Where BMAD v6 keeps its module's config.
const BMM_CONFIGS: &[&str] = &["_bmad/bmm/config.yaml", "bmad/bmm/config.yaml"];

/// Where other tools keep stories, tried in order when nothing says.
pub const STORY_DIRS: &[&str] = &[
    "docs/stories",
    "docs/sprint-artifacts",
    "docs/implementation-artifacts",
    "_bmad-output/implementation-artifacts",
    "_bmad-output/stories",
    "stories",
];

/// The folders one level down that hold stories when the named one does not.
const DOWN: &[&str] = &[
    "stories",
    "sprint-artifacts",
    "implementation-artifacts",
    "story",
];

/// The stories' directory and where it was learnt, or every place
/// searched when none holds a story.
pub struct Place {
    pub dir: Option<String>,
    /// Where the directory was learnt (`.bmad-core/core-config.yaml
    /// devStoryLocation`).
    pub from: Message,
    /// Every place looked at, with what named it.
    pub searched: Vec<Message>,
}

/// The top-level `key: value` lines of a YAML text, read one by one: a
/// text that is not valid YAML as a whole still gives the keys that are.
pub fn keys(text: &str) -> Vec<(String, String)> {
    if let Ok(Value::Object(map)) = serde_saphyr::from_str::<Value>(text) {
        return map
            .into_iter()
            .filter_map(|(k, v)| Some((k, v.as_str()?.to_owned())))
            .collect();
    }
    text.lines()
        .filter(|l| !l.starts_with([' ', '\t', '#', '-']))
        .filter_map(|l| {
            let (k, v) = l.split_once(':')?;
            let v = v.split(" #").next().unwrap_or(v).trim();
            let v = v.trim_matches(|c| c == '"' || c == '\'');
            (!k.is_empty() && !v.is_empty()).then(|| (k.trim().to_owned(), v.to_owned()))
        })
        .collect()
}

fn key(root: &Path, rel: &str, names: &[&str]) -> Vec<(String, Message)> {
    let Ok(text) = std::fs::read_to_string(root.join(rel)) else {
        return Vec::new();
    };
    let keys = keys(&text);
    names
        .iter()
        .filter_map(|n| {
            keys.iter()
                .find(|(k, _)| k == n)
                // A file and its key: named as written.
                .map(|(_, v)| (v.clone(), Message::text(format!("{rel} {n}"))))
        })
        .collect()
}

/// `rel` as the file system has it under `root`: each part matched in any
/// case when it is not there as written.
pub fn resolve(root: &Path, rel: &str) -> Option<String> {
    let mut at = root.to_path_buf();
    let mut out: Vec<String> = Vec::new();
    for part in rel.split('/').filter(|p| !p.is_empty() && *p != ".") {
        if part == ".." {
            return None;
        }
        let exact = at.join(part);
        let name = if exact.exists() {
            part.to_owned()
        } else {
            std::fs::read_dir(&at)
                .ok()?
                .filter_map(|e| e.ok()?.file_name().into_string().ok())
                .find(|n| n.eq_ignore_ascii_case(part))?
        };
        at.push(&name);
        out.push(name);
    }
    (!out.is_empty()).then(|| out.join("/"))
}

/// A configured location as a path under `root`: `{project-root}/`, `./`
/// and a trailing `/` dropped, `\` read as `/`, and an absolute path
/// (written on another machine) by the longest tail of it that is here.
fn locate(root: &Path, raw: &str) -> Option<String> {
    let raw = raw.trim().replace('\\', "/");
    let (raw, here) = match raw.strip_prefix("{project-root}") {
        Some(r) => (r.trim_start_matches('/'), true),
        None => (raw.as_str(), false),
    };
    let raw = raw.trim_start_matches("./").trim_end_matches('/');
    let absolute = !here && (raw.starts_with('/') || raw.get(1..2) == Some(":"));
    if !absolute {
        return resolve(root, raw);
    }
    let parts: Vec<&str> = raw.split('/').filter(|p| !p.is_empty()).collect();
    (0..parts.len()).find_map(|i| {
        let tail = parts[i..].join("/");
        resolve(root, &tail).filter(|d| root.join(d).is_dir())
    })
}

/// Whether `dir` holds a Markdown file.
fn has_markdown(root: &Path, dir: &str) -> bool {
    std::fs::read_dir(root.join(dir)).is_ok_and(|entries| {
        entries.filter_map(|e| e.ok()).any(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| n.to_ascii_lowercase().ends_with(".md") && !n.starts_with('.'))
        })
    })
}

/// The stories' directory: the first place named (by `asked`, the
/// repository's own config, then the method's configurations, then the
/// usual places) that holds a Markdown file, or a story folder one level
/// down from it.
pub fn stories_dir(root: &Path, asked: Option<&str>, own: Option<&str>) -> Place {
    let mut named: Vec<(String, Message)> = Vec::new();
    if let Some(d) = asked {
        named.push((d.to_owned(), crate::msg!("adopt-from-asked")));
    }
    if let Some(d) = own {
        named.push((d.to_owned(), Message::text(".orx/config.yaml stories")));
    }
    for rel in CORE_CONFIGS {
        named.extend(key(root, rel, &["devStoryLocation"]));
    }
    for rel in SPRINT_STATUS {
        named.extend(key(root, rel, &["story_location"]));
    }
    for rel in BMM_CONFIGS {
        named.extend(key(
            root,
            rel,
            &[
                "story_location",
                "dev_story_location",
                "sprint_artifacts",
                "implementation_artifacts",
            ],
        ));
    }
    let usual = named.len();
    for d in STORY_DIRS {
        named.push(((*d).to_owned(), crate::msg!("adopt-from-usual")));
    }
    let mut searched = Vec::new();
    for (n, (raw, from)) in named.into_iter().enumerate() {
        let Some(dir) = locate(root, &raw) else {
            searched.push(crate::msg!("adopt-searched-not-there", dir = &raw, from));
            continue;
        };
        if !root.join(&dir).is_dir() {
            searched.push(crate::msg!("adopt-searched-not-folder", dir = &raw, from));
            continue;
        }
        if has_markdown(root, &dir) {
            let from = if dir == raw.trim_end_matches('/') || n >= usual {
                from
            } else {
                crate::msg!("adopt-from-at", from, dir = &raw)
            };
            return Place {
                dir: Some(dir),
                from,
                searched,
            };
        }
        if let Some(down) = DOWN.iter().find_map(|d| {
            resolve(root, &format!("{dir}/{d}")).filter(|sub| has_markdown(root, sub))
        }) {
            return Place {
                dir: Some(down),
                from: crate::msg!("adopt-from-down", from, dir = &raw),
                searched,
            };
        }
        searched.push(crate::msg!("adopt-searched-no-markdown", dir = &dir, from));
    }
    searched.dedup();
    Place {
        dir: None,
        from: Message::text(""),
        searched,
    }
}

/// The story statuses `sprint-status.yaml` gives, by story key (its file
/// name without `.md`), from the first one found (next to the stories or
/// in BMAD v6's places), with the file's path.
pub fn sprint_status(root: &Path, dir: &str) -> (Option<String>, Vec<(String, String)>) {
    let here = format!("{dir}/sprint-status.yaml");
    for rel in std::iter::once(here.as_str()).chain(SPRINT_STATUS.iter().copied()) {
        let Ok(text) = std::fs::read_to_string(root.join(rel)) else {
            continue;
        };
        let Ok(v) = serde_saphyr::from_str::<Value>(&text) else {
            continue;
        };
        let Some(map) = v.get("development_status").and_then(Value::as_object) else {
            continue;
        };
        let statuses = map
            .iter()
            .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
            .collect();
        return (Some(rel.to_owned()), statuses);
    }
    (None, Vec::new())
}

/// The method the project's configuration files say it follows, if any.
pub fn method(root: &Path) -> Option<&'static str> {
    if root.join(".orchestrix-core").is_dir() {
        return Some("orchestrix");
    }
    if BMM_CONFIGS.iter().any(|c| root.join(c).is_file())
        || SPRINT_STATUS.iter().any(|c| root.join(c).is_file())
    {
        return Some("bmad-v6");
    }
    if root.join(".bmad-core").is_dir() {
        return Some("bmad-v4");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_with_a_broken_tail_still_gives_its_keys() {
        let text = "devStoryLocation: docs/stories\nslashPrefix: BMad\n- stray: [list\n";
        let k = keys(text);
        assert!(k.contains(&("devStoryLocation".into(), "docs/stories".into())));
        let ok = "devStoryLocation: \"docs/Stories\" # the stories\n";
        assert_eq!(
            keys(ok),
            [("devStoryLocation".into(), "docs/Stories".into())]
        );
    }

    #[test]
    fn paths_are_found_in_any_case_and_by_the_tail_of_an_absolute_path() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path();
        std::fs::create_dir_all(root.join("Docs/Stories")).unwrap();
        std::fs::write(root.join("Docs/Stories/1.1.a.md"), "# Story 1.1: A\n").unwrap();
        assert_eq!(
            resolve(root, "docs/stories").as_deref(),
            Some("Docs/Stories")
        );
        assert_eq!(
            locate(root, "C:\\Users\\me\\proj\\docs\\stories").as_deref(),
            Some("Docs/Stories")
        );
        assert_eq!(
            locate(root, "{project-root}/docs/stories/").as_deref(),
            Some("Docs/Stories")
        );
        assert_eq!(locate(root, "../elsewhere"), None);
        // Named `docs`: the stories are one folder down.
        let place = stories_dir(root, Some("docs"), None);
        assert_eq!(place.dir.as_deref(), Some("Docs/Stories"));
        assert!(
            place.from.to_string().contains("one folder down"),
            "{}",
            place.from
        );
        let empty = tempfile::tempdir().unwrap();
        let none = stories_dir(empty.path(), None, None);
        assert_eq!(none.dir, None);
        assert!(
            none.searched
                .iter()
                .any(|s| s.to_string().starts_with("docs/stories"))
        );
    }
}
