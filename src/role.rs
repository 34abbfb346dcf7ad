//! Roles: who may act. The five of the seeds are built in; a repository may
//! declare more in `.orx/config.yaml`.

/// The built-in roles and how they are shown.
pub const BUILTIN: &[(&str, &str)] = &[
    ("sm", "SM"),
    ("architect", "Architect"),
    ("dev", "Dev"),
    ("qa", "QA"),
    ("human", "Human"),
];

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
    /// The built-in roles plus `extra` (duplicates ignored).
    pub fn with_extra(extra: &[String]) -> Roles {
        let mut names: Vec<String> = BUILTIN.iter().map(|(n, _)| (*n).to_owned()).collect();
        for e in extra {
            if !names.contains(e) {
                names.push(e.clone());
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

/// `sm` → `SM`, `architect` → `Architect`, `reviewer` → `Reviewer`.
pub fn display(role: &str) -> String {
    if let Some((_, d)) = BUILTIN.iter().find(|(n, _)| *n == role) {
        return (*d).to_owned();
    }
    let mut chars = role.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
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
