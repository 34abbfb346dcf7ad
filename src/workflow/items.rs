//! A workflow's `items:` section: where the items of its kind live, how
//! their files are named and written, what their IDs look like, how a new
//! one's ID is chosen and which template it starts from.
//!
//! ```yaml
//! items:
//!   dir: docs/stories          # or `paths: [".orx/active_context.md", ".orx/agents/{id}.md"]`
//!   file: "{id}.{slug}.md"     # the file-name pattern in `dir` (`story-{id}-{slug}.md`, `{id}-{slug}.md` ...)
//!   file_sep: "-"              # in file names, the ID's `.` is written so (`2-2-login.md` holds 2.2)
//!   ignore: ["tech-spec-*.md"] # files in `dir` that are not items (`*` matches any text)
//!   format: markdown           # markdown (YAML frontmatter) | json (the whole file)
//!   id: '^[0-9]+(\.[0-9]+)*$'  # the ID pattern
//!   new_id: next-minor         # next-minor (1.1, 1.2 ...) | sequence (1, 2 ...) | name (given) | unique (Tk3f9a: made on many branches at once)
//!   prefix: G                  # with `sequence`: IDs G1, G2 ...
//!   template: story            # .orx/templates/<name>.md, else the built-in one
//!   default_id: default        # with `paths`: the ID of a path without `{id}`
//!   id_field: loop_id          # the field holding the ID, in files that
//!                              # carry no `kind`/`id` (the kind is the path's)
//! ```

use serde::Deserialize;

use super::tree::Node;
use crate::text::message::Message;

/// How an item file is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Markdown with a YAML frontmatter.
    #[default]
    Markdown,
    /// A JSON object: the whole file.
    Json,
}

impl Format {
    /// The name `format:` gives it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Markdown => "markdown",
            Format::Json => "json",
        }
    }

    /// The file-name extension of the format, with its dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Markdown => ".md",
            Format::Json => ".json",
        }
    }
}

/// How `new` chooses an item's ID.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NewId {
    /// After the highest `E.S`: `E.(S+1)`; `1.1` first.
    #[default]
    NextMinor,
    /// After the highest whole number: `1`, `2`, ...
    Sequence,
    /// Given by whoever makes the item.
    Name,
    /// Unique without coordination, for items made on many branches at
    /// once: the prefix and five letters or digits drawn from a hash of
    /// what makes this creation unique (`Tk3f9a`), so two agents on two
    /// branches do not both make the next number.
    Unique,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ItemsDef {
    dir: Option<String>,
    file: Option<String>,
    file_sep: Option<String>,
    #[serde(default)]
    ignore: Vec<String>,
    paths: Option<Vec<String>>,
    #[serde(default)]
    format: Format,
    id: Option<String>,
    #[serde(default)]
    new_id: NewId,
    #[serde(default)]
    prefix: Option<String>,
    template: Option<String>,
    default_id: Option<String>,
    id_field: Option<String>,
}

/// A kind's ID pattern: checked when the workflow is read, built into a
/// matcher only when an ID is matched against it (every hook reads every
/// kind's `items:`; most runs match no ID of most kinds).
#[derive(Clone, Debug)]
pub struct IdPattern {
    source: String,
    built: std::sync::OnceLock<regex::Regex>,
}

impl IdPattern {
    fn new(source: String) -> Result<IdPattern, Message> {
        regex_syntax::Parser::new()
            .parse(&source)
            // The regex parser's own words.
            .map_err(|e| crate::msg!("items-id-pattern", error = e.to_string()))?;
        Ok(IdPattern {
            source,
            built: std::sync::OnceLock::new(),
        })
    }

    /// Whether `id` matches the pattern. A pattern too large to build
    /// matches nothing.
    pub fn is_match(&self, id: &str) -> bool {
        self.built
            .get_or_init(|| {
                regex::Regex::new(&self.source).unwrap_or_else(|_| {
                    regex::Regex::new(r"[^\s\S]").expect("a constant pattern builds")
                })
            })
            .is_match(id)
    }

    pub fn as_str(&self) -> &str {
        &self.source
    }
}

/// The compiled `items:` section (by default, of a kind nothing is known
/// of: it holds no path).
#[derive(Clone, Debug, Default)]
pub struct Items {
    /// The directory the items live in (relative to the root, `/`
    /// separators), for kinds kept in one directory.
    pub dir: Option<String>,
    /// The file-name pattern in `dir`: `{id}` and `{slug}` are filled in.
    pub file: String,
    /// What a file name writes for the ID's `.`, when not `.`.
    pub file_sep: Option<String>,
    /// Names in `dir` that are not items (`*` matches any text).
    pub ignore: Vec<String>,
    /// The path patterns of kinds kept at fixed paths (`{id}` filled in; a
    /// pattern without `{id}` is the item whose ID is `new_id`'s default).
    pub paths: Vec<String>,
    pub format: Format,
    /// The ID pattern, when the kind has one.
    pub id: Option<IdPattern>,
    pub new_id: NewId,
    /// With `sequence`: the letters before the number (`G` in `G1`).
    pub prefix: String,
    /// The template's name (`.orx/templates/<name>.md`).
    pub template: Option<String>,
    /// The ID of the item at a path without `{id}`.
    pub default_id: Option<String>,
    /// The top-level field that holds the ID in files written without
    /// `kind` and `id` (their kind is the one whose items the path holds).
    pub id_field: Option<String>,
}

impl Items {
    /// Checks the section: one of `dir` and `paths`; a file pattern with
    /// `{id}` and the format's extension; paths inside the repository; a
    /// valid ID pattern; a template name.
    pub(super) fn compile(def: ItemsDef) -> Result<Items, Message> {
        use crate::msg;
        let ext = def.format.extension();
        let safe_path = |p: &str| {
            !p.is_empty()
                && !p.starts_with('/')
                && !p.contains('\\')
                && p.split('/')
                    .all(|part| !part.is_empty() && part != "." && part != "..")
                && !p.starts_with(".git/")
                && p != ".git"
        };
        let (dir, file, paths) = match (def.dir, def.paths) {
            (Some(_), Some(_)) => {
                return Err(msg!("items-dir-and-paths"));
            }
            (None, None) => {
                return Err(msg!("items-no-dir-or-paths"));
            }
            (Some(dir), None) => {
                let dir = dir.trim_end_matches('/').to_owned();
                if !safe_path(&dir) || dir == ".orx" || dir.starts_with(".orx/") {
                    return Err(msg!("items-dir-outside", dir = crate::text::escape(&dir)));
                }
                let file = def.file.unwrap_or_else(|| format!("{{id}}.{{slug}}{ext}"));
                if file.matches("{id}").count() != 1
                    || file.contains('/')
                    || !file.ends_with(ext)
                    || file.starts_with('.')
                {
                    return Err(msg!(
                        "items-file-pattern",
                        file = crate::text::escape(&file),
                        ext
                    ));
                }
                (Some(dir), file, Vec::new())
            }
            (None, Some(paths)) => {
                if def.file.is_some() {
                    return Err(msg!("items-file-with-paths"));
                }
                if paths.is_empty() {
                    return Err(msg!("items-paths-empty"));
                }
                for p in &paths {
                    let holes = p.matches("{id}").count();
                    let file_hole = p.rsplit('/').next().is_some_and(|n| n.contains("{id}"));
                    if !safe_path(p) || !p.ends_with(ext) || holes > 1 || (holes == 1 && !file_hole)
                    {
                        return Err(msg!(
                            "items-path-pattern",
                            path = crate::text::escape(p),
                            ext
                        ));
                    }
                }
                if paths.iter().any(|p| !p.contains("{id}")) && def.default_id.is_none() {
                    return Err(msg!("items-path-needs-default-id"));
                }
                (None, String::new(), paths)
            }
        };
        let id = match def.id {
            Some(p) => Some(IdPattern::new(p)?),
            None => None,
        };
        let prefix = def.prefix.unwrap_or_default();
        if !prefix.chars().all(|c| c.is_ascii_alphabetic()) || prefix.len() > 8 {
            return Err(msg!("items-prefix", prefix = crate::text::escape(&prefix)));
        }
        if let Some(t) = &def.template
            && crate::text::check_id(t).is_err()
        {
            return Err(msg!(
                "items-template-name",
                template = crate::text::escape(t)
            ));
        }
        if let Some(sep) = &def.file_sep
            && (sep.is_empty() || sep.contains(['/', '{', '}']))
        {
            return Err(msg!("items-file-sep", sep = crate::text::escape(sep)));
        }
        if let Some(f) = &def.id_field
            && (crate::text::check_id(f).is_err() || f.contains('.'))
        {
            return Err(msg!("items-id-field", field = crate::text::escape(f)));
        }
        Ok(Items {
            dir,
            file,
            file_sep: def.file_sep,
            ignore: def.ignore,
            paths,
            format: def.format,
            id,
            new_id: def.new_id,
            prefix,
            template: def.template,
            default_id: def.default_id,
            id_field: def.id_field,
        })
    }

    /// The `items:` section of a workflow file's text, read on its own (the
    /// rest of the file is not checked): `None` when there is none or it
    /// cannot be read.
    pub fn of_source(src: &str) -> Option<Items> {
        #[derive(Deserialize)]
        struct Only {
            items: Option<ItemsDef>,
        }
        // Only the top-level `items:` block is read, not the whole file:
        // every command and hook asks this of every kind (the whole file
        // is parsed again when, and only if, the kind's workflow is used).
        let parse = |text: &str| -> Option<ItemsDef> {
            serde_saphyr::from_str_with_options::<Only>(text, super::yaml_options())
                .ok()?
                .items
        };
        let def = match items_block(src) {
            Some(block) => parse(&block).or_else(|| parse(src)),
            None => parse(src),
        }?;
        Items::compile(def).ok()
    }

    /// The `items:` of a built-in workflow, read from its compiled-in
    /// tree (as [`Items::of_source`] reads a file's text).
    pub(super) fn of_tree(tree: &'static Node) -> Option<Items> {
        let def = tree.get("items")?.read::<Option<ItemsDef>>().ok()??;
        Items::compile(def).ok()
    }

    /// The kind's items live in `dir` when given (the config may say where
    /// the default kind's stories live).
    pub fn with_dir(mut self, dir: &str) -> Items {
        if self.dir.is_some() {
            self.dir = Some(dir.trim_end_matches('/').to_owned());
        }
        self
    }

    /// The directories the items are in: `dir`, or each path's folder.
    pub fn dirs(&self) -> Vec<String> {
        match &self.dir {
            Some(d) => vec![d.clone()],
            None => self
                .paths
                .iter()
                .map(|p| p.rsplit_once('/').map_or("", |(d, _)| d).to_owned())
                .collect(),
        }
    }

    /// Whether `path` (relative to the root) is where an item of this kind
    /// may be: a file with the format's extension directly in `dir` (not
    /// hidden), or a file matching one of `paths`.
    pub fn holds(&self, path: &str) -> bool {
        match &self.dir {
            Some(dir) => path
                .strip_prefix(dir.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
                .is_some_and(|name| self.is_item_name(name)),
            None => self.paths.iter().any(|p| match p.split_once("{id}") {
                None => p == path,
                Some((before, after)) => path
                    .strip_prefix(before)
                    .and_then(|rest| rest.strip_suffix(after))
                    .is_some_and(|id| crate::text::check_id(id).is_ok()),
            }),
        }
    }

    /// Whether a file named `name` in `dir` is an item file.
    pub fn is_item_name(&self, name: &str) -> bool {
        name.ends_with(self.format.extension())
            && !name.starts_with('.')
            && !name.contains('/')
            && !self.ignore.iter().any(|p| glob_match(p, name))
    }

    /// The path of the item with `id` named by `title`, for a kind kept in
    /// a directory; for a kind at fixed paths, the path that holds `id`.
    pub fn path_for(&self, id: &str, title: &str) -> Option<String> {
        let default_id = self.default_id.as_deref();
        match &self.dir {
            Some(dir) => {
                let name = self
                    .file
                    .replace("{id}", &self.id_in_file(id))
                    .replace("{slug}", &crate::text::slug(title));
                Some(format!("{dir}/{name}"))
            }
            None => self.paths.iter().find_map(|p| {
                if p.contains("{id}") {
                    (Some(id) != default_id).then(|| p.replace("{id}", id))
                } else {
                    (Some(id) == default_id).then(|| p.clone())
                }
            }),
        }
    }

    /// Whether the file at `path` is where `id` leads: in a directory, a
    /// file whose name starts as the file pattern with `id` does (`1.2.md`
    /// or `1.2.<anything>.md` for `{id}.{slug}.md`, `1.2-<anything>.md`
    /// too); at fixed paths, the path for `id`.
    pub fn leads_to(&self, path: &str, id: &str) -> bool {
        match &self.dir {
            Some(_) => {
                let name = path.rsplit('/').next().unwrap_or(path);
                let ext = self.format.extension();
                let file = self.file.replace("{id}", &self.id_in_file(id));
                let bare = ["{slug}", ".{slug}", "-{slug}", "_{slug}"]
                    .iter()
                    .rev()
                    .fold(file.clone(), |f, s| f.replace(s, ""));
                if name == bare {
                    return true;
                }
                match file.split_once("{slug}") {
                    Some((before, after)) => {
                        // The ID may be followed by `.`, `-` or `_`, as
                        // projects that mix `1.2.x.md` and `1.2-x.md` do.
                        let stem = before.strip_suffix(['.', '-', '_']).unwrap_or(before);
                        let starts = name.starts_with(before)
                            || (stem.len() < before.len()
                                && name.starts_with(stem)
                                && name[stem.len()..].starts_with(['.', '-', '_']));
                        name.len() > before.len() + after.len()
                            && starts
                            && name.ends_with(after)
                            && name.ends_with(ext)
                    }
                    None => name == file,
                }
            }
            None => self.path_for(id, "").as_deref() == Some(path),
        }
    }

    /// How a file name writes `id`: with `file_sep` for its dots.
    pub fn id_in_file(&self, id: &str) -> String {
        match &self.file_sep {
            Some(sep) => id.replace('.', sep),
            None => id.to_owned(),
        }
    }

    /// The ID a file name in `dir` is for, read by the file pattern and
    /// the ID pattern; `None` when the name does not fit them.
    pub fn id_of_name(&self, name: &str) -> Option<String> {
        self.dir.as_ref()?;
        let (pre, post) = self.file.split_once("{id}")?;
        let rest = name.strip_prefix(pre)?;
        // The ID is the longest start of `rest` that the ID pattern takes
        // and after which the name fits the rest of the pattern.
        let cuts: Vec<usize> = rest
            .char_indices()
            .map(|(i, _)| i)
            .skip(1)
            .chain([rest.len()])
            .collect();
        cuts.into_iter().rev().find_map(|cut| {
            let written = &rest[..cut];
            let id = match &self.file_sep {
                Some(sep) => written.replace(sep.as_str(), "."),
                None => written.to_owned(),
            };
            if crate::text::check_id(&id).is_err() || self.check_id(&id).is_err() {
                return None;
            }
            if self.id_in_file(&id) != written {
                return None;
            }
            let tail = &rest[cut..];
            let fits = match post.split_once("{slug}") {
                Some((before, after)) => {
                    let bare = ["{slug}", ".{slug}", "-{slug}", "_{slug}"]
                        .iter()
                        .rev()
                        .fold(post.to_owned(), |f, s| f.replace(s, ""));
                    tail == bare
                        || (tail.len() > before.len() + after.len()
                            && tail.starts_with(before)
                            && tail.ends_with(after))
                }
                None => tail == post,
            };
            fits.then_some(id)
        })
    }

    /// Why `id` is not an ID of this kind, if it is not.
    pub fn check_id(&self, id: &str) -> Result<(), String> {
        match self.id_problem(id) {
            Some(m) => Err(m.to_string()),
            None => Ok(()),
        }
    }

    /// What is wrong with `id` as an ID of this kind (see
    /// [`Items::check_id`]), as a message.
    pub fn id_problem(&self, id: &str) -> Option<crate::text::message::Message> {
        if let Some(m) = crate::text::id_problem(id) {
            return Some(m);
        }
        match &self.id {
            Some(re) if !re.is_match(id) => Some(crate::msg!(
                "invalid-id-id-does-not",
                id = crate::text::escape(id),
                pattern = re.as_str()
            )),
            _ => None,
        }
    }

    /// The next ID after `ids` (those in use), as `new_id` says; `None`
    /// when the kind's IDs are given, or past the largest number. A
    /// `unique` ID is drawn from `mark` (what makes this creation unique:
    /// the caller's time, commit, worktree, title), another draw for an ID
    /// in use.
    pub fn next_id<'a>(&self, ids: impl Iterator<Item = &'a str>, mark: &str) -> Option<String> {
        match self.new_id {
            NewId::Unique => {
                let used: Vec<&str> = ids.collect();
                (0u32..1000)
                    .map(|n| format!("{}{}", self.prefix, unique_letters(&format!("{mark}\n{n}"))))
                    .find(|id| !used.contains(&id.as_str()))
            }
            NewId::NextMinor => next_minor(ids),
            NewId::Sequence => {
                let max = ids
                    .filter_map(|i| i.strip_prefix(self.prefix.as_str())?.parse::<u64>().ok())
                    .max();
                let n = match max {
                    Some(n) => n.checked_add(1)?,
                    None => 1,
                };
                Some(format!("{}{n}", self.prefix))
            }
            NewId::Name => None,
        }
    }
}

impl NewId {
    /// The name `new_id:` gives it.
    pub fn name(self) -> &'static str {
        match self {
            NewId::NextMinor => "next-minor",
            NewId::Sequence => "sequence",
            NewId::Name => "name",
            NewId::Unique => "unique",
        }
    }
}

/// Five letters or digits from a hash of `mark`: 32 symbols without the
/// ones read alike (`0`/`o`, `1`/`l`), about 33 million IDs.
fn unique_letters(mark: &str) -> String {
    use sha2::Digest;
    const SYMBOLS: &[u8; 32] = b"23456789abcdefghijkmnpqrstuvwxyz";
    let hash = sha2::Sha256::digest(mark.as_bytes());
    let mut bits = u64::from_be_bytes(hash[..8].try_into().unwrap_or_default());
    let mut out = String::with_capacity(5);
    for _ in 0..5 {
        out.push(SYMBOLS[(bits & 31) as usize] as char);
        bits >>= 5;
    }
    out
}

impl Items {
    /// The section as YAML, for a workflow file (`items:` and its lines).
    pub fn to_yaml(&self) -> String {
        let q = |s: &str| format!("'{}'", s.replace('\'', "''"));
        let mut out = String::from("items:\n");
        match &self.dir {
            Some(dir) => {
                out.push_str(&format!("  dir: {}\n", q(dir)));
                out.push_str(&format!("  file: {}\n", q(&self.file)));
                if let Some(sep) = &self.file_sep {
                    out.push_str(&format!("  file_sep: {}\n", q(sep)));
                }
                if !self.ignore.is_empty() {
                    let ignore: Vec<String> = self.ignore.iter().map(|p| q(p)).collect();
                    out.push_str(&format!("  ignore: [{}]\n", ignore.join(", ")));
                }
            }
            None => {
                let paths: Vec<String> = self.paths.iter().map(|p| q(p)).collect();
                out.push_str(&format!("  paths: [{}]\n", paths.join(", ")));
            }
        }
        out.push_str(&format!("  format: {}\n", self.format.name()));
        if let Some(id) = &self.id {
            out.push_str(&format!("  id: {}\n", q(id.as_str())));
        }
        out.push_str(&format!("  new_id: {}\n", self.new_id.name()));
        if let Some(t) = &self.template {
            out.push_str(&format!("  template: {}\n", q(t)));
        }
        if let Some(d) = &self.default_id {
            out.push_str(&format!("  default_id: {}\n", q(d)));
        }
        out
    }
}

/// The next ID after the highest `E.S` (leading numeric parts of each):
/// `E.(S+1)`; `1.1` first; `None` past the largest number.
pub fn next_minor<'a>(ids: impl Iterator<Item = &'a str>) -> Option<String> {
    let max = ids
        .filter_map(|id| {
            let mut parts = id.split('.');
            Some((
                parts.next()?.parse::<u64>().ok()?,
                parts.next()?.parse::<u64>().ok()?,
            ))
        })
        .max();
    match max {
        Some((e, s)) => Some(format!("{e}.{}", s.checked_add(1)?)),
        None => Some("1.1".to_owned()),
    }
}

/// Whether `name` matches `pattern`, where `*` matches any text.
pub fn glob_match(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for p in middle {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// The next ID in epic `epic`: `E.(S+1)` after the highest `E.S` in use
/// (a file that cannot be read counts by its name's leading `E.S`), else
/// `E.1`.
pub fn next_in_epic<'a>(ids: impl Iterator<Item = &'a str>, epic: u64) -> String {
    let max = ids
        .filter_map(|id| {
            let name = id.rsplit('/').next().unwrap_or(id);
            let mut parts = name.split(['.', '-']);
            let e = parts.next()?.parse::<u64>().ok()?;
            let s = parts.next()?.parse::<u64>().ok()?;
            (e == epic).then_some(s)
        })
        .max()
        .unwrap_or(0);
    format!("{epic}.{}", max.saturating_add(1))
}

/// The top-level `items:` block of a workflow's text: its line and the
/// indented, blank or comment lines after it, up to the next top-level key.
fn items_block(src: &str) -> Option<String> {
    let mut lines = src.lines().skip_while(|l| !l.starts_with("items:"));
    let first = lines.next()?;
    let mut block = String::from(first);
    for l in lines {
        if !(l.is_empty() || l.starts_with([' ', '\t', '#'])) {
            break;
        }
        block.push('\n');
        block.push_str(l);
    }
    block.push('\n');
    Some(block)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(src: &str) -> Result<Items, String> {
        let def: ItemsDef =
            serde_saphyr::from_str_with_options(src, super::super::yaml_options()).unwrap();
        Items::compile(def).map_err(|m| m.to_string())
    }

    #[test]
    fn an_id_pattern_is_checked_when_read_and_matched_when_asked() {
        let bad = items("dir: docs/t\nfile: \"{id}.md\"\nid: '^[0-9+$'\n").unwrap_err();
        assert!(bad.contains("`items.id` is not a valid pattern"), "{bad}");
        let i = items("dir: docs/t\nfile: \"{id}.md\"\nid: '^T[0-9]+$'\n").unwrap();
        let id = i.id.as_ref().unwrap();
        assert_eq!(id.as_str(), "^T[0-9]+$");
        assert!(id.is_match("T12"));
        assert!(!id.is_match("12"));
        assert!(i.check_id("X1").unwrap_err().contains("`^T[0-9]+$`"));
    }

    #[test]
    fn a_directory_kind_holds_its_files_and_names_them_for_ids() {
        let i = items("dir: docs/tickets\nfile: \"{id}.{slug}.md\"\nid: '^[0-9]+(\\.[0-9]+)*$'\n")
            .unwrap();
        assert!(i.holds("docs/tickets/1.2.login.md"));
        assert!(!i.holds("docs/tickets/sub/1.2.login.md"));
        assert!(!i.holds("docs/tickets/.hidden.md"));
        assert!(!i.holds("docs/stories/1.2.login.md"));
        assert_eq!(
            i.path_for("1.2", "User login").unwrap(),
            "docs/tickets/1.2.user-login.md"
        );
        assert!(i.leads_to("docs/tickets/1.2.user-login.md", "1.2"));
        assert!(i.leads_to("docs/tickets/1.2.md", "1.2"));
        assert!(!i.leads_to("docs/tickets/1.3.user-login.md", "1.2"));
        assert!(i.check_id("1.2").is_ok());
        assert!(i.check_id("abc").is_err());
    }

    /// The file-name forms of stories kept by other tools, each with the
    /// pattern that names it and the ID it holds.
    #[test]
    fn file_patterns_read_the_ids_of_other_tools_names() {
        let id = "id: '^([0-9]+(\\.[0-9]+)*|[a-z]+[0-9]+-[0-9]+)$'\n";
        let cases: &[(&str, &str, Option<&str>)] = &[
            ("file: \"{id}.{slug}.md\"\n", "1.2.story.md", Some("1.2")),
            (
                "file: \"{id}.{slug}.md\"\n",
                "1.2.user-login.md",
                Some("1.2"),
            ),
            ("file: \"{id}.{slug}.md\"\n", "1.2.md", Some("1.2")),
            ("file: \"{id}-{slug}.md\"\n", "1.2-用户登录.md", Some("1.2")),
            (
                "file: \"{id}-{slug}.md\"\n",
                "1.2-login.story.md",
                Some("1.2"),
            ),
            (
                "file: \"{id}-{slug}.md\"\nfile_sep: \"-\"\n",
                "2-2-user-login.md",
                Some("2.2"),
            ),
            (
                "file: \"{id}-{slug}.md\"\nfile_sep: \"-\"\n",
                "2-10-3d-view.md",
                Some("2.10"),
            ),
            (
                "file: \"story-{id}-{slug}.md\"\n",
                "story-1.2-login.md",
                Some("1.2"),
            ),
            ("file: \"story-{id}.md\"\n", "story-4.4.md", Some("4.4")),
            (
                "file: \"{id}-{slug}.md\"\n",
                "e5-01-export.md",
                Some("e5-01"),
            ),
            ("file: \"{id}.{slug}.md\"\n", "notes.md", None),
            ("file: \"story-{id}-{slug}.md\"\n", "1.2-login.md", None),
        ];
        for (file, name, want) in cases {
            let i = items(&format!("dir: docs/stories\n{file}{id}")).unwrap();
            assert_eq!(i.id_of_name(name).as_deref(), *want, "{file} {name}");
            if let Some(want) = want {
                assert!(
                    i.leads_to(&format!("docs/stories/{name}"), want),
                    "{file} {name}"
                );
            }
        }
        let v6 = items("dir: d\nfile: \"{id}-{slug}.md\"\nfile_sep: \"-\"\n").unwrap();
        assert_eq!(v6.path_for("2.3", "Sign up").unwrap(), "d/2-3-sign-up.md");
        assert!(!v6.leads_to("d/2-30-x.md", "2.3"));
        let again = Items::of_source(&v6.to_yaml()).unwrap();
        assert_eq!(again.file_sep.as_deref(), Some("-"));
    }

    #[test]
    fn a_kind_at_fixed_paths_holds_those() {
        let i = items(
            "paths: [\".orx/active_context.md\", \".orx/agents/{id}.md\"]\ndefault_id: default\nnew_id: name\n",
        )
        .unwrap();
        assert!(i.holds(".orx/active_context.md"));
        assert!(i.holds(".orx/agents/reviewer.md"));
        assert!(!i.holds(".orx/agents/a/b.md"));
        assert!(!i.holds(".orx/config.yaml"));
        assert_eq!(i.path_for("default", "").unwrap(), ".orx/active_context.md");
        assert!(i.leads_to(".orx/agents/x.md", "x"));
        assert!(!i.leads_to(".orx/agents/default.md", "default"));
        assert_eq!(i.next_id(["a"].into_iter(), ""), None);
    }

    #[test]
    fn bad_sections_are_refused() {
        for bad in [
            "file: \"{id}.md\"\n",
            "dir: ../x\n",
            "dir: .orx/x\n",
            "dir: x\npaths: [a.md]\n",
            "dir: x\nfile: \"{slug}.md\"\n",
            "dir: x\nfile: \"{id}-{id}.md\"\n",
            "dir: x\nfile_sep: \"/\"\n",
            "dir: x\nformat: json\nfile: \"{id}.md\"\n",
            "dir: x\nid: '('\n",
            "paths: [\"a/{id}/b.md\"]\n",
        ] {
            assert!(items(bad).is_err(), "{bad}");
        }
        let json = items("dir: .loop2\nformat: json\n");
        assert!(json.is_ok());
        assert_eq!(json.unwrap().file, "{id}.{slug}.json");
    }

    #[test]
    fn a_section_written_out_reads_back_the_same() {
        let i = items("dir: docs/it's\nid: '^[0-9]+$'\nnew_id: sequence\ntemplate: bug\n").unwrap();
        let again = Items::of_source(&i.to_yaml()).unwrap();
        assert_eq!(again.dir.as_deref(), Some("docs/it's"));
        assert_eq!(again.id.unwrap().as_str(), "^[0-9]+$");
        assert_eq!(again.new_id, NewId::Sequence);
        assert_eq!(again.template.as_deref(), Some("bug"));
    }

    #[test]
    fn ignored_names_are_not_items() {
        let i =
            items("dir: d\nignore: [\"tech-spec-*.md\", \"README.md\", \"epic-*-retro*.md\"]\n")
                .unwrap();
        assert!(!i.holds("d/tech-spec-epic-2.md"));
        assert!(!i.holds("d/README.md"));
        assert!(!i.holds("d/epic-1-retro-2026-01-01.md"));
        assert!(i.holds("d/1.2.login.md"));
        assert!(i.holds("d/epic-1.md"));
        assert!(glob_match("*", "x") && glob_match("a*b*c", "abbc") && !glob_match("a*b", "ba"));
        let again = Items::of_source(&i.to_yaml()).unwrap();
        assert_eq!(again.ignore.len(), 3);
    }

    #[test]
    fn an_epic_continues_its_own_numbering() {
        let ids = [
            "1.1",
            "1.2",
            "2.1",
            "2.7",
            "docs/stories/2-9-broken.md",
            "x",
        ];
        assert_eq!(next_in_epic(ids.iter().copied(), 2), "2.10");
        assert_eq!(next_in_epic(ids.iter().copied(), 1), "1.3");
        assert_eq!(next_in_epic(ids.iter().copied(), 5), "5.1");
    }

    #[test]
    fn sequences_count_up() {
        let i = items("dir: x\nnew_id: sequence\n").unwrap();
        assert_eq!(i.next_id([].into_iter(), "").unwrap(), "1");
        assert_eq!(i.next_id(["1", "9", "x"].into_iter(), "").unwrap(), "10");
        // Unique IDs: drawn from the mark, never one in use.
        let u = items("dir: x\nnew_id: unique\nprefix: T\n").unwrap();
        let a = u
            .next_id([].into_iter(), "agent 1, 2026-01-02T03:04:05Z")
            .unwrap();
        let b = u
            .next_id([].into_iter(), "agent 2, 2026-01-02T03:04:05Z")
            .unwrap();
        assert!(a.starts_with('T') && a.len() == 6 && a != b, "{a} {b}");
        let again = u
            .next_id([a.as_str()].into_iter(), "agent 1, 2026-01-02T03:04:05Z")
            .unwrap();
        assert_ne!(again, a);
    }

    #[test]
    fn the_built_in_task_ids_are_drawn_and_the_counted_ones_still_match() {
        let (_, src) = crate::workflow::BUILTIN
            .iter()
            .find(|(name, _)| *name == "task")
            .unwrap();
        #[derive(serde::Deserialize)]
        struct Only {
            items: ItemsDef,
        }
        let only: Only = serde_saphyr::from_str_with_options(
            &items_block(src).unwrap(),
            crate::workflow::yaml_options(),
        )
        .unwrap();
        let t = Items::compile(only.items).unwrap();
        assert_eq!(t.new_id, NewId::Unique);
        for n in 0..500 {
            let id = t.next_id([].into_iter(), &format!("mark {n}")).unwrap();
            assert!(t.check_id(&id).is_ok(), "{id}");
        }
        for old in ["T1", "T12", "T2026"] {
            assert!(t.check_id(old).is_ok(), "{old}");
        }
        for not in [
            "Tk3f9", "Tk3f9ab", "Tl2345", "To2345", "TK3F9A", "T", "k3f9a",
        ] {
            assert!(t.check_id(not).is_err(), "{not}");
        }
    }

    #[test]
    fn the_items_block_alone_reads_as_the_whole_file() {
        for (name, src) in crate::workflow::BUILTIN {
            let block = super::items_block(src).expect(name);
            assert!(
                block.starts_with("items:") && block.len() < src.len() / 4,
                "{name}"
            );
            #[derive(serde::Deserialize)]
            struct Only {
                items: Option<ItemsDef>,
            }
            let whole: Only =
                serde_saphyr::from_str_with_options(src, crate::workflow::yaml_options()).unwrap();
            let alone: Only =
                serde_saphyr::from_str_with_options(&block, crate::workflow::yaml_options())
                    .unwrap();
            assert_eq!(
                format!("{:?}", Items::compile(whole.items.unwrap()).unwrap()),
                format!("{:?}", Items::compile(alone.items.unwrap()).unwrap()),
                "{name}"
            );
        }
        assert_eq!(
            super::items_block("workflow: x\nitems: {dir: docs/x}\nstates: {}\n").as_deref(),
            Some("items: {dir: docs/x}\n")
        );
    }
}
