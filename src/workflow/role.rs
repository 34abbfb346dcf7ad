//! Roles: who may act. The five of the story and agent lifecycles are built in; a repository may
//! declare more in `.orx/config.yaml`.

/// `templates/roles.yaml`, compiled in and read once: the built-in roles
/// and how they are shown (`name: Shown` lines), and other names for them
/// (`name: =role` lines).
type Names = Vec<(String, String)>;

fn table() -> &'static (Names, Names) {
    static TABLE: std::sync::OnceLock<(Names, Names)> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let (mut roles, mut aliases) = (Vec::new(), Vec::new());
        for (n, d) in include_str!("../../templates/roles.yaml")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(':'))
        {
            let (n, d) = (n.trim().to_owned(), d.trim());
            match d.strip_prefix('=') {
                Some(role) => aliases.push((n, role.to_owned())),
                None => roles.push((n, d.to_owned())),
            }
        }
        (roles, aliases)
    })
}

/// The built-in roles and how they are shown.
pub fn builtin() -> &'static [(String, String)] {
    &table().0
}

/// Other names for built-in roles (`api` for `human`).
pub fn aliases() -> &'static [(String, String)] {
    &table().1
}

/// How the config spells the repository's own roles (`PM` for `pm`), for
/// [`display`]: recorded when the config's roles are read.
static SPELLINGS: std::sync::RwLock<Vec<(String, String)>> = std::sync::RwLock::new(Vec::new());

/// A role's name as the rules use it: roles are case-insensitive, and
/// their names are lowercase (`Architect` is `architect`).
pub fn canonical(role: &str) -> String {
    let name = role.to_lowercase();
    match aliases().iter().find(|(a, _)| *a == name) {
        Some((_, to)) => to.clone(),
        None => name,
    }
}

/// Where a role was given, for messages: the command line names the flag,
/// variable or setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoleSource {
    /// The acting role given on the command line.
    Flag,
    /// The acting role from the environment (`ORX_ROLE`).
    Env,
    /// The acting role from `git config orx.role`.
    GitConfig,
    /// The role a new agent acts as.
    ActsAs,
    /// A role whose work is asked for (not the acting one).
    Filter,
}

/// The role that may override any rule with `--force --reason`.
pub const HUMAN: &str = "human";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roles {
    names: Vec<String>,
}

impl Default for Roles {
    fn default() -> Self {
        Roles::with_extra(&[])
    }
}

impl Roles {
    /// The built-in roles plus `extra` (duplicates ignored), named in
    /// lowercase; a name spelt otherwise (`PM`) is kept for [`display`].
    pub fn with_extra(extra: &[String]) -> Roles {
        let mut names: Vec<String> = builtin().iter().map(|(n, _)| n.clone()).collect();
        let mut spelt = Vec::new();
        for e in extra {
            let name = canonical(e);
            if !names.contains(&name) {
                if *e != name {
                    spelt.push((name.clone(), e.clone()));
                }
                names.push(name);
            }
        }
        if !spelt.is_empty()
            && let Ok(mut table) = SPELLINGS.write()
        {
            for (name, shown) in spelt {
                table.retain(|(n, _)| *n != name);
                table.push((name, shown));
            }
        }
        Roles { names }
    }

    pub fn contains(&self, role: &str) -> bool {
        self.names.iter().any(|n| n == role)
    }

    pub fn names(&self) -> Vec<&str> {
        self.names.iter().map(String::as_str).collect()
    }
}

/// `sm` → `SM`, `architect` → `Architect`, `reviewer` → `Reviewer`; a
/// role the config spells otherwise as the config spells it (`PM`).
pub fn display(role: &str) -> String {
    if let Some((_, d)) = builtin().iter().find(|(n, _)| n == role) {
        return d.clone();
    }
    if let Ok(table) = SPELLINGS.read()
        && let Some((_, shown)) = table.iter().find(|(n, _)| n == role)
    {
        return shown.clone();
    }
    let mut chars = role.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A list of roles as a message: `SM or Human` (`SM 或 Human`), nobody
/// for none.
pub fn list(roles: &[String]) -> crate::text::message::Message {
    use crate::text::message::Message;
    let names: Vec<String> = roles.iter().map(|r| display(r)).collect();
    match names.split_last() {
        None => crate::msg!("role-nobody"),
        Some((last, [])) => Message::text(last.clone()),
        Some((last, rest)) => crate::text::message::either([
            Message::text(rest.join(", ")),
            Message::text(last.clone()),
        ]),
    }
}

/// A list of roles for messages: `SM or Human`.
pub fn display_list(roles: &[String]) -> String {
    let names: Vec<String> = roles.iter().map(|r| display(r)).collect();
    match names.len() {
        0 => "nobody".to_owned(),
        1 => names[0].clone(),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_roles_are_read_from_their_template() {
        let names: Vec<&str> = builtin().iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.len(), 8, "{names:?}");
        assert_eq!(canonical("API"), HUMAN);
        assert!(names.contains(&HUMAN));
        assert!(names.iter().all(|n| canonical(n) == *n));
        assert_eq!(display(HUMAN), "Human");
    }
}
