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

/// The roles of a repository's rules: the built-in ones and the config's
/// own, with how the config spells those (`PM` for `pm`). The spellings
/// are data of these rules, not of the process: two repositories read in
/// one process (the MCP server, the board server, tests) each say their
/// own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roles {
    names: Vec<String>,
    /// (name, as the config spells it), for a name spelt otherwise.
    spelt: Vec<(String, String)>,
}

impl Default for Roles {
    fn default() -> Self {
        Roles::with_extra(&[])
    }
}

impl Roles {
    /// The built-in roles plus `extra` (duplicates ignored), named in
    /// lowercase; a name spelt otherwise (`PM`) is kept for
    /// [`Roles::display`].
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
        Roles { names, spelt }
    }

    /// How the config spells `role`, where it spells it otherwise than
    /// its name (`PM` for `pm`).
    pub fn spelt(&self, role: &str) -> Option<&str> {
        self.spelt
            .iter()
            .find(|(n, _)| n == role)
            .map(|(_, s)| s.as_str())
    }

    /// `sm` → `SM`, `architect` → `Architect`; a role the config spells
    /// otherwise as the config spells it (`PM`).
    pub fn display(&self, role: &str) -> String {
        match self.spelt(role) {
            Some(s) => s.to_owned(),
            None => shown(role),
        }
    }

    pub fn contains(&self, role: &str) -> bool {
        self.names.iter().any(|n| n == role)
    }

    pub fn names(&self) -> Vec<&str> {
        self.names.iter().map(String::as_str).collect()
    }
}

/// How a role is shown when no rules spell it otherwise: `sm` → `SM`,
/// `architect` → `Architect`, a team's `pm` → `Pm` (its rules'
/// [`Roles::display`] says `PM` where the config spells it so).
pub fn shown(role: &str) -> String {
    if let Some((_, d)) = builtin().iter().find(|(n, _)| n == role) {
        return d.clone();
    }
    let mut chars = role.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A role as a message argument: said as the rules of whoever renders it
/// spell it (`PM`), else as [`shown`] shows it.
pub fn arg(role: &str) -> crate::text::message::Message {
    crate::text::message::Message::roles([(role, shown(role))])
}

/// A list of roles as a message: `SM or Human` (`SM 或 Human`), nobody
/// for none; each role said as [`arg`] says it.
pub fn list(roles: &[String]) -> crate::text::message::Message {
    use crate::text::message::Message;
    let each = |rs: &[String]| Message::roles(rs.iter().map(|r| (r.clone(), shown(r))));
    match roles.split_last() {
        None => crate::msg!("role-nobody"),
        Some((_, [])) => each(roles),
        Some((last, rest)) => {
            crate::text::message::either([each(rest), each(std::slice::from_ref(last))])
        }
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
        assert_eq!(shown(HUMAN), "Human");
    }

    /// Two repositories' rules in one process spell the same role each as
    /// its own config does, in a refusal each renders: the spellings are
    /// data of the rules, not a table the last one read filled.
    #[test]
    fn two_rules_in_one_process_each_spell_their_own_role() {
        use crate::text::message::Lang;
        let upper = Roles::with_extra(&["PM".to_owned()]);
        let title = Roles::with_extra(&["Pm".to_owned()]);
        let plain = Roles::with_extra(&["pm".to_owned()]);
        assert!(upper.contains("pm") && title.contains("pm") && plain.contains("pm"));
        let refusal = crate::engine::validate::Refusal::ForceNotHuman {
            role: "pm".to_owned(),
        }
        .message();
        let listed = list(&["sm".to_owned(), "pm".to_owned()]);
        let say = |roles: &Roles, m: &crate::text::message::Message| {
            m.render_with(Lang::En, &|_| None, &|r| roles.spelt(r).map(str::to_owned))
        };
        assert!(
            say(&upper, &refusal).contains("PM"),
            "{}",
            say(&upper, &refusal)
        );
        assert!(
            say(&title, &refusal).contains("Pm"),
            "{}",
            say(&title, &refusal)
        );
        assert!(!say(&title, &refusal).contains("PM"));
        assert_eq!(say(&upper, &listed), "SM or PM");
        assert_eq!(say(&title, &listed), "SM or Pm");
        assert_eq!(upper.display("pm"), "PM");
        assert_eq!(plain.display("pm"), "Pm");
        // Read again, the first rules still say their own.
        assert_eq!(say(&upper, &listed), "SM or PM");
    }
}
