//! Guard and effect expressions, evaluated by CEL (the `cel` crate).
//!
//! An expression sees the item's frontmatter keys as variables (`status`,
//! `quality.score`, ...) over the workflow's `defaults`, plus `params` (the
//! workflow's thresholds), `before` (the item before the change, or null),
//! `role` (the acting role) and `now` (RFC 3339 time of the change).
//! Message templates put expressions in braces: `review-story {id}`.
//! What an expression may cost is bounded (see [`super::cost`]): its size
//! when it is compiled, its work when it runs.

use std::sync::{Arc, OnceLock};

use cel::common::ast::Expr as Ast;
use cel::common::value::{CowVal, Val};
use cel::objects::{Key, Map};
use cel::{Context, IdedExpr, Program};
use serde_json::Value;

use super::cost::{self, Limit, Meter};
use crate::text::message::Message;

/// Names an expression sees besides the frontmatter's own keys.
pub const RESERVED: &[&str] = &["params", "before", "role", "now", "item"];

/// An expression with the dotted paths it reads, for explanations. It is
/// compiled when made ([`Expr::compile`]) or on first use
/// ([`Expr::deferred`], for the built-in workflows, whose expressions a test
/// compiles: `status` should not pay for compiling guards it never runs).
#[derive(Debug)]
pub struct Expr {
    pub source: String,
    /// Where it is written (`.orx/workflows/bug.yaml, line 12`), for the
    /// errors it gives when it runs: worded only then, so that loading a
    /// workflow (a hook's path) does not read the messages' texts.
    at: Option<Message>,
    compiled: OnceLock<Result<Compiled, CompileError>>,
}

#[derive(Debug)]
struct Compiled {
    /// The copy that pays for its work as it runs.
    metered: IdedExpr,
    /// The names it may ask the variables for.
    names: Vec<String>,
    paths: Vec<String>,
}

/// Why an expression cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// It is not CEL.
    Syntax(String),
    /// It is beyond one of the bounds on an expression's size.
    Limit { limit: Limit, found: usize },
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Syntax(m) => f.write_str(m),
            CompileError::Limit { limit, found } => write!(f, "{}", limit.explain(*found)),
        }
    }
}

impl CompileError {
    /// The error about expression `source`.
    pub fn about(&self, source: &str) -> Message {
        match self {
            // The CEL parser's own words.
            CompileError::Syntax(m) => crate::msg!("expr-not-valid", source, error = m),
            CompileError::Limit { limit, found } => {
                crate::msg!("expr-refused", source, why = limit.explain(*found))
            }
        }
    }
}

fn compile(source: &str) -> Result<Compiled, CompileError> {
    if source.len() > cost::MAX_SOURCE {
        return Err(CompileError::Limit {
            limit: Limit::Source,
            found: source.len(),
        });
    }
    let program = Program::compile(source)
        .map_err(|e| CompileError::Syntax(e.to_string().trim().to_owned()))?;
    if let Some((limit, found)) = cost::size(program.expression()).beyond() {
        return Err(CompileError::Limit { limit, found });
    }
    let mut paths = Vec::new();
    collect_paths(program.expression(), &mut Vec::new(), &mut paths);
    let mut names = Vec::new();
    cost::names(program.expression(), &mut names);
    Ok(Compiled {
        metered: cost::meter(program.expression()),
        names,
        paths,
    })
}

impl Expr {
    pub fn compile(source: &str) -> Result<Expr, CompileError> {
        let compiled = OnceLock::new();
        let _ = compiled.set(Ok(compile(source)?));
        Ok(Expr {
            source: source.to_owned(),
            at: None,
            compiled,
        })
    }

    /// An expression compiled on first use.
    pub fn deferred(source: &str) -> Expr {
        Expr {
            source: source.to_owned(),
            at: None,
            compiled: OnceLock::new(),
        }
    }

    /// This expression, said to be written `at` (`.orx/workflows/bug.yaml,
    /// line 12`).
    pub fn located(self, at: String) -> Expr {
        self.located_at(Message::text(at))
    }

    /// [`Expr::located`], the place given as a message, worded (in
    /// English, as the error it goes into) only if the expression fails.
    pub fn located_at(mut self, at: Message) -> Expr {
        self.at = Some(at);
        self
    }

    fn compiled(&self) -> Result<&Compiled, Message> {
        self.compiled
            .get_or_init(|| compile(&self.source))
            .as_ref()
            .map_err(|e| e.about(&self.source))
    }

    /// Whether the expression may read the variable `name` (`now`, say);
    /// one that does not compile may read anything.
    pub fn reads(&self, name: &str) -> bool {
        self.compiled().map_or(true, |c| {
            c.names
                .iter()
                .any(|n| n == name || n.strip_prefix(name).is_some_and(|r| r.starts_with('.')))
        })
    }

    /// The dotted paths the expression reads, in order of appearance.
    pub fn paths(&self) -> &[String] {
        self.compiled()
            .map(|c| c.paths.as_slice())
            .unwrap_or_default()
    }

    /// The expression's value in `scope`, or why it has none (as a message:
    /// the expression evaluator's own words where they are its).
    pub fn eval(&self, scope: &Scope) -> Result<Value, Message> {
        self.eval_with(scope, cost::BUDGET)
    }

    /// Evaluates with `budget` units of work.
    fn eval_with(&self, scope: &Scope, budget: u64) -> Result<Value, Message> {
        let compiled = self.compiled()?;
        let meter = Arc::new(Meter::new(budget));
        let vars = Vars {
            scope,
            meter: meter.clone(),
            slots: compiled
                .names
                .iter()
                .map(|n| (n.as_str(), OnceLock::new()))
                .collect(),
        };
        let mut context = Context::with_env(stdlib());
        context.set_variable_resolver(&vars);
        let functions = context
            .add_function(cost::CHARGE, cost::charge_function(meter.clone()))
            .and_then(|()| context.add_function(cost::TICK, cost::tick_function(meter.clone())));
        if let Err(e) = functions {
            // The evaluator's own words.
            return Err(Message::text(e.to_string()));
        }
        let value = cel::Value::resolve(&compiled.metered, &context);
        if meter.spent() {
            let budget = thousands(budget);
            let source = self.source.as_str();
            return Err(match &self.at {
                Some(at) => crate::msg!("expr-stopped-at", source, at = at.clone(), budget),
                None => crate::msg!("expr-stopped", source, budget),
            });
        }
        // The evaluator's own words (a missing field, a type mismatch).
        let value = value.map_err(|e| Message::text(e.to_string()))?;
        from_cel(&value).ok_or_else(|| crate::msg!("expr-value-not-stored", source = &self.source))
    }

    /// [`Expr::eval`] for a condition: true or false, or why it is neither.
    pub fn eval_bool(&self, scope: &Scope) -> Result<bool, Message> {
        match self.eval(scope)? {
            Value::Bool(b) => Ok(b),
            other => Err(crate::msg!(
                "expr-not-true-or-false",
                source = &self.source,
                value = other.to_string()
            )),
        }
    }
}

/// `2000000` as `2,000,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Collects `a.b.c` names, skipping comprehension variables.
fn collect_paths(e: &IdedExpr, bound: &mut Vec<String>, out: &mut Vec<String>) {
    if let Some(path) = dotted(&e.expr)
        && !bound
            .iter()
            .any(|b| path == *b || path.starts_with(&format!("{b}.")))
    {
        if !out.contains(&path) {
            out.push(path);
        }
        return;
    }
    match &e.expr {
        Ast::Call(call) => {
            if let Some(t) = &call.target {
                collect_paths(t, bound, out);
            }
            for a in &call.args {
                collect_paths(a, bound, out);
            }
        }
        Ast::Select(s) => collect_paths(&s.operand, bound, out),
        Ast::List(l) => l.elements.iter().for_each(|x| collect_paths(x, bound, out)),
        Ast::Comprehension(c) => {
            collect_paths(&c.iter_range, bound, out);
            let n = bound.len();
            bound.push(c.iter_var.clone());
            bound.extend(c.iter_var2.clone());
            bound.push(c.accu_var.clone());
            for x in [&c.accu_init, &c.loop_cond, &c.loop_step, &c.result] {
                collect_paths(x, bound, out);
            }
            bound.truncate(n);
        }
        _ => {}
    }
}

fn dotted(e: &Ast) -> Option<String> {
    match e {
        Ast::Ident(name) => Some(name.clone()),
        Ast::Select(s) if !s.test => Some(format!("{}.{}", dotted(&s.operand.expr)?, s.field)),
        _ => None,
    }
}

/// CEL's standard environment, built once per process and shared.
fn stdlib() -> Arc<cel::Env> {
    static ENV: std::sync::OnceLock<Arc<cel::Env>> = std::sync::OnceLock::new();
    ENV.get_or_init(|| Arc::new(cel::Env::stdlib())).clone()
}

/// The variables an expression runs with. Values are converted for CEL only
/// when an expression reads them (through CEL's variable resolver), and the
/// workflow's defaults are laid under a key only then: `status` for ten
/// thousand stories must not build ten thousand full contexts.
pub struct Scope<'w> {
    item: Value,
    defaults: &'w Value,
    params: &'w Value,
    before: Value,
    role: String,
    now: String,
    /// Variables of the caller's own (a run's `action` and `argument`),
    /// read before the item's fields.
    extra: Vec<(String, Value)>,
}

impl<'w> Scope<'w> {
    /// This scope with variable `name` set to `value`.
    pub fn with(mut self, name: &str, value: Value) -> Scope<'w> {
        self.extra.retain(|(n, _)| n != name);
        self.extra.push((name.to_owned(), value));
        self
    }

    /// `item` and `before` are frontmatters as written; `defaults` are laid
    /// under them on reading.
    pub fn new(
        item: Value,
        defaults: &'w Value,
        params: &'w Value,
        before: Value,
        role: &str,
        now: &str,
    ) -> Scope<'w> {
        Scope {
            item,
            defaults,
            params,
            before,
            role: role.to_owned(),
            now: now.to_owned(),
            extra: Vec::new(),
        }
    }

    /// A top-level variable, defaults merged in.
    fn var(&self, name: &str) -> Option<Value> {
        if let Some((_, v)) = self.extra.iter().find(|(n, _)| n == name) {
            return Some(v.clone());
        }
        match name {
            "params" => Some(self.params.clone()),
            "role" => Some(Value::String(self.role.clone())),
            "now" => Some(Value::String(self.now.clone())),
            "item" => Some(merge(self.defaults, &self.item)),
            "before" if self.before.is_null() => Some(Value::Null),
            "before" => Some(merge(self.defaults, &self.before)),
            key => match (self.defaults.get(key), self.item.get(key)) {
                (Some(d), Some(v)) => Some(merge(d, v)),
                (None, Some(v)) => Some(v.clone()),
                (Some(d), None) => Some(d.clone()),
                (None, None) => None,
            },
        }
    }

    /// The value at a dotted path as an expression sees it, `None` if unset.
    pub fn lookup(&self, path: &str) -> Option<Value> {
        let mut parts = path.split('.');
        let root = self.var(parts.next()?)?;
        parts
            .try_fold(&root, |v, k| v.get(k))
            .filter(|v| !v.is_null())
            .cloned()
    }
}

/// A variable as CEL sees it, read on first use (`None`: unset).
type Slot = OnceLock<Option<Box<dyn Val>>>;

/// The variables of one evaluation: each read from the scope, paid for
/// and converted for CEL once, when the expression first asks for it.
struct Vars<'s, 'w> {
    scope: &'s Scope<'w>,
    meter: Arc<Meter>,
    slots: Vec<(&'s str, Slot)>,
}

impl Vars<'_, '_> {
    fn load(&self, name: &str) -> Option<Box<dyn Val>> {
        let value = self.scope.var(name)?;
        if !self.meter.pay(cost::json_weight(&value, self.meter.left())) {
            return None;
        }
        to_cel(&value).try_into().ok()
    }
}

impl cel::context::VariableResolver for Vars<'_, '_> {
    fn resolve<'b>(&'b self, variable: &str) -> Option<CowVal<'b, 'b>> {
        match self.slots.iter().find(|(n, _)| *n == variable) {
            Some((_, slot)) => slot
                .get_or_init(|| self.load(variable))
                .as_deref()
                .map(CowVal::Borrowed),
            None => self.load(variable).map(CowVal::Owned),
        }
    }
}

fn to_cel(v: &Value) -> cel::Value {
    match v {
        Value::Null => cel::Value::Null,
        Value::Bool(b) => (*b).into(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.into(),
            None => n.as_f64().unwrap_or(f64::NAN).into(),
        },
        Value::String(s) => s.clone().into(),
        Value::Array(items) => cel::Value::List(Arc::new(items.iter().map(to_cel).collect())),
        Value::Object(map) => {
            let map: std::collections::HashMap<Key, cel::Value> = map
                .iter()
                .map(|(k, v)| (Key::String(Arc::new(k.clone())), to_cel(v)))
                .collect();
            cel::Value::Map(Map { map: Arc::new(map) })
        }
    }
}

fn from_cel(v: &cel::Value) -> Option<Value> {
    Some(match v {
        cel::Value::Null => Value::Null,
        cel::Value::Bool(b) => Value::Bool(*b),
        cel::Value::Int(i) => Value::from(*i),
        cel::Value::UInt(u) => Value::from(*u),
        cel::Value::Float(f) => Value::Number(serde_json::Number::from_f64(*f)?),
        cel::Value::String(s) => Value::String(s.to_string()),
        cel::Value::List(items) => Value::Array(items.iter().map(from_cel).collect::<Option<_>>()?),
        cel::Value::Map(m) => Value::Object(
            m.map
                .iter()
                .map(|(k, v)| Some((key_string(k), from_cel(v)?)))
                .collect::<Option<_>>()?,
        ),
        _ => return None,
    })
}

fn key_string(k: &Key) -> String {
    match k {
        Key::String(s) => s.to_string(),
        Key::Int(i) => i.to_string(),
        Key::Uint(u) => u.to_string(),
        Key::Bool(b) => b.to_string(),
    }
}

/// Deep-merges `over` onto `base`: mappings merge key by key, anything else
/// in `over` replaces. Used to lay an item over its workflow's defaults.
pub fn merge(base: &Value, over: &Value) -> Value {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            let mut out = b.clone();
            for (k, v) in o {
                let merged = match b.get(k) {
                    Some(bv) if !v.is_null() => merge(bv, v),
                    Some(bv) => bv.clone(),
                    None => v.clone(),
                };
                out.insert(k.clone(), merged);
            }
            Value::Object(out)
        }
        (_, Value::Null) => base.clone(),
        _ => over.clone(),
    }
}

/// A message with `{expression}` holes; `{{` and `}}` are literal braces.
#[derive(Debug)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Debug)]
enum Part {
    Text(String),
    Hole(Expr),
}

impl Template {
    pub fn compile(source: &str) -> Result<Template, Message> {
        Template::parse(source, |s| Expr::compile(s).map_err(|e| e.about(s)))
    }

    /// A template whose holes are compiled on first use.
    pub fn deferred(source: &str) -> Result<Template, Message> {
        Template::parse(source, |s| Ok(Expr::deferred(s)))
    }

    fn parse(
        source: &str,
        expr: impl Fn(&str) -> Result<Expr, Message>,
    ) -> Result<Template, Message> {
        let mut parts = Vec::new();
        let mut text = String::new();
        let mut chars = source.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    text.push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    text.push('}');
                }
                '{' => {
                    let mut hole = String::new();
                    loop {
                        match chars.next() {
                            Some('}') => break,
                            Some(c) => hole.push(c),
                            None => return Err(crate::msg!("template-unclosed", source)),
                        }
                    }
                    parts.push(Part::Text(std::mem::take(&mut text)));
                    parts.push(Part::Hole(expr(&hole)?));
                }
                '}' => return Err(crate::msg!("template-stray-brace", source)),
                c => text.push(c),
            }
        }
        parts.push(Part::Text(text));
        Ok(Template { parts })
    }

    /// Whether a hole may read the variable `name`.
    pub fn reads(&self, name: &str) -> bool {
        self.parts.iter().any(|p| match p {
            Part::Hole(e) => e.reads(name),
            Part::Text(_) => false,
        })
    }

    /// The expressions in its holes.
    #[cfg(test)]
    pub(crate) fn holes(&self) -> Vec<String> {
        self.parts
            .iter()
            .filter_map(|p| match p {
                Part::Hole(e) => Some(e.source.clone()),
                Part::Text(_) => None,
            })
            .collect()
    }

    pub fn render(&self, scope: &Scope) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Hole(e) => match e.eval(scope) {
                    Ok(Value::String(s)) => out.push_str(&s),
                    Ok(v) => out.push_str(&v.to_string()),
                    Err(_) => out.push('?'),
                },
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What [`Expr::reads`] says decides whether a judgement may be kept:
    /// a variable read directly or through a field is read; a field of
    /// the item with the same name is not.
    #[test]
    fn an_expression_says_which_variables_it_reads() {
        for (source, reads) in [
            ("now >= '2030-01-01'", true),
            ("timestamp(now) > timestamp(item.due)", true),
            ("item.now == 1", false),
            ("[1].all(x, x > 0)", false),
            ("item.title != ''", false),
        ] {
            assert_eq!(
                Expr::compile(source).unwrap().reads("now"),
                reads,
                "{source}"
            );
        }
        assert!(Template::compile("at {now}").unwrap().reads("now"));
        assert!(!Template::compile("at {item.now}").unwrap().reads("now"));
    }
    use serde_json::json;

    static NONE: Value = Value::Null;

    fn scope(item: Value) -> Scope<'static> {
        static PARAMS: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
        let params = PARAMS.get_or_init(|| json!({"min": 8.0}));
        Scope::new(
            item,
            &NONE,
            params,
            Value::Null,
            "sm",
            "2026-01-01T00:00:00Z",
        )
    }

    #[test]
    fn guards_read_frontmatter_and_params() {
        let s = scope(json!({"quality": {"score": 8, "complexity": ["a"]}}));
        let e =
            Expr::compile("quality.score >= params.min && size(quality.complexity) <= 1").unwrap();
        assert!(e.eval_bool(&s).unwrap());
        assert_eq!(
            e.paths(),
            ["quality.score", "params.min", "quality.complexity"]
        );
    }

    #[test]
    fn comprehension_variables_are_not_paths() {
        let e = Expr::compile("revision.revised.all(l, l == 'minor')").unwrap();
        assert_eq!(e.paths(), ["revision.revised"]);
    }

    #[test]
    fn unset_values_are_errors_not_passes() {
        let s = scope(json!({"quality": {"score": null}}));
        let e = Expr::compile("quality.score >= 8.0").unwrap();
        assert!(e.eval_bool(&s).is_err());
        assert_eq!(s.lookup("quality.score"), None);
        assert_eq!(s.lookup("quality"), Some(json!({"score": null})));
        assert_eq!(s.lookup("quality"), Some(json!({"score": null})));
    }

    #[test]
    fn why_an_expression_has_no_value_is_said_in_each_language() {
        use crate::text::message::Lang;
        let s = scope(json!({"quality": {"score": 7}}));
        let e = Expr::compile("quality.score + 1").unwrap();
        let m = e.eval_bool(&s).unwrap_err();
        assert_eq!(
            m.to_string(),
            "`quality.score + 1` gives 8, not true or false"
        );
        assert_eq!(
            m.render(Lang::named("zh")),
            "`quality.score + 1` 给出 8,不是 true 或 false"
        );
        let effects = [crate::workflow::run::Effect {
            path: vec!["quality".to_owned(), "next".to_owned()],
            expr: Expr::compile("quality.score / 0").unwrap(),
        }];
        let m = crate::workflow::run::values(&effects, &s).unwrap_err();
        let zh = m.render(Lang::named("zh"));
        assert!(
            zh.starts_with("`quality.score / 0` (用于 `quality.next`): "),
            "{zh}"
        );
    }

    #[test]
    fn templates_fill_holes() {
        let t = Template::compile("review-story {id} ({{round {rounds.architect}}})").unwrap();
        let s = scope(json!({"id": "1.2", "rounds": {"architect": 2}}));
        assert_eq!(t.render(&s), "review-story 1.2 ({round 2})");
        assert!(Template::compile("x {id").is_err());
        assert!(Template::compile("x {1 +}").is_err());
    }

    #[test]
    fn merge_lays_items_over_defaults() {
        let d = json!({"rounds": {"qa": 0, "architect": 0}, "quality": {"score": null}});
        let i = json!({"rounds": {"qa": 2}, "quality": null, "id": "1"});
        assert_eq!(
            merge(&d, &i),
            json!({"rounds": {"qa": 2, "architect": 0}, "quality": {"score": null}, "id": "1"})
        );
    }
}

#[cfg(test)]
mod budget_tests {
    use super::*;
    use serde_json::json;
    use std::time::{Duration, Instant};

    static NONE: Value = Value::Null;

    fn eval(src: &str, item: Value) -> (Result<Value, String>, Duration) {
        let e = Expr::compile(src)
            .unwrap_or_else(|e| panic!("{}", e.about(src)))
            .located("a.yaml, line 7".to_owned());
        let scope = Scope::new(item, &NONE, &NONE, Value::Null, "sm", "now");
        let start = Instant::now();
        let out = e.eval(&scope).map_err(|m| m.to_string());
        (out, start.elapsed())
    }

    /// Expressions within the bounds on size that would do much work over
    /// a large item: each stops with the budget's error, in well under a
    /// second, whatever `||` makes of the failure.
    #[test]
    fn expressions_over_the_budget_stop_with_an_error_naming_their_line() {
        let big = "x".repeat(100_000);
        let item = json!({
            "l": (0..300).collect::<Vec<_>>(),
            "w": (0..3000).collect::<Vec<_>>(),
            "s": big,
            "n": (0..100).map(|i| json!({"a": i, "b": [i, i]})).collect::<Vec<_>>(),
        });
        let hostile = [
            // rounds
            "l.all(a, l.all(b, l.all(c, a + b + c >= 0)))",
            "l.exists(a, l.exists(b, l.exists(c, a + b + c < 0)))",
            "size(l.map(a, l.map(b, l.map(c, c)))) > 0",
            "size(l.filter(a, l.filter(b, l.filter(c, c >= 0).size() > 0).size() > 0)) >= 0",
            "l.exists_one(a, l.exists_one(b, l.exists_one(c, c < 0)))",
            "w.all(a, w.all(b, a != b + 100000))",
            "w.all(a, [0,1,2,3,4,5,6,7,8,9].all(b, w.all(d, true)))",
            // the error wins over `||`
            "l.all(a, l.all(b, l.all(c, a + b + c >= 0))) || true",
            "true && (w.exists(a, w.exists(b, a < 0)) || true)",
            // texts: copied, compared, searched
            "l.all(a, l.all(b, s + s != ''))",
            "w.all(a, s.contains(s + 'y') == false)",
            "w.all(a, size(s) > 0)",
            "w.all(a, s == s)",
            "l.all(a, l.all(b, s.startsWith(s) && s.endsWith(s)))",
            // lists copied and compared
            "w.all(a, w + w != [])",
            "l.all(a, l.all(b, n == n))",
            "w.all(a, a in w)",
            "size(w.map(a, w)) > 0",
            "l.all(a, l.all(b, [s, s, s] != []))",
            "l.all(a, l.all(b, {'k': s}.k != ''))",
        ];
        for src in hostile {
            let (out, took) = eval(src, item.clone());
            let err = out.expect_err(src);
            assert!(
                err.contains("was stopped") && err.contains("(a.yaml, line 7)"),
                "{src}: {err}"
            );
            // the budget is spent in a few tenths of a second in a
            // release build; this is a debug build on a busy machine
            assert!(took < Duration::from_secs(10), "{src}: {took:?}");
        }
    }

    /// The same shapes over a small item are well within the budget.
    #[test]
    fn ordinary_expressions_are_well_within_the_budget() {
        let item = json!({
            "l": (0..10).collect::<Vec<_>>(),
            "s": "abc",
            "tasks": (0..100).map(|i| json!({"title": format!("t{i}"), "status": "done"})).collect::<Vec<_>>(),
        });
        for (src, want) in [
            ("l.all(a, l.all(b, l.all(c, a + b + c >= 0)))", json!(true)),
            ("size(l.map(a, l.map(b, b))) == 10", json!(true)),
            ("l.filter(a, a % 2 == 0)", json!([0, 2, 4, 6, 8])),
            ("l.exists_one(a, a == 3)", json!(true)),
            ("s + s", json!("abcabc")),
            ("optional.of(1).hasValue()", json!(true)),
            ("{'a': [1, 2]}.a[1]", json!(2)),
            (
                "tasks.all(t, t.status != 'todo' || tasks.exists(b, b.title == t.title))",
                json!(true),
            ),
        ] {
            let (out, _) = eval(src, item.clone());
            assert_eq!(out.as_ref(), Ok(&want), "{src}");
        }
    }
}
