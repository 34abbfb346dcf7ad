//! Safe writes of item files.
//!
//! Every write happens under the repository lock (`<git common dir>/orx/lock`,
//! std `File::try_lock`, so it also covers linked worktrees; a second process
//! polls for it up to a bounded wait, as git waits for a ref lock). The lock
//! file names its holder and the file it is changing, so that the hooks of
//! another commit can leave that file alone. A write checks that the
//! file still holds what the change was planned from, keeps the previous
//! version as a backup, and replaces the file by writing a temp file in the
//! same directory, fsyncing it, renaming it over the old one and fsyncing the
//! directory. A reader sees the old file or the new one, never a mix; a crash
//! leaves one of the two.

use std::fmt;
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::text::seconds;

/// Backups kept per file.
pub const BACKUPS_KEPT: usize = 10;

/// How long a process waits for the repository lock unless told otherwise.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    Busy {
        holder: Option<String>,
        waited: Duration,
    },
    Changed {
        path: String,
    },
    /// Asked to stop (Ctrl-C) while waiting for the lock.
    Interrupted {
        holder: Option<String>,
    },
    Io {
        path: String,
        message: String,
    },
    /// `path`, a part of `rel`, is a symbolic link: nothing was written.
    Link {
        path: String,
        rel: String,
    },
}

impl StoreError {
    /// What went wrong, as a message (an OS error's words as they are).
    pub fn message(&self) -> crate::text::message::Message {
        use crate::msg;
        match self {
            StoreError::Busy {
                holder: Some(h),
                waited,
            } => msg!(
                "repository-lock-held-by",
                holder = h,
                waited = seconds(*waited)
            ),
            StoreError::Busy {
                holder: None,
                waited,
            } => msg!("repository-lock-held", waited = seconds(*waited)),
            StoreError::Changed { path } => msg!("path-changed-while-working", path = path),
            StoreError::Interrupted { holder: None } => {
                msg!("interrupted-while-waiting-repository-lock")
            }
            StoreError::Interrupted { holder: Some(h) } => {
                msg!("interrupted-while-waiting-repository-lock-2", holder = h)
            }
            StoreError::Io { path, message } => msg!("path-text", path = path, text = message),
            StoreError::Link { path, rel } => {
                msg!("path-is-a-symbolic-link", path = path, rel = rel)
            }
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message())
    }
}

impl std::error::Error for StoreError {}

fn io(path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// The repository lock, held until dropped.
#[derive(Debug)]
pub struct Lock {
    file: File,
    /// Held with the lock: a signal stops no change half made.
    _protect: crate::git::stop::Protect,
    /// How long its holder waits for a lock: for this one, and for git's.
    wait: Duration,
}

impl Lock {
    /// Takes the lock in `orx_dir`, waiting up to [`LOCK_WAIT`].
    pub fn acquire(orx_dir: &Path) -> Result<Lock, StoreError> {
        Lock::acquire_within(orx_dir, LOCK_WAIT)
    }

    /// Takes the lock in `orx_dir`, polling for it with a growing pause
    /// while another process holds it; after `wait`, [`StoreError::Busy`].
    /// Temporary files a killed writer left in `orx_dir` are removed.
    pub fn acquire_within(orx_dir: &Path, wait: Duration) -> Result<Lock, StoreError> {
        fs::create_dir_all(orx_dir).map_err(|e| io(orx_dir, e))?;
        let path = orx_dir.join("lock");
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|e| io(&path, e))?;
        let protect = crate::git::stop::Protect::new();
        let deadline = Instant::now() + wait;
        let mut pause = Duration::from_millis(1);
        // Processes that start together should not poll in step.
        let jitter = u64::from(std::process::id() % 7);
        loop {
            match file.try_lock() {
                Ok(()) => break,
                Err(TryLockError::WouldBlock) => {
                    if crate::git::stop::stop_asked() {
                        let mut holder = String::new();
                        let _ = file.read_to_string(&mut holder);
                        let holder = holder.trim();
                        return Err(StoreError::Interrupted {
                            holder: (!holder.is_empty()).then(|| holder.to_owned()),
                        });
                    }
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        let mut holder = String::new();
                        let _ = file.read_to_string(&mut holder);
                        let holder = holder.trim();
                        return Err(StoreError::Busy {
                            holder: (!holder.is_empty()).then(|| holder.to_owned()),
                            waited: wait,
                        });
                    }
                    std::thread::sleep(pause.min(left));
                    pause =
                        (pause * 2 + Duration::from_millis(jitter)).min(Duration::from_millis(50));
                }
                Err(TryLockError::Error(e)) => return Err(io(&path, e)),
            }
        }
        let lock = Lock {
            file,
            _protect: protect,
            wait,
        };
        lock.hold(None);
        clean_leftovers(&lock, orx_dir);
        Ok(lock)
    }

    /// Writes the holder line: this process, and the file it changes.
    fn hold(&self, changing: Option<&str>) {
        let mut f = &self.file;
        let _ = f.set_len(0);
        let _ = f.seek(SeekFrom::Start(0));
        let _ = match changing {
            Some(rel) => writeln!(f, "pid {}, changing {rel}", std::process::id()),
            None => writeln!(f, "pid {}", std::process::id()),
        };
    }

    /// How long the holder waited for this lock at most: what it waits
    /// for git's own locks too.
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// Names `rel` as the file this process is about to change, so that
    /// the hooks of another commit can see it ([`changing`]).
    pub fn changing(&self, rel: &str) {
        self.hold(Some(rel));
    }
}

impl Drop for Lock {
    /// Clears the holder's pid, so a later holder that is not git-orx is
    /// not mistaken for this process.
    fn drop(&mut self) {
        let _ = self.file.set_len(0);
    }
}

/// The file another live process is changing under the lock in `orx_dir`,
/// with its holder (`pid 12`), if one is. Costs one open and one `try_lock`.
pub fn changing(orx_dir: &Path) -> Option<(String, String)> {
    let mut file = File::open(orx_dir.join("lock")).ok()?;
    match file.try_lock() {
        Err(TryLockError::WouldBlock) => {}
        // Free (released when `file` closes) or unreadable: nobody to mind.
        _ => return None,
    }
    let mut text = String::new();
    file.read_to_string(&mut text).ok()?;
    let (holder, rel) = text.trim_end_matches('\n').split_once(", changing ")?;
    Some((holder.to_owned(), rel.to_owned()))
}

/// Whether `name` is one of the temporary files git-orx writes.
fn is_temp(name: &str) -> bool {
    name.starts_with(".orx-") && name.ends_with(".tmp")
}

/// The temporary files in `dir` that a killed git-orx left behind.
pub fn leftovers(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name();
            (is_temp(name.to_str()?) && e.file_type().ok()?.is_file()).then(|| e.path())
        })
        .collect();
    found.sort();
    found
}

/// Removes [`leftovers`] from `dir`. Only a holder of the lock may: no
/// other git-orx process is writing one now. A commit message file
/// (`.orx-msg-*`) is kept for a day: the `git commit` of a killed git-orx
/// may still be about to read it.
pub fn clean_leftovers(_lock: &Lock, dir: &Path) {
    let day = Duration::from_secs(24 * 3600);
    for path in leftovers(dir) {
        let message = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with(".orx-msg-"));
        let old = || {
            fs::symlink_metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > day)
        };
        if !message || old() {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Tests only: the steps to fail at and to pause at, as the command line
/// read them from `ORX_TEST_FAIL` and `ORX_TEST_PAUSE` ([`set_test_points`]).
static TEST_POINTS: std::sync::OnceLock<(Option<String>, Option<String>)> =
    std::sync::OnceLock::new();

/// Tests only: tells the store which steps to fail at (`fail`, see
/// [`test_fail`]) and to pause at (`pause`, see [`test_pause`]); the
/// command line reads them from `ORX_TEST_FAIL` and `ORX_TEST_PAUSE` once,
/// before any change. Never told, the store neither fails nor pauses.
pub fn set_test_points(fail: Option<String>, pause: Option<String>) {
    let _ = TEST_POINTS.set((fail, pause));
}

/// Tests only: a fail point `<point>` makes the step named `point` fail
/// (`<point>:enospc`: as on a full disk; several, comma-separated), so that
/// a test can see what a failure there leaves behind. None set, it costs
/// one lookup.
pub fn test_fail(point: &str) -> std::io::Result<()> {
    let Some(v) = TEST_POINTS.get().and_then(|(fail, _)| fail.as_deref()) else {
        return Ok(());
    };
    let Some(kind) = v.split(',').find_map(|f| match f.split_once(':') {
        Some((p, kind)) => (p == point).then_some(kind),
        None => (f == point).then_some(""),
    }) else {
        return Ok(());
    };
    Err(match kind {
        "enospc" => std::io::Error::new(
            std::io::ErrorKind::StorageFull,
            "No space left on device (injected)",
        ),
        _ => std::io::Error::other(format!("failure injected at {point}")),
    })
}

/// Where the backups of `rel` go.
fn backup_dir(orx_dir: &Path, rel: &str) -> PathBuf {
    orx_dir.join("backups").join(rel.replace(['/', '\\'], "%"))
}

/// Replaces `root/rel` with `bytes`. `expected` is what the file held when
/// the change was planned (`None`: it did not exist); if it holds anything
/// else now, nothing is written. Needs the lock.
pub fn write(
    _lock: &Lock,
    root: &Path,
    orx_dir: &Path,
    rel: &str,
    expected: Option<&[u8]>,
    bytes: &[u8],
) -> Result<(), StoreError> {
    refuse_links(root, rel)?;
    let path = root.join(rel);
    let current = match fs::read(&path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(&path, e)),
    };
    if current.as_deref() != expected {
        return Err(StoreError::Changed {
            path: rel.to_owned(),
        });
    }
    if let Some(old) = &current {
        backup(orx_dir, rel, old)?;
    }
    replace(&path, bytes, current.is_some())
}

/// Refuses `rel` when a part of it under `root` is a symbolic link: a
/// write would follow it, outside the repository or onto another file.
fn refuse_links(root: &Path, rel: &str) -> Result<(), StoreError> {
    let mut path = root.to_path_buf();
    for part in Path::new(rel).components() {
        path.push(part);
        match path.symlink_metadata() {
            Ok(m) if m.file_type().is_symlink() => {
                return Err(StoreError::Link {
                    path: path
                        .strip_prefix(root)
                        .unwrap_or(&path)
                        .display()
                        .to_string(),
                    rel: rel.to_owned(),
                });
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    Ok(())
}

/// Removes `root/rel`, which must hold `expected` (what it held when the
/// change was planned); if it holds anything else, or nothing, nothing is
/// removed. The removed version is kept as a backup. Needs the lock.
pub fn remove(
    _lock: &Lock,
    root: &Path,
    orx_dir: &Path,
    rel: &str,
    expected: &[u8],
) -> Result<(), StoreError> {
    refuse_links(root, rel)?;
    let path = root.join(rel);
    match fs::read(&path) {
        Ok(b) if b == expected => {}
        Ok(_) => {
            return Err(StoreError::Changed {
                path: rel.to_owned(),
            });
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(StoreError::Changed {
                path: rel.to_owned(),
            });
        }
        Err(e) => return Err(io(&path, e)),
    }
    backup(orx_dir, rel, expected)?;
    test_fail("remove")
        .and_then(|()| fs::remove_file(&path))
        .map_err(|e| io(&path, e))?;
    sync_dir(path.parent().unwrap_or(Path::new(".")))
}

/// Puts back what `root/rel` held before a [`write`] of `written` (or,
/// `written` `None`, before a [`remove`]): `old`, or no file (`old`
/// `None`) — if it still holds exactly what was written (no file, for a
/// removal). A file changed since is left as it is: `Ok(false)`.
pub fn restore(
    _lock: &Lock,
    root: &Path,
    rel: &str,
    old: Option<&[u8]>,
    written: Option<&[u8]>,
) -> Result<bool, StoreError> {
    let path = root.join(rel);
    let now = match fs::read(&path) {
        Ok(b) => Some(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(io(&path, e)),
    };
    if now.as_deref() != written {
        return Ok(false);
    }
    test_fail("restore").map_err(|e| io(&path, e))?;
    match old {
        Some(bytes) => replace(&path, bytes, written.is_some()).map(|()| true),
        None => match fs::remove_file(&path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
            Err(e) => Err(io(&path, e)),
        },
    }
}

fn backup(orx_dir: &Path, rel: &str, old: &[u8]) -> Result<(), StoreError> {
    let dir = backup_dir(orx_dir, rel);
    fs::create_dir_all(&dir).map_err(|e| io(&dir, e))?;
    let stamp = jiff::Timestamp::now()
        .strftime("%Y%m%dT%H%M%S%.6fZ")
        .to_string();
    static SEQ: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let seq = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("{stamp}-{}-{seq:04}.md", std::process::id()));
    test_fail("backup")
        .and_then(|()| fs::write(&path, old))
        .map_err(|e| io(&path, e))?;
    let mut kept: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| io(&dir, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    kept.sort();
    let excess = kept.len().saturating_sub(BACKUPS_KEPT);
    for old in &kept[..excess] {
        let _ = fs::remove_file(old);
    }
    Ok(())
}

/// The copies of `rel` the store kept before replacing it, oldest first.
pub fn copies(orx_dir: &Path, rel: &str) -> Vec<PathBuf> {
    let mut all: Vec<PathBuf> = fs::read_dir(backup_dir(orx_dir, rel))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    all.sort();
    all
}

/// The newest backup of `rel`, if any.
#[cfg(test)]
fn latest_backup(orx_dir: &Path, rel: &str) -> Option<Vec<u8>> {
    let dir = backup_dir(orx_dir, rel);
    let mut all: Vec<PathBuf> = fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    all.sort();
    fs::read(all.last()?).ok()
}

fn replace(path: &Path, bytes: &[u8], existed: bool) -> Result<(), StoreError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".orx-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| io(dir, e))?;
    test_fail("write")
        .and_then(|()| tmp.write_all(bytes))
        .map_err(|e| io(path, e))?;
    let perms = if existed {
        fs::metadata(path).map(|m| m.permissions()).ok()
    } else {
        default_permissions()
    };
    if let Some(perms) = perms {
        tmp.as_file()
            .set_permissions(perms)
            .map_err(|e| io(path, e))?;
    }
    tmp.as_file().sync_all().map_err(|e| io(path, e))?;
    test_fail("rename").map_err(|e| io(path, e))?;
    tmp.persist(path).map_err(|e| io(path, e.error))?;
    sync_dir(dir)
}

#[cfg(unix)]
fn default_permissions() -> Option<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(fs::Permissions::from_mode(0o644))
}

#[cfg(not(unix))]
fn default_permissions() -> Option<fs::Permissions> {
    None
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| io(dir, e))
}

#[cfg(not(unix))]
fn sync_dir(_: &Path) -> Result<(), StoreError> {
    Ok(())
}

/// Writes `path` whole or not at all (a temporary file in its directory,
/// synced, then renamed over it), making the directory if needed. For
/// files no lock guards, such as caches: concurrent writers each leave a
/// whole file.
pub fn write_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    replace(path, bytes, false).map_err(|e| std::io::Error::other(e.to_string()))
}

/// Tests only: a pause point `<point>:<ms>` sleeps at `point` (`planned`,
/// after reading the item; `in-lock`, holding the repository lock;
/// `written`, before the commit), so a test can make two processes meet
/// there; `<point>:<file>` writes `<file>.waiting`, then waits there until
/// `file` exists (a minute at
/// most). None set, it costs one lookup.
pub fn test_pause(point: &str) {
    let Some(v) = TEST_POINTS.get().and_then(|(_, pause)| pause.as_deref()) else {
        return;
    };
    let Some((_, until)) = v.split_once(':').filter(|(p, _)| *p == point) else {
        return;
    };
    if let Ok(ms) = until.parse::<u64>() {
        std::thread::sleep(std::time::Duration::from_millis(ms));
        return;
    }
    // The test learns that this process waits here.
    let _ = std::fs::write(format!("{until}.waiting"), "");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !std::path::Path::new(until).exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_busy_and_the_first_is_released_on_drop() {
        let dir = tempfile::tempdir().unwrap();
        let first = Lock::acquire(dir.path()).unwrap();
        let e = Lock::acquire_within(dir.path(), Duration::ZERO).unwrap_err();
        assert!(
            matches!(&e, StoreError::Busy { holder: Some(h), .. } if h.starts_with("pid ")),
            "{e}"
        );
        drop(first);
        Lock::acquire(dir.path()).unwrap();
    }

    #[test]
    fn the_lock_names_the_file_its_holder_changes() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(changing(dir.path()), None);
        let lock = Lock::acquire(dir.path()).unwrap();
        assert_eq!(changing(dir.path()), None);
        lock.changing("docs/stories/1.1.a.md");
        let pid = format!("pid {}", std::process::id());
        assert_eq!(
            changing(dir.path()),
            Some((pid, "docs/stories/1.1.a.md".to_owned()))
        );
        drop(lock);
        assert_eq!(changing(dir.path()), None);
    }

    #[test]
    fn leftovers_are_cleaned_but_a_young_message_file_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        for name in [".orx-a1.tmp", ".orx-msg-b2.tmp", "x.md", ".orx-c3.md"] {
            fs::write(dir.path().join(name), "").unwrap();
        }
        let lock = Lock::acquire(&dir.path().join("orx")).unwrap();
        clean_leftovers(&lock, dir.path());
        let mut names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, [".orx-c3.md", ".orx-msg-b2.tmp", "orx", "x.md"]);
    }

    #[test]
    fn writes_check_the_old_content_and_keep_a_backup() {
        let root = tempfile::tempdir().unwrap();
        let orx = root.path().join(".git/orx");
        let lock = Lock::acquire(&orx).unwrap();
        write(&lock, root.path(), &orx, "a/b.md", None, b"one").unwrap();
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"one");
        let e = write(&lock, root.path(), &orx, "a/b.md", Some(b"other"), b"two").unwrap_err();
        assert_eq!(
            e,
            StoreError::Changed {
                path: "a/b.md".into()
            }
        );
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"one");
        write(&lock, root.path(), &orx, "a/b.md", Some(b"one"), b"two").unwrap();
        assert_eq!(latest_backup(&orx, "a/b.md").unwrap(), b"one");
        // Only a file that still holds what was written is put back.
        assert!(!restore(&lock, root.path(), "a/b.md", Some(b"one"), Some(b"three")).unwrap());
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"two");
        assert!(restore(&lock, root.path(), "a/b.md", Some(b"one"), Some(b"two")).unwrap());
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"one");
        assert!(restore(&lock, root.path(), "a/b.md", None, Some(b"one")).unwrap());
        assert!(!root.path().join("a/b.md").exists());
        let leftovers: Vec<_> = fs::read_dir(root.path().join("a")).unwrap().collect();
        assert!(leftovers.is_empty(), "temp files left: {leftovers:?}");
    }

    #[test]
    fn a_removal_checks_the_old_content_keeps_a_backup_and_is_undone() {
        let root = tempfile::tempdir().unwrap();
        let orx = root.path().join(".git/orx");
        let lock = Lock::acquire(&orx).unwrap();
        write(&lock, root.path(), &orx, "a/b.md", None, b"one").unwrap();
        let e = remove(&lock, root.path(), &orx, "a/b.md", b"other").unwrap_err();
        assert_eq!(
            e,
            StoreError::Changed {
                path: "a/b.md".into()
            }
        );
        assert!(root.path().join("a/b.md").exists());
        remove(&lock, root.path(), &orx, "a/b.md", b"one").unwrap();
        assert!(!root.path().join("a/b.md").exists());
        assert_eq!(latest_backup(&orx, "a/b.md").unwrap(), b"one");
        let e = remove(&lock, root.path(), &orx, "a/b.md", b"one").unwrap_err();
        assert_eq!(
            e,
            StoreError::Changed {
                path: "a/b.md".into()
            }
        );
        // Undone only while the file is still gone.
        assert!(restore(&lock, root.path(), "a/b.md", Some(b"one"), None).unwrap());
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"one");
        assert!(!restore(&lock, root.path(), "a/b.md", Some(b"two"), None).unwrap());
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"one");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_survive_a_rewrite() {
        use std::os::unix::fs::PermissionsExt;
        let root = tempfile::tempdir().unwrap();
        let orx = root.path().join("orx");
        let lock = Lock::acquire(&orx).unwrap();
        write(&lock, root.path(), &orx, "x.md", None, b"1").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&root.path().join("x.md")), 0o644);
        fs::set_permissions(root.path().join("x.md"), fs::Permissions::from_mode(0o600)).unwrap();
        write(&lock, root.path(), &orx, "x.md", Some(b"1"), b"2").unwrap();
        assert_eq!(mode(&root.path().join("x.md")), 0o600);
    }

    #[test]
    fn backups_are_pruned() {
        let root = tempfile::tempdir().unwrap();
        let orx = root.path().join("orx");
        let lock = Lock::acquire(&orx).unwrap();
        let mut old: Option<Vec<u8>> = None;
        for i in 0..(BACKUPS_KEPT + 5) {
            let new = format!("v{i}").into_bytes();
            write(&lock, root.path(), &orx, "x.md", old.as_deref(), &new).unwrap();
            old = Some(new);
        }
        assert_eq!(
            fs::read_dir(backup_dir(&orx, "x.md")).unwrap().count(),
            BACKUPS_KEPT
        );
    }
}
