//! The git hooks: shims that run `git-orx hook NAME`, installed where git
//! looks for hooks (`git rev-parse --git-path hooks`, so `core.hooksPath`
//! and linked worktrees work), and what each hook checks.
//!
//! A hook the user already had is renamed to `NAME.orx-saved` and still runs
//! first, with the same arguments; its failure fails the commit. Uninstalling
//! removes the shim and renames the saved hook back, so exactly what was
//! there before is there again. When `git-orx` is not on `PATH` the shim
//! fails the commit and says so: it never passes silently.

pub mod tools;

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::{Error, Result};
use crate::git::{Repo, Side};
use crate::history::enforce::{Judge, Verdicts};
use crate::repo::rules::Rules;
use crate::text::message::Message;

/// The hooks git-orx installs. Everything below (shims, the lines added to
/// husky's scripts, lefthook entries, status) is driven by this list; the
/// pre-commit framework's hook ids are in `.pre-commit-hooks.yaml`.
pub const HOOKS: &[&str] = &[
    "pre-commit",
    "pre-merge-commit",
    "prepare-commit-msg",
    "reference-transaction",
];

/// Hooks that close a gap `verify` also covers (commits git makes without
/// pre-commit: cherry-pick, revert, rebase, am): where another hook tool
/// does not run one, that is reported, not counted as a failed install.
pub const OPTIONAL: &[&str] = &["reference-transaction"];

/// Suffix of a user's hook kept beside the shim.
pub const SAVED: &str = ".orx-saved";

const MARKER: &str = "# git-orx hook shim v1";

/// The shim for hook `name`. reference-transaction runs for every ref
/// update, three times each: only its `prepared` state can refuse and only
/// moves of HEAD or a branch to a commit matter (not a checkout's change
/// of what HEAD points to, nor a deletion: what [`moved_to`] keeps), so
/// the shell reads the input and starts git-orx only for those (or when a
/// hook of yours is chained).
/// Nor does it start git-orx when the git process moving the ref (the
/// shim's parent) is the one whose pre-commit or pre-merge-commit passed:
/// the shell compares that process's key (pid and start time, as
/// [`process_key`] writes it) with the one [`mark_judged`] left, which is
/// what git-orx itself would do (`RefMover::Judged`); that is also when
/// the watched commit follows the move ([`follow_the_watched_commit`]).
/// The other states end at once: nothing in them reads the process.
///
/// How often a commit reads its process's start time: the shell's `read`
/// takes one byte per system call, and `/proc/PID/stat` is about 300
/// bytes, so each reading costs as much as a shim's other reads together
/// (0.3 ms idle, about 1 ms on a loaded machine). A commit reads it once
/// for each shim that must tell its git process from another: pre-commit
/// (to leave the key), prepare-commit-msg and reference-transaction's
/// `prepared` (to compare with it); `committed` does not read it, and a
/// shim whose kept key names another pid does not either. Fewer cannot
/// keep the guard: every comparison needs the start time of the process
/// as it is now, and no smaller file holds it or anything else that tells
/// a process from a later one given its pid (`/proc/PID/status`,
/// `sched`, `schedstat`, `autogroup`: shared or changing values; the
/// times of `/proc/PID` itself are when the kernel made that entry, on the
/// wall clock, which can go back). A key is compared whole, so a later
/// process given the same pid, whose start time differs, is never taken
/// for the one pre-commit judged.
pub fn shim(name: &str) -> String {
    let head = format!(
        "#!/bin/sh\n{MARKER} ({name}): `git orx hooks uninstall` removes it and puts back any hook that was here.\n"
    );
    let check = missing_check(name);
    let saved = format!("[ -e \"${{0%/*}}/{name}{SAVED}\" ]");
    if name == "prepare-commit-msg" {
        // Nothing to add when this git process's pre-commit found nothing
        // to judge (the key it left is this process's; a merge's
        // pre-merge-commit leaves none) and no hook of yours is chained.
        return format!(
            "{head}{}{}{check}ORX_HOOK_DIR=\"${{0%/*}}\" exec git-orx hook {name} \"$@\"\n",
            exit_if_this_git_process(&saved, QUIET_FILE, ""),
            add_the_kept_trailers(&saved)
        );
    }
    if name == "pre-commit" {
        return format!(
            "{head}{check}{}ORX_HOOK_DIR=\"${{0%/*}}\" exec git-orx hook {name} \"$@\"\n",
            nothing_watched_is_staged(&saved)
        );
    }
    if name != "reference-transaction" {
        return format!(
            "{head}{check}ORX_HOOK_DIR=\"${{0%/*}}\" exec git-orx hook {name} \"$@\"\n"
        );
    }
    format!(
        "{head}[ \"$1\" = prepared ] || {saved} || exit 0\n\
         input= concern= moves=\n\
         while IFS= read -r line; do\n\
         \x20 input=\"$input$line\n\"\n\
         \x20 case \"$line\" in *\" HEAD\"|*\" refs/heads/\"*) ;; *) continue ;; esac\n\
         \x20 new=\"${{line#* }}\"; new=\"${{new%% *}}\"\n\
         \x20 case \"$new\" in ref:*) ;; *[!0]*) concern=1; moves=\"$moves ${{line%% *}}:$new\" ;; esac\n\
         done\n\
         [ -n \"$concern\" ] || {saved} || exit 0\n\
         {}{check}printf '%s' \"$input\" | ORX_HOOK_DIR=\"${{0%/*}}\" exec git-orx hook {name} \"$@\"\n",
        exit_if_this_git_process(&saved, JUDGED_FILE, &follow_the_watched_commit())
    )
}

/// Shell defining `orx_key`: sets `key` to the key of the git process
/// running the shim (its parent), as [`process_key`] writes it, and fails
/// without `/proc`.
const ORX_KEY: &str = concat!(
    "orx_started() { [ $# -ge 20 ] && shift 19 && started=\"$1\"; }\n",
    "orx_key() { key= started=; IFS= read -r stat 2>/dev/null < \"/proc/$PPID/stat\" || return 1; ",
    "orx_started ${stat##*)}; [ -n \"$started\" ] && key=\"$PPID $started\"; }\n",
);

/// Shell for the pre-commit shim: a commit that stages nothing git-orx
/// judges ends here, without starting git-orx. That takes, all read
/// without starting a process: the directories git-orx judges
/// ([`WATCH_FILE`]), written by git-orx for the very commit HEAD is
/// ([`WATCH_HEAD_FILE`], read through a loose ref); no merge being
/// concluded; a `git commit` that is not amending (its command line,
/// read from `/proc`, names no `--am…`); no hook of yours chained. Then
/// one `git diff-index --quiet` over those directories says whether
/// anything there is staged; if nothing is, the shim leaves this git
/// process's key as [`mark_judged`] does, for prepare-commit-msg and
/// reference-transaction. Anything else goes on to git-orx. That
/// `git diff-index` is the very one git-orx runs to know what is staged
/// ([`crate::git::INDEX_DIFF`], against the commit HEAD names rather than
/// `HEAD`): when it finds something, its output is kept for git-orx
/// ([`kept_changes`]), which then need not ask git again.
fn nothing_watched_is_staged(saved: &str) -> String {
    format!(
        "{ORX_KEY}g=\"${{GIT_DIR:-.git}}\"\n\
         if ! {saved} && [ ! -e \"$g/MERGE_HEAD\" ] && IFS= read -r watched 2>/dev/null < \"$g/{WATCH_HEAD_FILE}\" \\\n\
         \x20 && IFS= read -r head 2>/dev/null < \"$g/HEAD\"; then\n\
         \x20 case \"$head\" in \"ref: refs/\"*) IFS= read -r head 2>/dev/null < \"$g/${{head#ref: }}\" || head= ;; esac\n\
         \x20 cmd=; IFS= read -r cmd 2>/dev/null < \"/proc/$PPID/cmdline\"\n\
         \x20 case \"$cmd\" in git*commit*|*/git*commit*) ;; *) head= ;; esac\n\
         \x20 case \"$cmd\" in *--am*) head= ;; esac\n\
         \x20 if [ -n \"$head\" ] && [ \"$head\" = \"$watched\" ] && orx_key && [ -n \"$key\" ]; then\n\
         \x20   set --\n\
         \x20   while IFS= read -r p; do set -- \"$@\" \"$p\"; done < \"$g/{WATCH_FILE}\"\n\
         \x20   if [ $# -gt 0 ] && printf '%s' \"$key\" > \"$g/{KEPT_AT_FILE}\" \\\n\
         \x20     && git {diff} \"$head\" -- \"$@\" > \"$g/{KEPT_DIFF_FILE}\" 2>/dev/null; then\n\
         \x20     if [ ! -s \"$g/{KEPT_DIFF_FILE}\" ]; then\n\
         \x20       printf '%s' \"$key\" > \"$g/{JUDGED_FILE}\"; printf '%s' \"$key\" > \"$g/{QUIET_FILE}\"; exit 0\n\
         \x20     fi\n\
         \x20     printf '%s\\n' \"$key\" \"$head\" \"$@\" > \"$g/{KEPT_FOR_FILE}\"\n\
         \x20   fi\n\
         \x20   set --\n\
         \x20 fi\n\
         fi\n",
        diff = crate::git::INDEX_DIFF.join(" ")
    )
}

/// Shell for the prepare-commit-msg shim: the trailers pre-commit kept
/// for this git process's commit ([`SHELL_TRAILERS_FILE`]) are added by
/// the shell when the message is one line given on the command line
/// (`-m`), which is where git's own result is certain: the line, a blank
/// line, the trailers (as [`crate::git::add_trailers`] adds them without
/// git). Any other message goes on to git-orx.
fn add_the_kept_trailers(saved: &str) -> String {
    format!(
        "if [ \"$2\" = message ] && [ $# -eq 2 ] && ! {saved} \\\n\
         \x20 && IFS= read -r key 2>/dev/null < \"${{GIT_DIR:-.git}}/{SHELL_TRAILERS_FILE}\" \\\n\
         \x20 && [ \"${{key%% *}}\" = \"$PPID\" ] \\\n\
         \x20 && {{ [ -n \"$started\" ] || IFS= read -r stat 2>/dev/null < \"/proc/$PPID/stat\"; }}; then\n\
         \x20 orx_started() {{ [ $# -ge 20 ] && shift 19 && started=\"$1\"; }}\n\
         \x20 [ -n \"$started\" ] || orx_started ${{stat##*)}}\n\
         \x20 one= line= more=\n\
         \x20 {{ IFS= read -r line && one=1; IFS= read -r more && one=; [ -z \"$more\" ] || one=; }} < \"$1\"\n\
         \x20 case \"$line\" in [[:alnum:]]*) ;; *) one= ;; esac\n\
         \x20 if [ -n \"$one\" ] && [ -n \"$started\" ] && [ \"$key\" = \"$PPID $started\" ]; then\n\
         \x20   {{ IFS= read -r key; printf '\\n'; while IFS= read -r t; do printf '%s\\n' \"$t\"; done; }} \\\n\
         \x20     < \"${{GIT_DIR:-.git}}/{SHELL_TRAILERS_FILE}\" >> \"$1\" && exit 0\n\
         \x20 fi\n\
         fi\n"
    )
}

/// Shell for the reference-transaction shim, state `prepared`, once its
/// git process is known to be the one whose pre-commit let the commit
/// through (this process's key): when the move (`moves`, `OLD:NEW` pairs
/// of HEAD and the branches) goes from the commit [`WATCH_HEAD_FILE`]
/// names, the new commit has the same rules (pre-commit keeps that file
/// only for commits that stage no rule file), so the file follows it and
/// the next commit's shim can judge without git-orx. Said here rather than
/// in `committed`, which then need not read the process again: what the
/// file says is about the new commit's content, which holds whether or
/// not the transaction goes on to commit; if it aborts, HEAD is not the
/// commit the file names and the next pre-commit shim goes on to git-orx,
/// which writes the file afresh.
fn follow_the_watched_commit() -> String {
    format!(
        "\x20   IFS= read -r watched 2>/dev/null < \"$g/{WATCH_HEAD_FILE}\" && for m in $moves; do\n\
         \x20     [ \"${{m%%:*}}\" = \"$watched\" ] || continue\n\
         \x20     case \"${{m#*:}}\" in *[!0-9a-f]*) ;; *) printf '%s\\n' \"${{m#*:}}\" > \"$g/{WATCH_HEAD_FILE}\" ;; esac\n\
         \x20     break\n\
         \x20   done\n"
    )
}

/// Shell that ends the shim when the git process running it (its parent)
/// is the one whose key git-orx left in `file` under the git directory (pid
/// and start time, as [`process_key`] writes it), after running `then`
/// (shell, with `g` the git directory), unless a hook of yours (`saved`)
/// is chained; without `/proc`, it goes on. The process's start time is
/// read only when the key names its pid: it costs a byte-long system call
/// per byte (see [`shim`]). `started` is left set for what follows.
fn exit_if_this_git_process(saved: &str, file: &str, then: &str) -> String {
    format!(
        "orx_started() {{ [ $# -ge 20 ] && shift 19 && started=\"$1\"; }}\n\
         started= key= g=\"${{GIT_DIR:-.git}}\"\n\
         if ! {saved} && {{ IFS= read -r key 2>/dev/null < \"$g/{file}\"; [ \"${{key%% *}}\" = \"$PPID\" ]; }} \\\n\
         \x20 && IFS= read -r stat 2>/dev/null < \"/proc/$PPID/stat\"; then\n\
         \x20 orx_started ${{stat##*)}}\n\
         \x20 if [ -n \"$started\" ] && [ \"$key\" = \"$PPID $started\" ]; then\n\
         {then}\x20   exit 0\n\
         \x20 fi\n\
         fi\n"
    )
}

/// What a shim does when git-orx is not on PATH. The hooks that can
/// refuse a commit (pre-commit, pre-merge-commit) stop it and say why and
/// the ways out, in the repository's language: install git-orx, skip the
/// hooks once with `--no-verify` (`verify` judges that commit later), or
/// remove the shims by hand, since `git orx hooks uninstall` needs git-orx
/// too. The others let git go on, so that the way out of `--no-verify`
/// (which git does not extend to them) and a plain checkout still work.
fn missing_check(name: &str) -> String {
    if !["pre-commit", "pre-merge-commit"].contains(&name) {
        return "command -v git-orx >/dev/null 2>&1 || exit 0\n".to_owned();
    }
    // A merge the hook stopped is concluded by a commit.
    let (skip, skip_zh) = if name == "pre-commit" {
        ("git commit --no-verify", "git commit --no-verify")
    } else {
        (
            "git commit --no-verify concludes the merge",
            "git commit --no-verify 完成这次合并",
        )
    };
    let en = [
        format!(
            "git-orx: this repository's {name} hook runs git-orx, which is not on PATH, so git stopped; nothing was committed. Ways out:"
        ),
        "  - install git-orx (./install.sh in its source tree), or add the directory it is in to PATH;".to_owned(),
        format!(
            "  - or skip the hooks this once: {skip} (git orx verify judges the commit later, in CI or on the server);"
        ),
        format!(
            "  - or remove the hooks without git-orx: delete the files in $d whose second line starts '{MARKER}' (a hook of yours kept as NAME{SAVED} goes back to NAME), and the merge driver: git config --remove-section merge.orx"
        ),
    ];
    let zh = [
        format!(
            "git-orx: 本仓库的 {name} 钩子要运行 git-orx,但它不在 PATH 上,所以 git 停下了;什么也没有提交。出路:"
        ),
        "  - 安装 git-orx (在其源码目录运行 ./install.sh),或把它所在的目录加入 PATH;".to_owned(),
        format!(
            "  - 或者这一次跳过钩子: {skip_zh} (之后 git orx verify 会在 CI 或服务器上审查这个提交);"
        ),
        format!(
            "  - 或者不用 git-orx 移除钩子: 删除 $d 中第二行以 '{MARKER}' 开头的文件 (原有的钩子保存为 NAME{SAVED},改回 NAME),以及合并驱动: git config --remove-section merge.orx"
        ),
    ];
    let quoted = |lines: &[String]| {
        lines
            .iter()
            .map(|l| format!("\"{l}\""))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "command -v git-orx >/dev/null 2>&1 || {{\n\
         \x20 d=\"${{0%/*}}\"\n\
         \x20 if grep -qs '^lang:.*zh' .orx/config.yaml; then printf '%s\\n' {} >&2\n\
         \x20 else printf '%s\\n' {} >&2; fi\n\
         \x20 exit 1\n}}\n",
        quoted(&zh),
        quoted(&en)
    )
}

/// Another tool that runs the repository's hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Husky,
    PreCommit,
    Lefthook,
}

impl std::fmt::Display for Tool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Tool::Husky => "husky",
            Tool::PreCommit => "the pre-commit framework",
            Tool::Lefthook => "lefthook",
        })
    }
}

/// The state of one hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookState {
    /// The current shim; `chained` when a user's hook runs first.
    Installed { chained: bool },
    /// Another tool runs git-orx for this hook, as `file` tells it to.
    Via { tool: Tool, file: PathBuf },
    /// Another tool manages the hooks, and git-orx does not run for this
    /// one: `why`, and what to do.
    NotRun { tool: Tool, why: Message },
    /// A shim from another git-orx version.
    Outdated,
    /// No hook at all.
    Missing,
    /// Someone else's hook, without the shim.
    Foreign,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookStatus {
    pub name: String,
    pub path: PathBuf,
    pub state: HookState,
}

/// Whether the hook at `path` is a git-orx shim (of any version); `None`
/// when there is no hook.
pub(crate) fn is_shim(path: &Path) -> Option<bool> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if meta.file_type().is_symlink() {
        return Some(false);
    }
    let text = std::fs::read_to_string(path).unwrap_or_default();
    Some(
        text.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("# git-orx hook shim")),
    )
}

pub fn status(dir: &Path) -> Vec<HookStatus> {
    HOOKS
        .iter()
        .map(|name| {
            let path = dir.join(name);
            let saved = dir.join(format!("{name}{SAVED}"));
            let state = match is_shim(&path) {
                None => HookState::Missing,
                Some(false) => HookState::Foreign,
                Some(true)
                    if std::fs::read_to_string(&path).ok().as_deref()
                        == Some(shim(name).as_str()) =>
                {
                    HookState::Installed {
                        chained: saved.symlink_metadata().is_ok(),
                    }
                }
                Some(true) => HookState::Outdated,
            };
            HookStatus {
                name: (*name).to_owned(),
                path,
                state,
            }
        })
        .collect()
}

/// What installing or uninstalling did to one hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    Installed {
        name: String,
        kept: bool,
    },
    Updated(String),
    Unchanged(String),
    Removed {
        name: String,
        restored: bool,
    },
    Absent(String),
    /// The line or entry that runs git-orx was added to another tool's file.
    Added {
        name: String,
        file: PathBuf,
    },
    /// That line or entry was already there.
    Present {
        name: String,
        file: PathBuf,
    },
    /// The line or entry was taken out of another tool's file.
    Dropped {
        name: String,
        file: PathBuf,
    },
    /// Another tool manages the hooks, and git-orx will not run for this
    /// one until the user acts: `why`, and what to do.
    NotRun {
        name: String,
        why: Message,
    },
    /// A file of an earlier install that another tool had moved aside (and
    /// that would break or never run) was taken away: `what` says which.
    Repaired {
        name: String,
        what: Message,
    },
}

fn io(path: &Path, e: std::io::Error) -> Error {
    Error::io(Message::text(path.display().to_string()), e)
}

fn write_shim(path: &Path, name: &str) -> Result<()> {
    std::fs::write(path, shim(name)).map_err(|e| io(path, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| io(path, e))?;
    }
    Ok(())
}

/// Where install notes the hooks directory it had to create, so that
/// uninstall can take it away again.
const CREATED: &str = "hooks-dir-created";

/// Installs the shims in `dir`; keeps (and chains) hooks already there. A
/// directory it has to create is noted in `state_dir` (local git-orx data).
pub fn install(dir: &Path, state_dir: &Path) -> Result<Vec<Step>> {
    install_only(dir, state_dir, HOOKS)
}

/// [`install`] for the hooks in `only`.
pub fn install_only(dir: &Path, state_dir: &Path, only: &[&str]) -> Result<Vec<Step>> {
    if dir.symlink_metadata().is_err() {
        let mut top = dir;
        while let Some(parent) = top.parent().filter(|p| p.symlink_metadata().is_err()) {
            top = parent;
        }
        std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
        std::fs::create_dir_all(state_dir).map_err(|e| io(state_dir, e))?;
        let note = state_dir.join(CREATED);
        std::fs::write(&note, top.to_string_lossy().as_bytes()).map_err(|e| io(&note, e))?;
    }
    let mut steps = Vec::new();
    for s in status(dir)
        .into_iter()
        .filter(|s| only.contains(&s.name.as_str()))
    {
        let saved = dir.join(format!("{}{SAVED}", s.name));
        match s.state {
            HookState::Installed { .. } | HookState::Via { .. } | HookState::NotRun { .. } => {
                steps.push(Step::Unchanged(s.name));
            }
            HookState::Outdated => {
                write_shim(&s.path, &s.name)?;
                steps.push(Step::Updated(s.name));
            }
            HookState::Missing => {
                write_shim(&s.path, &s.name)?;
                steps.push(Step::Installed {
                    name: s.name,
                    kept: false,
                });
            }
            HookState::Foreign => {
                if saved.symlink_metadata().is_ok() {
                    return Err(Error::Exists(crate::msg!(
                        "path-other-both-exist-move",
                        path = s.path.display().to_string(),
                        other = saved.display().to_string()
                    )));
                }
                std::fs::rename(&s.path, &saved).map_err(|e| io(&s.path, e))?;
                write_shim(&s.path, &s.name)?;
                steps.push(Step::Installed {
                    name: s.name,
                    kept: true,
                });
            }
        }
    }
    Ok(steps)
}

/// Removes the shims from `dir` and puts back the hooks they kept; a
/// directory install created is removed when nothing else is in it.
pub fn uninstall(dir: &Path, state_dir: &Path) -> Result<Vec<Step>> {
    let steps = remove_shims(dir)?;
    let note = state_dir.join(CREATED);
    if let Ok(top) = std::fs::read_to_string(&note) {
        let top = Path::new(&top);
        let mut d = Some(dir);
        while let Some(path) = d.filter(|p| p.starts_with(top)) {
            if std::fs::remove_dir(path).is_err() {
                break; // not empty: it holds something else now
            }
            d = path.parent();
        }
        let _ = std::fs::remove_file(&note);
    }
    Ok(steps)
}

fn remove_shims(dir: &Path) -> Result<Vec<Step>> {
    let mut steps = Vec::new();
    for s in status(dir) {
        let saved = dir.join(format!("{}{SAVED}", s.name));
        match s.state {
            HookState::Installed { .. } | HookState::Outdated => {
                std::fs::remove_file(&s.path).map_err(|e| io(&s.path, e))?;
                let restored = saved.symlink_metadata().is_ok();
                if restored {
                    std::fs::rename(&saved, &s.path).map_err(|e| io(&saved, e))?;
                }
                steps.push(Step::Removed {
                    name: s.name,
                    restored,
                });
            }
            HookState::Missing
            | HookState::Foreign
            | HookState::Via { .. }
            | HookState::NotRun { .. } => steps.push(Step::Absent(s.name)),
        }
    }
    Ok(steps)
}

/// Runs the user's hook kept beside the shim, if any, with the same
/// arguments and standard streams; returns its exit code. As git does, a
/// hook that is not executable is skipped (with a note), and one that is
/// not a program the system can start (no `#!` line) is run by `sh`.
pub fn run_saved(dir: &Path, name: &str, args: &[String]) -> Result<(i32, Option<Message>)> {
    run_saved_with(dir, name, args, None)
}

/// [`run_saved`], giving the hook `input` on its standard input (for a
/// hook whose input git-orx reads too: reference-transaction).
pub fn run_saved_with(
    dir: &Path,
    name: &str,
    args: &[String],
    input: Option<&[u8]>,
) -> Result<(i32, Option<Message>)> {
    let saved = dir.join(format!("{name}{SAVED}"));
    let Ok(meta) = std::fs::metadata(&saved) else {
        return Ok((0, None));
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Ok((
                0,
                Some(crate::msg!(
                    "saved-hook-not-executable",
                    name = name,
                    path = saved.display().to_string()
                )),
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = meta;
    let cannot = |e: std::io::Error| {
        Error::io(
            crate::msg!(
                "cannot-run-your-name-hook",
                name = name,
                path = saved.display().to_string()
            ),
            e,
        )
    };
    let run = |cmd: &mut Command| -> std::io::Result<std::process::ExitStatus> {
        // The hook runs as git would run it: without the shim's
        // ORX_HOOK_DIR, so that a `git orx hook` it runs does not chain
        // this hook again.
        cmd.env_remove("ORX_HOOK_DIR");
        let Some(input) = input else {
            return cmd.status();
        };
        let mut child = cmd.stdin(std::process::Stdio::piped()).spawn()?;
        if let Some(mut pipe) = child.stdin.take() {
            use std::io::Write;
            // A hook may exit without reading its input.
            let _ = pipe.write_all(input);
        }
        child.wait()
    };
    let status = match run(Command::new(&saved).args(args)) {
        Err(e) if e.raw_os_error() == Some(ENOEXEC) => {
            run(Command::new("sh").arg(&saved).args(args)).map_err(cannot)?
        }
        other => other.map_err(cannot)?,
    };
    Ok((status.code().unwrap_or(1), None))
}

/// "Exec format error": a file the system cannot start by itself.
const ENOEXEC: i32 = 8;

/// Whether the `git commit` running this hook is an `--amend`. Git does not
/// tell pre-commit hooks: it runs them with no arguments and sets only
/// `GIT_INDEX_FILE`, `GIT_EDITOR` and the author's `GIT_AUTHOR_*` (the
/// same for a new commit and an amend; `GIT_REFLOG_ACTION` is not set and
/// `git var` knows nothing of it). prepare-commit-msg's `commit HEAD`
/// arguments come after pre-commit has judged, and `-c HEAD`/`-C HEAD`
/// give the same ones. So we look for the nearest ancestor process that is
/// a `git ... commit` and for `--amend` among its options. The command
/// lines come from `/proc`, or from `ps` where there is no `/proc` (macOS,
/// BSDs).
#[cfg(unix)]
pub fn amending() -> bool {
    git_ancestor().is_some_and(|(_, args)| {
        subcommand(&args).is_some_and(|at| args[at] == "commit" && amends(&args[at + 1..]))
    })
}

#[cfg(not(unix))]
pub fn amending() -> bool {
    false
}

/// What the reference-transaction hook leaves to others, by the git
/// command that moves the ref (the nearest `git` ancestor, read as
/// [`amending`] reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefMover {
    /// `git commit` or `git merge`: pre-commit or pre-merge-commit judged
    /// the commit (or `--no-verify` skipped them on purpose).
    Judged,
    /// `fetch`, `clone`, `fast-import`, a push received: history made
    /// elsewhere, for `verify`.
    Imported,
    /// `rebase`, `am` or `pull` with `--no-verify`.
    NoVerify,
    /// Anything else (cherry-pick, revert, rebase, am, update-ref): judge.
    Other,
}

#[cfg(unix)]
pub fn ref_mover(repo: &Repo) -> RefMover {
    let Some((pid, args)) = git_ancestor() else {
        return RefMover::Other;
    };
    // A command line git-orx cannot read is judged.
    let Some(at) = subcommand(&args) else {
        return RefMover::Other;
    };
    let rest = &args[at + 1..];
    let no_verify = |short: Option<char>| match args[at].as_str() {
        "commit" => commit_option(rest, "--no-verify", 6, short),
        _ => rest
            .iter()
            .take_while(|a| *a != "--")
            .any(|a| a == "--no-verify"),
    };
    match args[at].as_str() {
        "fetch" | "clone" | "fast-import" | "receive-pack" => RefMover::Imported,
        "commit" if no_verify(Some('n')) => RefMover::NoVerify,
        // Trusted only when its own pre-commit or pre-merge-commit passed
        // (`mark_judged`): a fast-forward `git merge` runs neither.
        "commit" | "merge" if judged_here(repo, pid) => RefMover::Judged,
        _ if no_verify(None) => RefMover::NoVerify,
        _ => RefMover::Other,
    }
}

#[cfg(not(unix))]
pub fn ref_mover(_: &Repo) -> RefMover {
    RefMover::Other
}

/// The nearest `git` process above this one (skipping `git orx`, which
/// runs git-orx), with its command line.
#[cfg(unix)]
fn git_ancestor() -> Option<(u32, Vec<String>)> {
    // Asked more than once per hook (amending, then marking the commit
    // judged): the process tree is read once.
    static FOUND: std::sync::OnceLock<Option<(u32, Vec<String>)>> = std::sync::OnceLock::new();
    FOUND.get_or_init(find_git_ancestor).clone()
}

#[cfg(unix)]
fn find_git_ancestor() -> Option<(u32, Vec<String>)> {
    let mut pid = std::os::unix::process::parent_id();
    for _ in 0..8 {
        let args = cmdline(pid)?;
        let is_git = args
            .first()
            .is_some_and(|a| a.rsplit('/').next() == Some("git"));
        if is_git && subcommand(&args).is_none_or(|at| args[at] != "orx") {
            return Some((pid, args));
        }
        match parent_of(pid) {
            Some(p) if p > 1 => pid = p,
            _ => return None,
        }
    }
    None
}

/// Where pre-commit and pre-merge-commit record the git process whose
/// commit they judged and passed.
const JUDGED_FILE: &str = "orx-judged";

/// Where pre-commit says the commit of a git process gets no trailers.
const QUIET_FILE: &str = "orx-quiet";

/// Where pre-commit keeps, for the prepare-commit-msg shim, the key of
/// the git process whose commit it judged and that commit's trailers, one
/// `Key: value` per line (see [`add_the_kept_trailers`]).
const SHELL_TRAILERS_FILE: &str = "orx-trailers";

/// The directories pre-commit judges (item directories and the rules'),
/// one pathspec per line, as the rules of the commit [`WATCH_HEAD_FILE`]
/// names say: what the pre-commit shim asks git about by itself.
const WATCH_FILE: &str = "orx-watch";

/// The commit whose rules [`WATCH_FILE`] holds the directories of.
const WATCH_HEAD_FILE: &str = "orx-watch-head";

/// The pre-commit shim's stamp, written before its `git diff-index` reads
/// the index: the key of the git process it runs for.
const KEPT_AT_FILE: &str = "orx-staged-at";

/// That `git diff-index`'s output, as git wrote it.
const KEPT_DIFF_FILE: &str = "orx-staged";

/// Written once the output is complete: the key, the commit the index was
/// compared with and the pathspecs, one per line.
const KEPT_FOR_FILE: &str = "orx-staged-for";

/// What the pre-commit shim's own `git diff-index` found staged (see
/// [`nothing_watched_is_staged`]), where it is certain to be what git-orx
/// would find now: the shim ran for this git process (its key), against
/// the commit this commit is made on, over the directories these rules
/// judge, each read literally by both; and the index is the one it read.
/// That holds for an index git keeps locked while the hooks run (`git
/// commit -a`, `git commit PATHS`), and for another one not changed since
/// the shim's stamp was written, by a strict comparison of their times
/// (as git's own "racy git" rule: a change in the same tick as the stamp
/// is not taken as older). The files are read twice around the output, so
/// that another commit's shim writing its own meanwhile (its stamp
/// first) is seen. Anything else: `None`, and git is asked again.
#[cfg(unix)]
fn kept_changes(
    repo: &Repo,
    staged: &Staged,
    dirs: &[&str],
) -> Option<Vec<crate::git::FileChange>> {
    use std::os::unix::fs::MetadataExt;
    let base = staged.base_commit.as_deref()?;
    if !staged.others.is_empty() {
        return None;
    }
    let g = repo.git_dir();
    let read = || -> Option<(String, String, (i64, i64))> {
        let header = std::fs::read_to_string(g.join(KEPT_FOR_FILE)).ok()?;
        let stamp = std::fs::read_to_string(g.join(KEPT_AT_FILE)).ok()?;
        let at = std::fs::metadata(g.join(KEPT_AT_FILE)).ok()?;
        Some((header, stamp, (at.mtime(), at.mtime_nsec())))
    };
    let (header, stamp, at) = read()?;
    let key = this_git_process()?;
    let index = match &staged.index {
        Side::Index(Some(p)) => p.clone(),
        _ => g.join("index"),
    };
    let meta = std::fs::metadata(&index).ok()?;
    let changed = std::cmp::max(
        (meta.ctime(), meta.ctime_nsec()),
        (meta.mtime(), meta.mtime_nsec()),
    );
    let kept = Kept {
        header: &header,
        stamp: &stamp,
        stamped: at,
    };
    if !kept.holds(&key, base, dirs, gits_own_lock(&index), changed) {
        return None;
    }
    let raw = std::fs::read(g.join(KEPT_DIFF_FILE)).ok()?;
    if read()? != (header.clone(), stamp.clone(), at) {
        return None;
    }
    // Once: prepare-commit-msg asks git itself.
    let _ = std::fs::remove_file(g.join(KEPT_FOR_FILE));
    crate::git::index_diff_changes(&raw).ok()
}

#[cfg(not(unix))]
fn kept_changes(_: &Repo, _: &Staged, _: &[&str]) -> Option<Vec<crate::git::FileChange>> {
    None
}

/// Whether `index` is a file git holds locked while it runs the commit's
/// hooks: the index of `git commit -a` (`index.lock`) or of `git commit
/// PATHS` (`next-index-PID.lock`), which no other git process writes.
fn gits_own_lock(index: &Path) -> bool {
    let name = index.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "index.lock" || (name.starts_with("next-index-") && name.ends_with(".lock"))
}

/// What the pre-commit shim kept beside its `git diff-index` output.
struct Kept<'a> {
    /// [`KEPT_FOR_FILE`]'s text.
    header: &'a str,
    /// [`KEPT_AT_FILE`]'s text, and its time (seconds, nanoseconds).
    stamp: &'a str,
    stamped: (i64, i64),
}

impl Kept<'_> {
    /// Whether the output is what git-orx's own `git diff-index` would
    /// give the git process `key`, comparing the index with `base` over
    /// `dirs`; the index is git's own locked file (`locked`) or was last
    /// changed at `changed` (the later of its ctime and mtime).
    fn holds(
        &self,
        key: &str,
        base: &str,
        dirs: &[&str],
        locked: bool,
        changed: (i64, i64),
    ) -> bool {
        // git-orx's own pathspecs are not literal: a directory whose name
        // git would read as a pattern may match other files.
        let literal = |d: &&str| {
            !d.is_empty() && !d.starts_with(':') && !d.contains(['*', '?', '[', '\\', '\n', '\r'])
        };
        if !dirs.iter().all(literal) {
            return false;
        }
        let expected: String = [key, base]
            .into_iter()
            .map(|l| format!("{l}\n"))
            .chain(dirs.iter().map(|d| format!(":(literal){d}\n")))
            .collect();
        self.header == expected && self.stamp == key && (locked || changed < self.stamped)
    }
}

/// Keeps, for the shims, the directories git-orx judges under the rules
/// of `base` (see [`WATCH_FILE`]), or forgets them when the commit being
/// made changes the rules, is a merge, or a directory cannot be written
/// as one line.
fn remember_watched(repo: &Repo, base: Option<&str>, dirs: &[&str], keep: bool) {
    let head_file = repo.git_dir().join(WATCH_HEAD_FILE);
    let lines = dirs
        .iter()
        .all(|d| !d.contains(['\n', '\r']) && !d.is_empty());
    let (Some(base), true, true) = (base, keep, lines) else {
        let _ = std::fs::remove_file(head_file);
        return;
    };
    let text: String = dirs.iter().map(|d| format!(":(literal){d}\n")).collect();
    let watch = repo.git_dir().join(WATCH_FILE);
    // The directories first, then the commit they hold for: a shim that
    // reads the commit reads the directories that go with it.
    let written = std::fs::read_to_string(&watch).is_ok_and(|t| t == text)
        || crate::engine::store::write_file(&watch, text.as_bytes()).is_ok();
    match written {
        true => {
            let _ = std::fs::write(head_file, format!("{base}\n"));
        }
        false => {
            let _ = std::fs::remove_file(head_file);
        }
    }
}

/// What names one process: its pid and, where the system says, when it
/// started (so that a reused pid is not taken for it).
#[cfg(unix)]
fn process_key(pid: u32) -> String {
    let started = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(19).map(str::to_owned))
        })
        .unwrap_or_default();
    format!("{pid} {started}")
}

/// pre-commit or pre-merge-commit passed the commit its git process is
/// making: the reference-transaction hook of that process may then let
/// the ref move to it (a git process that ran neither is judged there).
/// `quiet`: the commit gets no `Orx-*` trailers (it touches no item or
/// rule), so that process's prepare-commit-msg shim has nothing to add
/// and starts no git-orx.
#[cfg(unix)]
pub fn mark_judged(repo: &Repo, quiet: bool) {
    if let Some((pid, _)) = git_ancestor() {
        let key = process_key(pid);
        let _ = std::fs::write(repo.git_dir().join(JUDGED_FILE), &key);
        let quiet_file = repo.git_dir().join(QUIET_FILE);
        let _ = match quiet {
            true => std::fs::write(quiet_file, &key),
            false => std::fs::remove_file(quiet_file),
        };
    }
}

#[cfg(not(unix))]
pub fn mark_judged(_: &Repo, _: bool) {}

/// The key of the git process running this hook, where the system says
/// when it started (so that a reused pid is not taken for it).
#[cfg(unix)]
fn this_git_process() -> Option<String> {
    let (pid, _) = git_ancestor()?;
    let key = process_key(pid);
    (!key.ends_with(' ')).then_some(key)
}

#[cfg(not(unix))]
fn this_git_process() -> Option<String> {
    None
}

/// Whether git process `pid`'s own pre-commit or pre-merge-commit passed.
#[cfg(unix)]
fn judged_here(repo: &Repo, pid: u32) -> bool {
    std::fs::read_to_string(repo.git_dir().join(JUDGED_FILE)).is_ok_and(|k| k == process_key(pid))
}

/// Where git's subcommand is in its command line: the first word after
/// git's own options (`git -C dir -c k=v commit`). `None` when an option
/// is not one git-orx knows, so that a command line it cannot read is
/// never taken for `git commit`.
fn subcommand(args: &[String]) -> Option<usize> {
    // git's options that take no value, and those whose value is the next
    // word (or follows `=`).
    const FLAGS: &[&str] = &[
        "-p",
        "--paginate",
        "-P",
        "--no-pager",
        "--bare",
        "--no-replace-objects",
        "--no-lazy-fetch",
        "--literal-pathspecs",
        "--glob-pathspecs",
        "--noglob-pathspecs",
        "--icase-pathspecs",
        "--no-optional-locks",
        "--no-advice",
        "--exec-path",
    ];
    const VALUED: &[&str] = &[
        "-c",
        "-C",
        "--git-dir",
        "--work-tree",
        "--namespace",
        "--config-env",
        "--attr-source",
        "--super-prefix",
    ];
    let mut i = 1;
    while i < args.len() {
        let w = args[i].as_str();
        if VALUED.contains(&w) {
            i += 2;
        } else if FLAGS.contains(&w)
            || (w.starts_with("--")
                && w.split_once('=').is_some_and(|(k, _)| {
                    VALUED.contains(&k) || k == "--exec-path" || k == "--list-cmds"
                }))
        {
            i += 1;
        } else if w.starts_with('-') {
            return None;
        } else {
            return Some(i);
        }
    }
    None
}

/// Whether `git commit`'s arguments (after `commit`) ask to amend: an
/// `--amend` option (or an unambiguous abbreviation) that is not the value
/// of another option (`-m --amend`), before `--`.
fn amends(args: &[String]) -> bool {
    commit_option(args, "--amend", 4, None)
}

/// Whether `git commit`'s arguments (after `commit`) hold option `long`
/// (or an abbreviation of at least `min` characters), or its one-letter
/// form `short` in a cluster (`-an`), and not as the value of another
/// option (`-m --amend`), before `--`.
fn commit_option(args: &[String], long: &str, min: usize, short: Option<char>) -> bool {
    // Options whose value may be the next argument.
    const VALUED: &[&str] = &[
        "-m",
        "-F",
        "-c",
        "-C",
        "-t",
        "--message",
        "--file",
        "--reuse-message",
        "--reedit-message",
        "--template",
        "--author",
        "--date",
        "--cleanup",
        "--fixup",
        "--squash",
        "--trailer",
        "--pathspec-from-file",
    ];
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            return false;
        }
        if a.len() >= min && long.starts_with(a) {
            return true;
        }
        let cluster = a.starts_with('-') && !a.starts_with("--") && a.len() > 1;
        let valued = if cluster {
            a[1..].find(['m', 'F', 'c', 'C', 't'])
        } else {
            None
        };
        // The letters before one that takes a value are flags.
        if cluster
            && let Some(c) = short
            && a[1..1 + valued.unwrap_or(a.len() - 1)].contains(c)
        {
            return true;
        }
        let short_with_value = valued.is_some_and(|j| j + 2 == a.len());
        if VALUED.contains(&a) || short_with_value {
            i += 1; // skip the value
        }
        i += 1;
    }
    false
}

fn cmdline(pid: u32) -> Option<Vec<String>> {
    if let Ok(raw) = std::fs::read(format!("/proc/{pid}/cmdline")) {
        return Some(
            raw.split(|b| *b == 0)
                .filter(|a| !a.is_empty())
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect(),
        );
    }
    if Path::new("/proc/self").exists() {
        return None;
    }
    // No /proc: ps gives the command line, joined with spaces.
    let out = Command::new("ps")
        .args(["-o", "args=", "-p", &pid.to_string()])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let args: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    (!args.is_empty()).then_some(args)
}

fn parent_of(pid: u32) -> Option<u32> {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        let out = Command::new("ps")
            .args(["-o", "ppid=", "-p", &pid.to_string()])
            .output()
            .ok()?;
        return String::from_utf8_lossy(&out.stdout).trim().parse().ok();
    };
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    stat.rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// What git and the user tell a hook through the environment. The
/// command line reads it and hands it over: the library reads no
/// environment variable.
#[derive(Clone, Debug, Default)]
pub struct HookEnv {
    /// `GIT_INDEX_FILE`: the index git is about to commit.
    pub index_file: Option<PathBuf>,
    /// `GIT_REFLOG_ACTION`: what git says it is doing (`merge A B`).
    pub reflog_action: String,
    /// `ORX_ROLE`: who makes the commit.
    pub role: Option<String>,
    /// `ORX_FORCE_REASON`: the Human's override.
    pub force_reason: Option<String>,
}

/// The sides a commit in progress is judged on: the base, the index, and
/// the other parents of a merge; and who makes it.
pub struct Staged {
    pub base: Side,
    pub index: Side,
    pub others: Vec<Side>,
    /// The base commit's id, where the rules in force are read from.
    pub base_commit: Option<String>,
    /// The acting role (see [`role`]) and the Human's override reason,
    /// read when first asked: a commit that changes no item or rule file
    /// does not start a git to read `orx.role`.
    role: std::cell::OnceCell<Option<String>>,
    force: std::cell::OnceCell<Option<String>>,
    env: HookEnv,
}

impl Staged {
    /// The acting role (see [`role`]).
    pub fn role(&self, repo: &Repo) -> Option<&str> {
        self.role.get_or_init(|| role(repo, &self.env)).as_deref()
    }

    /// The Human's override reason, when the Human acts.
    pub fn force(&self, repo: &Repo) -> Option<&str> {
        self.force
            .get_or_init(|| force_reason(&self.env, self.role(repo)))
            .as_deref()
    }
}

/// The other parents of the merge `git merge` is about to commit. git
/// writes `MERGE_HEAD` only after `pre-merge-commit` has run, so they are
/// read from what it tells the hook: `GIT_REFLOG_ACTION` (`merge A B`), or
/// for `git pull`, the heads it fetched for merging.
pub fn merging(repo: &Repo, env: &HookEnv) -> Vec<String> {
    let mut words = env.reflog_action.split_whitespace();
    match words.next() {
        Some("merge") => words.filter_map(|w| repo.commit_id(w)).collect(),
        Some("pull") => repo.fetch_heads_for_merge(),
        _ => Vec::new(),
    }
}

/// What is being committed: the index git names in `GIT_INDEX_FILE`,
/// against HEAD, or against HEAD's parent when amending; a merge in progress
/// adds `MERGE_HEAD` as another parent (`merge_hook`: the commit is the
/// one `pre-merge-commit` sees, see [`merging`]).
pub fn staged(repo: &Repo, env: &HookEnv, amend: bool, merge_hook: bool) -> Staged {
    let index = Side::Index(env.index_file.clone());
    let (base_commit, mut others) = if amend {
        match repo.commit("HEAD") {
            Ok(head) => {
                let mut parents = head.parents.into_iter();
                (parents.next(), parents.map(Side::Commit).collect())
            }
            Err(_) => (None, Vec::new()),
        }
    } else {
        (repo.commit_id("HEAD"), Vec::new())
    };
    let mut heads = repo.merge_heads();
    if heads.is_empty() && merge_hook {
        heads = merging(repo, env);
    }
    others.extend(heads.into_iter().map(Side::Commit));
    let base = base_commit.clone().map_or(Side::Empty, Side::Commit);
    Staged {
        base,
        index,
        others,
        base_commit,
        role: std::cell::OnceCell::new(),
        force: std::cell::OnceCell::new(),
        env: env.clone(),
    }
}

/// A commit must not take a file that a git-orx process is changing
/// right now (written, its commit not made yet): the reason, when this one
/// would. `own` is the pid of the git-orx whose commit this is, if any.
pub fn taken_mid_change(repo: &Repo, staged: &Staged, own: Option<&str>) -> Option<Message> {
    let (holder, rel) = crate::engine::store::changing(&repo.orx_dir())?;
    if own.is_some_and(|pid| holder == format!("pid {pid}")) {
        return None;
    }
    let staged_bytes = repo.file_at(&staged.index, &rel).ok()?;
    (staged_bytes != repo.file_at(&staged.base, &rel).ok()?)
        .then(|| crate::msg!("file-being-changed", path = &rel, holder = &holder))
}

/// The rules in force at `commit`, if git-orx was set up there.
pub fn rules_at(repo: &Repo, commit: Option<&str>) -> Result<Option<Rules>> {
    match commit {
        Some(c) => Rules::from_files(crate::repo::rules::files_at_commit(repo, c)?),
        None => Ok(None),
    }
}

/// The role of a hand-made commit: `ORX_ROLE`, else `git config orx.role`.
pub fn role(repo: &Repo, env: &HookEnv) -> Option<String> {
    env.role
        .clone()
        .filter(|r| !r.is_empty())
        .or_else(|| repo.config_value("orx.role").filter(|r| !r.is_empty()))
        .map(|r| crate::workflow::role::canonical(&r))
}

/// The Human's override for a hand-made commit (`ORX_FORCE_REASON`), when
/// the Human makes it.
pub fn force_reason(env: &HookEnv, role: Option<&str>) -> Option<String> {
    env.force_reason
        .clone()
        .filter(|r| !r.trim().is_empty())
        .filter(|_| role == Some(crate::workflow::role::HUMAN))
}

/// Judges what is staged. `Ok(None)` when git-orx is not set up at the
/// base. The first commit is judged by the rules it sets up (every item in
/// it is new), as `verify` judges a root commit.
pub fn check_staged(repo: &Repo, staged: &Staged) -> Result<Option<Verdicts>> {
    let rules = match staged.base_commit.as_deref() {
        Some(_) => rules_at(repo, staged.base_commit.as_deref())?,
        None => Rules::from_files(crate::repo::rules::files_on(repo, &staged.index)?)?,
    };
    let Some(rules) = rules else {
        return Ok(None);
    };
    let now = crate::repo::workspace::now();
    let mut judge = Judge {
        repo,
        rules: &rules,
        role: None,
        force: None,
        now: &now,
        commit: None,
        base: staged.base_commit.as_deref(),
    };
    let dirs = judge.dirs();
    let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
    let changes = match kept_changes(repo, staged, &dirs) {
        Some(changes) => changes,
        None => repo.changes(&staged.base, &staged.index, &dirs)?,
    };
    let rules_staged = changes.iter().any(|c| {
        [&c.old_path, &c.new_path]
            .into_iter()
            .flatten()
            .any(|p| p == ".orx" || p.starts_with(".orx/"))
    });
    remember_watched(
        repo,
        staged.base_commit.as_deref(),
        &dirs,
        !rules_staged && staged.others.is_empty(),
    );
    // No item or rule file staged (and not a merge): nothing to judge, and
    // no role to read.
    if changes.is_empty() && staged.others.is_empty() {
        return Ok(Some(Verdicts {
            lang: rules.lang().to_owned(),
            roles: rules.roles.clone(),
            ..Verdicts::default()
        }));
    }
    judge.role = staged.role(repo);
    judge.force = staged.force(repo);
    let mut verdicts = judge.judge_changes(&staged.index, &staged.others, changes)?;
    verdicts.lang = rules.lang().to_owned();
    verdicts.roles = rules.roles.clone();
    Ok(Some(verdicts))
}

/// A move of `HEAD` or a branch to a commit, from the reference-transaction
/// hook's input (`<old> <new> <ref>` lines): the old commit when there was
/// one, and the new. Deletions, symbolic-ref changes and other refs
/// (remote-tracking branches, tags, checkpoints) are not commits made here.
pub fn moved_to(input: &str) -> Vec<(Option<String>, String)> {
    let oid = |w: &str| {
        w.len() >= 40 && w.bytes().all(|b| b.is_ascii_hexdigit()) && w.bytes().any(|b| b != b'0')
    };
    let mut out: Vec<(Option<String>, String)> = Vec::new();
    for line in input.lines() {
        let mut words = line.split(' ');
        let (Some(old), Some(new), Some(name)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        if !oid(new) || !(name == "HEAD" || name.starts_with("refs/heads/")) {
            continue;
        }
        let old = oid(old).then(|| old.to_owned());
        match out.iter_mut().find(|(_, n)| n == new) {
            Some(seen) => {
                if seen.0.is_none() {
                    seen.0 = old;
                }
            }
            None => out.push((old, new.to_owned())),
        }
    }
    out
}

/// Judges the commits a ref update brings in — those no ref reaches yet:
/// one for a commit, cherry-pick or revert, each in turn as a rebase or
/// `am` moves HEAD — by the rules, as `verify` does (the role each claims
/// in its `Orx-Role` trailer; identities and signatures are left to
/// `verify`). Commits fetched from elsewhere are on a remote-tracking ref
/// already, so a fast-forward to them judges nothing.
pub fn check_ref_update(
    repo: &Repo,
    moves: &[(Option<String>, String)],
) -> Result<crate::history::verify::Report> {
    let mut ids: Vec<String> = Vec::new();
    for (old, new) in moves {
        // The usual case, one commit on top of the old one, without a
        // history walk.
        let one = match (old, repo.commit(new)) {
            (Some(old), Ok(c)) => c.parents == [old.clone()] && !repo.is_ref_tip(new),
            _ => false,
        };
        let found = if one {
            vec![new.clone()]
        } else {
            repo.new_commits(&[new.as_str()])?
        };
        for id in found {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    if ids.is_empty() {
        return Ok(crate::history::verify::Report::default());
    }
    crate::history::verify::verify_commits(
        repo,
        &ids,
        crate::history::verify::Options {
            require_signed: false,
            hook: true,
        },
    )
}

/// Where pre-commit leaves the trailers for prepare-commit-msg.
const TRAILERS_FILE: &str = "orx-hook-trailers";

/// What identifies one commit in progress: the index's own checksum (its
/// last bytes), the base, and who acts.
fn commit_key(repo: &Repo, staged: &Staged, with_role: bool) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let path = match &staged.index {
        Side::Index(Some(p)) => p.clone(),
        _ => repo.git_dir().join("index"),
    };
    let mut f = std::fs::File::open(path).ok()?;
    f.seek(SeekFrom::End(-32)).ok()?;
    let mut tail = [0u8; 32];
    f.read_exact(&mut tail).ok()?;
    let hex: String = tail.iter().map(|b| format!("{b:02x}")).collect();
    // Both hooks of one git process make one commit, with one environment
    // and configuration: that process's key stands for the role, which
    // then need not be read again.
    if let Some(process) = this_git_process() {
        return Some(format!("{hex} {:?} {process}", staged.base_commit));
    }
    // No trailers are role-free: a commit that touches nothing gets none,
    // whoever makes it.
    Some(match with_role {
        true => format!(
            "{hex} {:?} {:?} {:?}",
            staged.base_commit,
            staged.role(repo),
            staged.force(repo)
        ),
        false => format!("{hex} {:?} -", staged.base_commit),
    })
}

/// pre-commit keeps the trailers it computed so that prepare-commit-msg,
/// for the same commit, need not judge it again.
pub fn remember_trailers(repo: &Repo, staged: &Staged, trailers: &[(String, String)]) {
    if let Some(key) = commit_key(repo, staged, !trailers.is_empty()) {
        let value = serde_json::json!({"key": key, "trailers": trailers});
        let _ = std::fs::write(repo.git_dir().join(TRAILERS_FILE), value.to_string());
    }
    // And for the shim, which adds them itself to a one-line message.
    if let (Some(process), false) = (this_git_process(), trailers.is_empty())
        && crate::git::plain_trailers(trailers)
    {
        let lines: String = trailers
            .iter()
            .map(|(k, v)| format!("{k}: {v}\n"))
            .collect();
        let _ = std::fs::write(
            repo.git_dir().join(SHELL_TRAILERS_FILE),
            format!("{process}\n{lines}"),
        );
    }
}

/// The trailers pre-commit kept for this very commit, if it did.
pub fn recall_trailers(repo: &Repo, staged: &Staged) -> Option<Vec<(String, String)>> {
    let path = repo.git_dir().join(TRAILERS_FILE);
    let text = std::fs::read_to_string(&path).ok()?;
    let _ = std::fs::remove_file(&path);
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    let trailers: Vec<(String, String)> = serde_json::from_value(v["trailers"].clone()).ok()?;
    if v["key"].as_str()? != commit_key(repo, staged, !trailers.is_empty())? {
        return None;
    }
    Some(trailers)
}

/// The `Orx-*` trailers for what a hand-made commit changes: each item
/// and its transition, and who acts — whenever items or rules change, even
/// in a commit the rules refuse (made with `--no-verify`), so that `verify`
/// judges it as the role that made it.
pub fn trailers(
    verdicts: &Verdicts,
    role: Option<&str>,
    force: Option<&str>,
) -> Vec<(String, String)> {
    let mut t = Vec::new();
    for j in &verdicts.changes {
        t.push(("Orx-Item".to_owned(), format!("{}/{}", j.kind, j.id)));
        t.push(("Orx-Transition".to_owned(), j.transition()));
    }
    if verdicts.touched == 0 {
        return t;
    }
    if let Some(r) = role {
        t.push(("Orx-Role".to_owned(), r.to_owned()));
    }
    for j in &verdicts.changes {
        t.extend(j.trailers.iter().cloned());
    }
    if let Some(f) = force {
        t.push((
            "Orx-Override".to_owned(),
            f.split_whitespace().collect::<Vec<_>>().join(" "),
        ));
    }
    t
}

/// Puts `trailers` at the end of the message in `file`. A message that
/// already names the same items and transitions (one `git orx` wrote) is
/// left alone; other `Orx-*` trailers (an amended commit's) are replaced.
/// Everything else, comments included, stays where it was.
/// Adds `lines` as a paragraph after the subject of the message in
/// `file` (before git's comment lines and the trailers to come), once.
pub fn add_paragraph(file: &Path, lines: &[String]) -> Result<()> {
    let text = std::fs::read_to_string(file).map_err(|e| io(file, e))?;
    if lines.iter().all(|l| text.lines().any(|x| x == l)) {
        return Ok(());
    }
    let (subject, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let rest = rest.trim_start_matches('\n');
    let out = format!("{subject}\n\n{}\n\n{rest}", lines.join("\n"));
    std::fs::write(file, out).map_err(|e| io(file, e))
}

pub fn add_trailers(file: &Path, trailers: &[(String, String)]) -> Result<()> {
    let text = std::fs::read_to_string(file).map_err(|e| io(file, e))?;
    let pairs = |lines: Vec<(&str, &str)>| -> Vec<(String, String)> {
        lines
            .into_iter()
            .filter(|(k, _)| *k == "Orx-Item" || *k == "Orx-Transition")
            .map(|(k, v)| (k.to_owned(), v.trim().to_owned()))
            .collect()
    };
    let existing = pairs(text.lines().filter_map(|l| l.split_once(':')).collect());
    let wanted = pairs(
        trailers
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect(),
    );
    let wants_role = trailers.iter().any(|(k, _)| k == "Orx-Role");
    let others_there = trailers
        .iter()
        .filter(|(k, _)| !["Orx-Item", "Orx-Transition", "Orx-Role"].contains(&k.as_str()))
        .all(|(k, v)| text.lines().any(|l| l == format!("{k}: {v}")));
    if existing == wanted
        && others_there
        && (!wants_role || text.lines().any(|l| l.starts_with("Orx-Role:")))
    {
        return Ok(());
    }
    std::fs::write(file, with_trailers(&text, trailers)?).map_err(|e| io(file, e))
}

/// `text` (a commit message being prepared) without its `Orx-*` trailers
/// and with `trailers` added where git adds trailers
/// (`git interpret-trailers`): to the message's trailer block, or as a new
/// paragraph, above git's comment lines and any `--verbose` scissors line.
pub fn with_trailers(text: &str, trailers: &[(String, String)]) -> Result<String> {
    let ours = ["Orx-Item:", "Orx-Transition:", "Orx-Role:", "Orx-Override:"];
    let (message, scissors) =
        match text.find("\n# ------------------------ >8 ------------------------") {
            Some(i) => (&text[..i + 1], &text[i + 1..]),
            None => (text, ""),
        };
    let mut kept: String = message
        .lines()
        .filter(|l| !ours.iter().any(|p| l.starts_with(p)))
        .map(|l| format!("{l}\n"))
        .collect();
    kept.push_str(scissors);
    Ok(crate::git::add_trailers(&kept, trailers)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    /// The pre-commit shim runs git-orx's own `git diff-index`, so that
    /// git-orx may take its output.
    #[test]
    fn the_shims_diff_is_git_orxs_own() {
        let diff = format!(
            "git {} \"$head\" -- \"$@\" > \"$g/{KEPT_DIFF_FILE}\"",
            crate::git::INDEX_DIFF.join(" ")
        );
        assert!(shim("pre-commit").contains(&diff));
    }

    /// What the shim kept is taken only for the git process it ran for,
    /// the commit and directories git-orx judges against, and an index git
    /// holds locked or that has not changed since the stamp (strictly).
    #[test]
    fn a_kept_diff_holds_only_for_its_commit_and_an_unchanged_index() {
        let key = "123 456";
        let base = "a".repeat(40);
        let dirs = ["docs/stories", ".orx"];
        let header = format!("{key}\n{base}\n:(literal)docs/stories\n:(literal).orx\n");
        fn kept<'a>(header: &'a str, stamp: &'a str) -> Kept<'a> {
            Kept {
                header,
                stamp,
                stamped: (100, 500),
            }
        }
        let ok = kept(&header, key);
        let before = (100, 499);
        assert!(ok.holds(key, &base, &dirs, false, before));
        assert!(ok.holds(key, &base, &dirs, false, (99, 999_999_999)));
        // Changed in the stamp's tick or after it: asked again.
        assert!(!ok.holds(key, &base, &dirs, false, (100, 500)));
        assert!(!ok.holds(key, &base, &dirs, false, (100, 501)));
        assert!(!ok.holds(key, &base, &dirs, false, (101, 0)));
        // git's own locked index: no other process writes it.
        assert!(ok.holds(key, &base, &dirs, true, (101, 0)));
        // Another git process, another commit, other directories.
        assert!(!ok.holds("123 457", &base, &dirs, false, before));
        assert!(!ok.holds(key, &"b".repeat(40), &dirs, false, before));
        assert!(!ok.holds(key, &base, &["docs/stories"], false, before));
        assert!(!ok.holds(key, &base, &[".orx", "docs/stories"], false, before));
        // Another shim's stamp written meanwhile.
        assert!(!kept(&header, "123 457").holds(key, &base, &dirs, false, before));
        // A directory git-orx's own diff would read as a pattern.
        let glob = format!("{key}\n{base}\n:(literal)docs/st*\n");
        assert!(!kept(&glob, key).holds(key, &base, &["docs/st*"], false, before));
        // A header cut short.
        assert!(!kept(&header[..header.len() - 1], key).holds(key, &base, &dirs, false, before));
    }

    #[test]
    fn only_gits_own_lock_files_are_locked_indexes() {
        for (path, locked) in [
            (".git/index.lock", true),
            ("/r/.git/next-index-4242.lock", true),
            (".git/index", false),
            ("/tmp/my.lock", false),
            (".git/next-index-1", false),
        ] {
            assert_eq!(gits_own_lock(Path::new(path)), locked, "{path}");
        }
    }

    #[test]
    fn amend_is_an_option_not_a_value() {
        let args = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        for yes in [
            "--amend",
            "-a --amend",
            "--amen",
            "-m msg --amend",
            "--no-edit --am",
        ] {
            assert!(amends(&args(yes)), "{yes}");
        }
        for no in [
            "",
            "-m --amend",
            "-am --amend",
            "--message --amend",
            "-F --amend",
            "-- --amend",
            "--a",
            "-C HEAD",
        ] {
            assert!(!amends(&args(no)), "{no}");
        }
    }

    #[test]
    fn gits_subcommand_is_found_after_its_own_options() {
        let args = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(subcommand(&args("git commit -m x")), Some(1));
        assert_eq!(
            subcommand(&args("git -C /r -c a=b --no-pager commit")),
            Some(6)
        );
        assert_eq!(subcommand(&args("git --bare")), None);
    }

    #[test]
    fn trailers_go_above_comments_and_scissors() {
        let tr = t(&[("Orx-Item", "story/1.1"), ("Orx-Role", "dev")]);
        let with = |text: &str| with_trailers(text, &tr).unwrap();
        assert_eq!(
            with("start\n"),
            "start\n\nOrx-Item: story/1.1\nOrx-Role: dev\n"
        );
        assert_eq!(
            with("start\n\n# Please enter the commit message\n#\n"),
            "start\n\nOrx-Item: story/1.1\nOrx-Role: dev\n\n# Please enter the commit message\n#\n"
        );
        let verbose = "start\n# comment\n# ------------------------ >8 ------------------------\ndiff --git a b\n";
        assert_eq!(
            with(verbose),
            "start\n\nOrx-Item: story/1.1\nOrx-Role: dev\n# comment\n# ------------------------ >8 ------------------------\ndiff --git a b\n"
        );
        // An existing trailer block is extended; old Orx-* lines are replaced.
        assert_eq!(
            with("fix\n\nSigned-off-by: A <a@x>\nOrx-Role: qa\n"),
            "fix\n\nSigned-off-by: A <a@x>\nOrx-Item: story/1.1\nOrx-Role: dev\n"
        );
        // An empty message keeps its first line free for the subject.
        assert_eq!(
            with("\n# c\n"),
            "\nOrx-Item: story/1.1\nOrx-Role: dev\n# c\n"
        );
        // A paragraph that only looks like trailers is not a trailer block.
        assert_eq!(
            with("subject\n\nbody line\nSee: http://x\n"),
            "subject\n\nbody line\nSee: http://x\n\nOrx-Item: story/1.1\nOrx-Role: dev\n"
        );
    }
}
