//! The messages of the command line in the user's language: the English
//! text is the key, and [`CATALOG`] holds its Chinese. The language is the
//! config's `lang`, or `--lang` for one call; a message without a Chinese
//! entry stays English.

use std::fmt::Display;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

static ZH: AtomicBool = AtomicBool::new(false);
static FORCED: OnceLock<String> = OnceLock::new();

/// `--lang`: the language of this call, whatever the config says.
pub fn force(lang: Option<&str>) {
    if let Some(l) = lang {
        let _ = FORCED.set(l.to_owned());
        ZH.store(l == "zh", Ordering::Relaxed);
    }
}

/// The language `--lang` chose, if it chose one.
pub fn forced() -> Option<&'static str> {
    FORCED.get().map(String::as_str)
}

/// Takes the language of a repository's config, unless `--lang` chose one;
/// returns the language in force.
pub fn from_config(lang: &str) -> &str {
    match forced() {
        Some(l) => l,
        None => {
            ZH.store(lang == "zh", Ordering::Relaxed);
            lang
        }
    }
}

/// Takes the language of the repository the command runs in (its
/// committed config, else the work tree's), unless `--lang` chose one: a
/// command speaks it even when it opens no workspace (`verify`, `log`,
/// `hooks`).
pub fn from_repo() {
    use orx::repo::config::{CONFIG_PATH, Config};
    if forced().is_some() {
        return;
    }
    let Ok(repo) = orx::git::Repo::discover() else {
        return;
    };
    let text = match repo.head_file(CONFIG_PATH) {
        Ok(Some(bytes)) => String::from_utf8(bytes).ok(),
        _ => std::fs::read_to_string(repo.root().join(CONFIG_PATH)).ok(),
    };
    if let Some(c) = text.and_then(|t| Config::parse(&t).ok()) {
        from_config(&c.lang);
    }
}

pub fn zh() -> bool {
    ZH.load(Ordering::Relaxed)
}

/// English text, and its Chinese; `{name}` is filled in by [`t`].
const CATALOG: &[(&str, &str)] = &[
    // init, new
    (
        "Next: commit the setup, then create a story:",
        "下一步: 提交设置,然后创建一个 Story:",
    ),
    (
        "Next: the new language takes effect once committed, by the Human:",
        "下一步: 新语言在 (由 Human) 提交后生效:",
    ),
    (
        "{config} is not committed: until it is, the rules in force are the work tree's and a clone has none; commit it (git add .orx && git commit -m 'Set up git-orx')",
        "{config} 尚未提交: 提交前生效的是工作区的规则,克隆的仓库没有这些规则;请提交 (git add .orx && git commit -m 'Set up git-orx')",
    ),
    // status
    (
        "No stories are waiting for {role}.",
        "没有等待 {role} 的 Story。",
    ),
    (
        "No stories yet. Create one with: git orx new \"Title\" --as sm   ({dir}/)",
        "还没有 Story。创建一个: git orx new \"标题\" --as sm   ({dir}/)",
    ),
    ("nobody", "无人"),
    ("Agents", "Agent"),
    ("(waits for {role})", "(等待 {role})"),
    (
        "1 file cannot be read as an item; `git orx check` lists every problem:",
        "1 个文件无法作为条目读取;`git orx check` 列出所有问题:",
    ),
    (
        "{n} files cannot be read as items; `git orx check` lists every problem:",
        "{n} 个文件无法作为条目读取;`git orx check` 列出所有问题:",
    ),
    ("... and {n} more", "... 另有 {n} 个"),
    (
        "stories written without frontmatter (BMAD, Orchestrix): `git orx adopt --dry-run` shows how they would be taken in",
        "没有 frontmatter 的 Story (BMAD、Orchestrix): `git orx adopt --dry-run` 显示如何接管它们",
    ),
    (
        "Nothing to do among the items that could be read.",
        "可读取的条目中没有待办事项。",
    ),
    ("1 story: {counts}", "1 个 Story: {counts}"),
    ("{n} stories: {counts}", "{n} 个 Story: {counts}"),
    // next
    ("Nothing for {role} to do.", "{role} 当前没有待办。"),
    (
        "Nothing to do: no open stories.",
        "没有待办: 没有未完成的 Story。",
    ),
    ("{item} is {state}", "{item} 处于 {state}"),
    // a change
    ("(already recorded; nothing to commit)", "(已记录,无需提交)"),
    (
        "(committed in {commit} by another commit)",
        "(已由另一个提交 {commit} 提交)",
    ),
    ("(committed by another commit)", "(已由另一个提交提交)"),
    ("written to {path}, not committed", "已写入 {path},未提交"),
    ("override: {reason}", "覆盖: {reason}"),
    (
        "{fields} changed, still {state}",
        "已修改 {fields},仍处于 {state}",
    ),
    (
        "no field changed, still {state}",
        "没有字段被修改,仍处于 {state}",
    ),
    // refusals and hints
    ("refused: ", "已拒绝: "),
    (
        "{role} may not move {item} from {from} to {to}",
        "{role} 无权将 {item} 从 {from} 移到 {to}",
    ),
    (
        "{role} may not change {item} while it is {from}",
        "{item} 处于 {from} 时 {role} 无权修改",
    ),
    (
        "  responsible: {roles} (owner of {state})",
        "  负责角色: {roles} ({state} 的负责者)",
    ),
    ("  responsible: {roles}", "  负责角色: {roles}"),
    (
        "{item} cannot move from {from} to {to}: the workflow has no such transition",
        "{item} 不能从 {from} 移到 {to}: 工作流中没有这个转换",
    ),
    (
        "  allowed from {from}: {list}",
        "  {from} 允许的转换: {list}",
    ),
    ("none", "无"),
    (
        "{item} cannot move from {from} to {to}: 1 precondition not met",
        "{item} 不能从 {from} 移到 {to}: 1 个前置条件未满足",
    ),
    (
        "{item} cannot move from {from} to {to}: {n} preconditions not met",
        "{item} 不能从 {from} 移到 {to}: {n} 个前置条件未满足",
    ),
    (
        "{item} is {state}, a terminal state: it cannot move to {to}",
        "{item} 已处于终止状态 {state},不能移到 {to}",
    ),
    (
        "  allowed from {state}: none (only a Human can override, with --force --reason TEXT)",
        "  {state} 允许的转换: 无 (只有 Human 能以 --force --reason TEXT 覆盖)",
    ),
    (
        "act as {roles} (--as {role}), or a Human may override with --force --reason TEXT",
        "请以 {roles} 身份执行 (--as {role}),或由 Human 以 --force --reason TEXT 覆盖",
    ),
    (
        "`git orx show {id}` lists the moves allowed now and what each needs",
        "`git orx show {id}` 列出当前允许的转换及各自的条件",
    ),
    (
        "run `git orx init` here first",
        "请先在这里运行 `git orx init`",
    ),
    (
        "uncommitted changes to {files} are not in force until committed (by the Human)",
        "{files} 的未提交修改在 (由 Human) 提交前不生效",
    ),
    // loop show
    (" (legacy)", " (旧版位置)"),
    ("  file:        {path}", "  文件:        {path}"),
    ("  status:      {status}", "  状态:        {status}"),
    (
        "  iteration:   {n} of {max}",
        "  迭代:        第 {n} 次,共 {max} 次",
    ),
    ("  failed:      {reason}", "  失败原因:    {reason}"),
    (
        "  develop:     {done}/{total} tasks ({pct}%)",
        "  开发:        {done}/{total} 个任务 ({pct}%)",
    ),
    (
        "  develop:     {done}/{total} tasks ({pct}%), some pending",
        "  开发:        {done}/{total} 个任务 ({pct}%),仍有待办",
    ),
    (
        "  debug:       confirmed {hypothesis}",
        "  调试:        已确认假设 {hypothesis}",
    ),
    (
        "  debug:       no confirmed hypothesis",
        "  调试:        尚无确认的假设",
    ),
    (
        "  validate:    passed (pass rate {rate}%)",
        "  验证:        已通过 (通过率 {rate}%)",
    ),
    (
        "  validate:    not passed (pass rate {rate}%)",
        "  验证:        未通过 (通过率 {rate}%)",
    ),
    (
        "  develop:     no tasks yet (the skill's init lists them: `git orx loop act {id} init --as skill`)",
        "  开发:        还没有任务 (由 skill 的 init 列出: `git orx loop act {id} init --as skill`)",
    ),
    ("  validate:    not run yet", "  验证:        尚未运行"),
    ("  progress:    {pct}%", "  总进度:      {pct}%"),
    ("  next:        {action}", "  下一步:      {action}"),
    // review report
    (
        "# Code review {id}: {title}\n\n",
        "# 代码评审 {id}: {title}\n\n",
    ),
    ("Reviewed: `{target}`\n\n", "评审对象: `{target}`\n\n"),
    ("## Summary\n\n", "## 总结\n\n"),
    (
        "## Findings by dimension and severity\n\n",
        "## 按维度和严重程度统计的问题\n\n",
    ),
    ("| Dimension |", "| 维度 |"),
    (" Total |\n|---|", " 合计 |\n|---|"),
    ("| **Total** |", "| **合计** |"),
    ("Not reviewed.\n", "尚未评审。\n"),
    ("No findings.\n", "没有发现问题。\n"),
    ("  - Suggestion: {text}\n", "  - 建议: {text}\n"),
    // run
    ("recorded", "已记录"),
    ("(no fields)", "(无字段)"),
    ("error:", "错误:"),
    ("hint:", "提示:"),
    (" of {limit}", ",上限 {limit}"),
    ("note:", "注意:"),
    ("restored from {from}", "已从 {from} 恢复"),
    ("nothing left to do", "没有剩余动作"),
    ("stopped by `{action}`", "由 `{action}` 停止"),
    ("stopped: {signal}", "已停止: {signal}"),
    ("stopped at the error limit", "达到错误上限后停止"),
    (
        "stopped after 1 action (--max-iterations); run it again to go on",
        "执行 1 个动作后停止 (--max-iterations);再次运行即可继续",
    ),
    (
        "stopped after {n} actions (--max-iterations); run it again to go on",
        "执行 {n} 个动作后停止 (--max-iterations);再次运行即可继续",
    ),
    ("interrupted by the user", "被用户中断"),
    ("1 action", "1 个动作"),
    ("{n} actions", "{n} 个动作"),
    ("1 error", "1 个错误"),
    ("{n} errors", "{n} 个错误"),
    (
        "{kind} {id}: {state} after {actions} ({how}); {errors}",
        "{kind} {id}: 处于 {state},共执行 {actions} ({how});{errors}",
    ),
    (
        "--max-iterations must be at least 1",
        "--max-iterations 至少为 1",
    ),
    // update, history
    (
        "  backup {name} kept (`git orx restore {id} --to {name}` goes back)",
        "  已保留备份 {name} (`git orx restore {id} --to {name}` 可恢复)",
    ),
    ("(not set)", "(未设置)"),
    (
        "1 automatic backup (`git orx backups {id}`)",
        "1 个自动备份 (`git orx backups {id}`)",
    ),
    (
        "{n} automatic backups (`git orx backups {id}`)",
        "{n} 个自动备份 (`git orx backups {id}`)",
    ),
    // goal
    (
        "goal {id} round {round}: {done} done, {failed} failed, {other} other, of {total}",
        "goal {id} 第 {round} 轮: 共 {total} 个任务,{done} 个完成,{failed} 个失败,{other} 个其他",
    ),
    ("    files: {files}", "    文件: {files}"),
    (
        "{id} is in a phase that takes no prompt",
        "{id} 当前所处阶段没有提示词",
    ),
    // the command line's usage errors
    ("error: ", "错误: "),
    ("unexpected argument '{arg}' found", "意外的参数 '{arg}'"),
    (
        "unrecognized subcommand '{sub}'",
        "无法识别的子命令 '{sub}'",
    ),
    (
        "the following required arguments were not provided: {args}",
        "缺少必需的参数: {args}",
    ),
    (
        "'{name}' requires a subcommand but one was not provided",
        "'{name}' 需要一个子命令,但没有给出",
    ),
    (
        "a value is required for '{arg}' but none was supplied",
        "'{arg}' 需要一个值,但没有给出",
    ),
    (
        "invalid value '{value}' for '{arg}'",
        "'{arg}' 的值 '{value}' 无效",
    ),
    (
        "invalid value '{value}' for '{arg}': {why}",
        "'{arg}' 的值 '{value}' 无效: {why}",
    ),
    (
        "the argument '{arg}' cannot be used with one or more of the other specified arguments",
        "参数 '{arg}' 不能与已给出的其他参数一起使用",
    ),
    (
        "the argument '{arg}' cannot be used with {others}",
        "参数 '{arg}' 不能与 {others} 一起使用",
    ),
    (
        "equal sign is needed when assigning values to '{arg}'",
        "给 '{arg}' 赋值时需要等号",
    ),
    (
        "unexpected value '{value}' for '{arg}' found; no more were expected",
        "'{arg}' 不接受更多的值,却给出了 '{value}'",
    ),
    (
        "'{arg}' takes a different number of values ({n} given)",
        "'{arg}' 的值的个数不对 (给出了 {n} 个)",
    ),
    ("  [possible values: {list}]", "  [可选值: {list}]"),
    ("  [subcommands: {list}]", "  [子命令: {list}]"),
    (
        "tip: a similar subcommand exists: {list}",
        "提示: 有一个相近的子命令: {list}",
    ),
    (
        "tip: some similar subcommands exist: {list}",
        "提示: 有几个相近的子命令: {list}",
    ),
    (
        "tip: a similar argument exists: {list}",
        "提示: 有一个相近的参数: {list}",
    ),
    (
        "tip: some similar arguments exist: {list}",
        "提示: 有几个相近的参数: {list}",
    ),
    (
        "tip: a similar value exists: {list}",
        "提示: 有一个相近的值: {list}",
    ),
    (
        "tip: some similar values exist: {list}",
        "提示: 有几个相近的值: {list}",
    ),
    ("tip: {text}", "提示: {text}"),
    (
        "to pass '{arg}' as a value, use '{rest}'",
        "要把 '{arg}' 作为值传入,请使用 '{rest}'",
    ),
    ("Usage:", "用法:"),
    (
        "For more information, try '--help'.",
        "更多信息请运行 '--help'。",
    ),
];

mod clap;
pub mod flags;
mod lines;

/// Every entry: the messages above and the lines of [`lines::LINES`].
fn entries() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    CATALOG.iter().chain(lines::LINES)
}

/// `en` in the language in force, with each `{name}` replaced by its value.
pub fn t(en: &str, args: &[(&str, &dyn Display)]) -> String {
    let text = if zh() {
        entries().find(|(e, _)| *e == en).map_or(en, |(_, z)| z)
    } else {
        en
    };
    args.iter().fold(text.to_owned(), |s, (k, v)| {
        s.replace(&format!("{{{k}}}"), &v.to_string())
    })
}

/// A line already written in English (by a command, or a message of the
/// library) in the language in force: an entry whose English is the whole
/// line, or whose English matches it with each `{name}` standing for some
/// text, which its Chinese then takes. Lines no entry matches stay as they
/// are; each line of a text is matched on its own.
pub fn localize(text: &str) -> std::borrow::Cow<'_, str> {
    // The library's line that names an action, worded with its flag first.
    if let Some(worded) = flags::word(text) {
        return std::borrow::Cow::Owned(in_language(&worded).into_owned());
    }
    in_language(text)
}

fn in_language(text: &str) -> std::borrow::Cow<'_, str> {
    if !zh() || text.is_empty() {
        return text.into();
    }
    if !text.contains('\n') {
        return localize_line(text).map_or(text.into(), Into::into);
    }
    text.split('\n')
        .map(|l| localize_line(l).unwrap_or_else(|| l.to_owned()))
        .collect::<Vec<_>>()
        .join("\n")
        .into()
}

fn localize_line(line: &str) -> Option<String> {
    if let Some((_, z)) = entries().find(|(e, _)| *e == line) {
        return Some((*z).to_owned());
    }
    type Template = (Vec<(&'static str, Option<&'static str>)>, &'static str);
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES
        .get_or_init(|| {
            entries()
                .filter(|(e, _)| e.contains('{') && matchable(e))
                .map(|(e, z)| (pieces(e), *z))
                .collect()
        })
        .iter()
        .find_map(|(p, z)| {
            let mut values = Vec::new();
            fill(p, line, &mut values).then(|| {
                values.iter().fold((*z).to_owned(), |s, (k, v)| {
                    let v = match *k {
                        "text" | "text2" => localize_line(v).unwrap_or_else(|| v.clone()),
                        "roles" => or_zh(v),
                        // `stories`, `agents`: the kinds' names.
                        "kinds" => kinds(v),
                        // The values a condition found: `field = not set`.
                        "values" => self::values(v),
                        _ => v.clone(),
                    };
                    s.replace(&format!("{{{k}}}"), &v)
                })
            })
        })
}

/// An English template split into its literal text and `{name}`s:
/// `(literal, Some(name))` pairs, the last name `None`.
fn pieces(en: &str) -> Vec<(&str, Option<&str>)> {
    let mut out = Vec::new();
    let mut rest = en;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        out.push((&rest[..open], Some(&rest[open + 1..open + close])));
        rest = &rest[open + close + 1..];
    }
    out.push((rest, None));
    out
}

/// Whether a template is distinctive enough to be matched against any
/// line: it starts with text, or has at least 12 letters of its own, and
/// no two names stand side by side.
fn matchable(en: &str) -> bool {
    let p = pieces(en);
    let letters: usize = p
        .iter()
        .map(|(l, _)| l.chars().filter(|c| c.is_alphabetic()).count())
        .sum();
    let adjacent = p.iter().skip(1).any(|(l, n)| l.is_empty() && n.is_some());
    !adjacent && (!p[0].0.is_empty() || letters >= 12)
}

/// Matches `line` against `pieces`, each name taking some non-empty text;
/// pushes the names' values.
fn fill<'a>(
    pieces: &[(&'a str, Option<&'a str>)],
    line: &str,
    values: &mut Vec<(&'a str, String)>,
) -> bool {
    let Some(((lit, name), rest)) = pieces.split_first() else {
        return line.is_empty();
    };
    let Some(after) = line.strip_prefix(lit) else {
        return false;
    };
    let Some(name) = name else {
        return after.is_empty();
    };
    let next = rest.first().map_or("", |(l, _)| l);
    if next.is_empty() {
        // The last name takes the rest of the line.
        values.push((name, after.to_owned()));
        return !after.is_empty() && rest.len() == 1;
    }
    // Each name takes at least one character.
    let mut from = after.chars().next().map_or(1, char::len_utf8);
    while let Some(i) = after.get(from..).and_then(|a| a.find(next)) {
        let end = from + i;
        let mark = values.len();
        values.push((name, after[..end].to_owned()));
        if fill(rest, &after[end..], values) {
            return true;
        }
        values.truncate(mark);
        from = end + 1;
        while !after.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

/// The values a condition found (`quality.score = not set, ...`) in the
/// language in force: a value not set is said so in Chinese.
pub fn values(text: &str) -> String {
    if zh() {
        text.replace("= not set", "= 未设置")
    } else {
        text.to_owned()
    }
}

/// The kinds a refusal names in the plural (`stories`, `agents`), by
/// their names (`story`, `agent`), as Chinese has no plural.
fn kinds(list: &str) -> String {
    match list.strip_suffix("ies") {
        Some(stem) => format!("{stem}y"),
        None => list.strip_suffix('s').unwrap_or(list).to_owned(),
    }
}

/// A list of roles in the language in force: `Dev, Lead or Human`, under
/// zh `Dev, Lead 或 Human`.
pub fn roles(roles: &[String]) -> String {
    let list = orx::workflow::role::display_list(roles);
    if zh() { or_zh(&list) } else { list }
}

/// A list the library worded (`Dev, Lead or Human`, `nobody`) in Chinese.
fn or_zh(list: &str) -> String {
    match list {
        "nobody" => "无人".to_owned(),
        _ => list.replace(" or ", " 或 "),
    }
}

/// A usage error of clap's in Chinese: its lines (what was wrong, then
/// clap's tips, after a blank line) and its usage line; `None` for a kind
/// of error this does not word.
pub fn usage_zh(e: &::clap::Error) -> Option<(Vec<String>, Option<String>)> {
    let mut lines = clap::message(e)?;
    let tips = clap::tips(e);
    if !tips.is_empty() {
        lines.push(String::new());
        lines.extend(tips.into_iter().map(|t| format!("  {t}")));
    }
    Some((lines, clap::usage(e)))
}

#[cfg(test)]
mod tests {
    /// Every Chinese entry uses exactly the placeholders of its English.
    #[test]
    fn each_entry_keeps_its_placeholders() {
        let names = |s: &str| {
            let mut v: Vec<String> = s
                .split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(n, _)| n.to_owned()))
                .collect();
            v.sort();
            v
        };
        for (en, zh) in super::entries() {
            assert_eq!(names(en), names(zh), "{en}");
        }
    }

    /// Every message the library words for users (outside `src/cli/`)
    /// that a template could match has a Chinese entry: each line of each
    /// `Error::...("...")` or `Error::...(format!("..."))` in the source,
    /// its `{...}` filled with sample text, is localized. Lines made only
    /// of names and a word or two (`{path}: {e}`) are passed through.
    #[test]
    fn every_library_message_has_an_entry() {
        super::ZH.store(true, std::sync::atomic::Ordering::Relaxed);
        let call =
            regex::Regex::new(r#"Error::\w+\(\s*(?:format!\(\s*)?"((?:[^"\\]|\\.)*)""#).unwrap();
        let continued = regex::Regex::new(r"\\\n\s*").unwrap();
        let name = regex::Regex::new(r"\{[^{}]*\}").unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![root.clone()];
        let mut missing = Vec::new();
        let mut seen = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                if path != root.join("cli") {
                    for e in std::fs::read_dir(&path).unwrap() {
                        files.push(e.unwrap().path());
                    }
                }
                continue;
            }
            let file = path.file_name().unwrap().to_string_lossy();
            if !file.ends_with(".rs") || file.starts_with("tests") || internal(&path) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for c in call.captures_iter(&text) {
                let literal = continued.replace_all(&c[1], "");
                for line in literal.split("\\n") {
                    let line = line.replace("\\\"", "\"").replace("\\\\", "\\");
                    let template = name.replace_all(&line, "{x}");
                    if line.trim().is_empty() || !super::matchable(&template) {
                        continue;
                    }
                    seen += 1;
                    let sample = name.replace_all(&line, "X").replace("{{", "{");
                    let sample = super::flags::word(&sample).unwrap_or(sample);
                    if super::localize_line(&sample).is_none() {
                        missing.push(format!("{}: {line}", path.display()));
                    }
                }
            }
        }
        assert!(
            seen > 100,
            "only {seen} messages found: is the pattern right?"
        );
        assert!(
            missing.is_empty(),
            "no Chinese for:\n{}",
            missing.join("\n")
        );
    }

    /// Every condition's `desc:` of every built-in workflow and preset
    /// has a Chinese entry: each, its `{...}` filled with sample text, is
    /// localized to something else.
    #[test]
    fn every_builtin_condition_has_chinese() {
        super::ZH.store(true, std::sync::atomic::Ordering::Relaxed);
        let desc =
            regex::Regex::new(r#"(?m)^\s*(?:- )?desc: (?:"((?:[^"\\]|\\.)*)"|(.+))$"#).unwrap();
        let name = regex::Regex::new(r"\{[^{}]*\}").unwrap();
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut sources: Vec<(String, String)> = orx::workflow::BUILTIN
            .iter()
            .map(|(n, s)| ((*n).to_owned(), (*s).to_owned()))
            .collect();
        for e in std::fs::read_dir(root.join("presets")).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "yaml") {
                let text = std::fs::read_to_string(&path).unwrap();
                sources.push((path.display().to_string(), text));
            }
        }
        let mut missing = Vec::new();
        let mut seen = 0;
        for (workflow, text) in &sources {
            for c in desc.captures_iter(text) {
                let line = c
                    .get(1)
                    .map(|m| m.as_str().replace("\\\"", "\""))
                    .unwrap_or_else(|| c[2].trim().to_owned());
                seen += 1;
                let sample = name.replace_all(&line, "7").into_owned();
                match super::localize_line(&sample) {
                    Some(zh) if zh != sample => {}
                    _ => missing.push(format!("{workflow}: {line}")),
                }
            }
        }
        assert!(
            seen > 100,
            "only {seen} conditions found: is the pattern right?"
        );
        assert!(
            missing.is_empty(),
            "no Chinese for:\n{}",
            missing.join("\n")
        );
    }

    /// Files whose messages report a fault of git-orx or of git itself
    /// (a broken pipe, a rewrite that went wrong), not something a user
    /// does: they stay as they are.
    fn internal(path: &std::path::Path) -> bool {
        let p = path.to_string_lossy().replace('\\', "/");
        ["/src/git/", "/src/error.rs", "/src/engine/store.rs"]
            .iter()
            .any(|i| p.contains(i))
    }

    /// A line is matched whole against an entry, each name taking text.
    #[test]
    fn a_written_line_is_matched_against_its_template() {
        super::ZH.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            super::localize("task T1 waits for T2, T3 (not done yet)"),
            "task T1 等待 T2, T3 (尚未处于 done)"
        );
        assert_eq!(super::localize("none"), "无");
        // A template made of names and a short word matches no line.
        assert_eq!(super::localize("login is broken"), "login is broken");
        assert_eq!(super::localize("a\nnone"), "a\n无");
        // A story's line on the board is not taken for a message.
        assert_eq!(
            super::localize("  1.1      Pkg installed"),
            "  1.1      Pkg installed"
        );
        // A name may start with a character of more than one byte.
        assert_eq!(
            super::localize("  status: Done (owner: 无 (终止状态))"),
            "  状态:   Done (负责: 无 (终止状态))"
        );
    }
}
