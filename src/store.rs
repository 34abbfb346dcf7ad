//! Safe writes of item files (DESIGN.md §6).
//!
//! Every write happens under the repository lock (`<git common dir>/orx/lock`,
//! std `File::try_lock`, so it also covers linked worktrees), checks that the
//! file still holds what the change was planned from, keeps the previous
//! version as a backup, and replaces the file by writing a temp file in the
//! same directory, fsyncing it, renaming it over the old one and fsyncing the
//! directory. A reader sees the old file or the new one, never a mix; a crash
//! leaves one of the two.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Backups kept per file.
pub const BACKUPS_KEPT: usize = 10;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("another git-orx process holds the repository lock{}; try again when it has finished", holder.as_ref().map(|h| format!(" ({h})")).unwrap_or_default())]
    Busy { holder: Option<String> },
    #[error(
        "{path} changed while git-orx was working on it; nothing was written, run the command again"
    )]
    Changed { path: String },
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

fn io(path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// The repository lock, held until dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

impl Lock {
    /// Takes the lock in `orx_dir` without waiting: a second process gets
    /// [`StoreError::Busy`] at once.
    pub fn acquire(orx_dir: &Path) -> Result<Lock, StoreError> {
        fs::create_dir_all(orx_dir).map_err(|e| io(orx_dir, e))?;
        let path = orx_dir.join("lock");
        let mut file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|e| io(&path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                return Err(StoreError::Busy {
                    holder: (!holder.is_empty()).then(|| holder.to_owned()),
                });
            }
            Err(TryLockError::Error(e)) => return Err(io(&path, e)),
        }
        let _ = file.set_len(0);
        let _ = writeln!(file, "pid {}", std::process::id());
        Ok(Lock { _file: file })
    }
}

impl Drop for Lock {
    /// Clears the holder's pid, so a later holder that is not git-orx is
    /// not mistaken for this process.
    fn drop(&mut self) {
        let _ = self._file.set_len(0);
    }
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

/// Puts back what `root/rel` held before a [`write`] (`None`: removes it).
pub fn restore(_lock: &Lock, root: &Path, rel: &str, old: Option<&[u8]>) -> Result<(), StoreError> {
    let path = root.join(rel);
    match old {
        Some(bytes) => replace(&path, bytes, true),
        None => match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
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
    fs::write(&path, old).map_err(|e| io(&path, e))?;
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
    tmp.write_all(bytes).map_err(|e| io(path, e))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_busy_and_the_first_is_released_on_drop() {
        let dir = tempfile::tempdir().unwrap();
        let first = Lock::acquire(dir.path()).unwrap();
        let e = Lock::acquire(dir.path()).unwrap_err();
        assert!(
            matches!(&e, StoreError::Busy { holder: Some(h) } if h.starts_with("pid ")),
            "{e}"
        );
        drop(first);
        Lock::acquire(dir.path()).unwrap();
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
        restore(&lock, root.path(), "a/b.md", Some(b"one")).unwrap();
        assert_eq!(fs::read(root.path().join("a/b.md")).unwrap(), b"one");
        restore(&lock, root.path(), "a/b.md", None).unwrap();
        assert!(!root.path().join("a/b.md").exists());
        let leftovers: Vec<_> = fs::read_dir(root.path().join("a")).unwrap().collect();
        assert!(leftovers.is_empty(), "temp files left: {leftovers:?}");
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
