//! What one expression may cost: bounds on its size, checked when it is
//! compiled, and a budget of work, spent as it runs.
//!
//! The bounds on size keep a workflow's expressions small and shallow:
//! at most [`MAX_SOURCE`] bytes, [`MAX_PARTS`] parts, [`MAX_DEPTH`] levels
//! of nesting and [`MAX_LOOPS`] comprehensions (`all`, `exists`,
//! `exists_one`, `map`, `filter`) one inside another. They refuse the
//! obvious attack when the workflow is loaded, but a small expression can
//! still do much work over a large item, so the budget is the guarantee.
//!
//! The budget: CEL (the `cel` crate) has no step limit and no hook in its
//! loops, so git-orx runs a copy of the expression that pays as it goes
//! ([`meter`]). Every operand of an operator or function is passed through
//! `@charge`, which pays its size (one unit a value, and one for each 32
//! bytes of text) before the operator runs; every round of a comprehension
//! passes through `@tick`, which pays for the parts of the round; every
//! variable read from the item pays its size, once per evaluation. No
//! standard operator or function does more work than the sizes of its
//! operands, and none makes a value larger than they are together, so the
//! work of an evaluation is at most a constant times [`BUDGET`] plus the
//! parts of the expression. Once the budget is spent every payment fails,
//! so the evaluation stops within a round of each comprehension it is in,
//! and its outcome is an error whatever `||` or `&&` made of the failure.
//! Names that start with `@` cannot be written in an expression, so no
//! expression can call these functions itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use cel::common::ast::{
    CallExpr, ComprehensionExpr, EntryExpr, Expr as Ast, LiteralValue, operators,
};
use cel::common::types::{CelBytes, CelInt, CelList, CelMap, CelOptional, CelString};
use cel::common::value::{CowVal, Val};
use cel::{ExecutionError, FunctionContext, IdedExpr};
use serde_json::Value;

/// The longest expression, in bytes.
pub const MAX_SOURCE: usize = 1_000;
/// The most parts (names, literals, operators, calls) in an expression.
pub const MAX_PARTS: usize = 200;
/// The deepest an expression's parts may nest.
pub const MAX_DEPTH: usize = 32;
/// The most comprehensions one inside another.
pub const MAX_LOOPS: usize = 3;
/// The units of work one evaluation may spend (about a value, or 32 bytes
/// of text, handled once).
pub const BUDGET: u64 = 5_000_000;

/// A bound an expression is beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Its length in bytes.
    Source,
    /// Its parts.
    Parts,
    /// How deep its parts nest.
    Depth,
    /// How deep its comprehensions nest.
    Loops,
}

impl Limit {
    /// The most this bound allows.
    pub fn max(self) -> usize {
        match self {
            Limit::Source => MAX_SOURCE,
            Limit::Parts => MAX_PARTS,
            Limit::Depth => MAX_DEPTH,
            Limit::Loops => MAX_LOOPS,
        }
    }

    /// What was refused and why, with `found`, and what is allowed.
    pub fn explain(self, found: usize) -> crate::text::message::Message {
        let max = self.max();
        match self {
            Limit::Source => crate::msg!("expr-limit-source", found, max),
            Limit::Parts => crate::msg!("expr-limit-parts", found, max),
            Limit::Depth => crate::msg!("expr-limit-depth", found, max),
            Limit::Loops => crate::msg!("expr-limit-loops", found, max),
        }
    }
}

/// The size of an expression as written: its parts, how deep they nest
/// and how deep its comprehensions nest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Size {
    pub parts: usize,
    pub depth: usize,
    pub loops: usize,
}

impl Size {
    /// The first bound this size is beyond, with the size found.
    pub fn beyond(self) -> Option<(Limit, usize)> {
        [
            (Limit::Parts, self.parts),
            (Limit::Depth, self.depth),
            (Limit::Loops, self.loops),
        ]
        .into_iter()
        .find(|(l, n)| *n > l.max())
    }
}

/// The parts of a comprehension its macro was written with, besides its
/// range: the condition or value of each round (`all(x, p)`: `p`).
enum Body<'a> {
    /// `all`, `exists`: `@result && p`, `@result || p`.
    Fold(&'a IdedExpr),
    /// `map(x, f)`: `@result + [f]`.
    Append(&'a IdedExpr),
    /// `filter(x, p)`, `map(x, p, f)`, `exists_one(x, p)`:
    /// `p ? @result + [f] : @result`, `p ? @result + 1 : @result`.
    Guarded(&'a IdedExpr, Option<&'a IdedExpr>),
    /// Any other shape.
    Other,
}

fn is_ident(e: &IdedExpr, name: &str) -> bool {
    matches!(&e.expr, Ast::Ident(n) if n == name)
}

fn call<'a>(e: &'a IdedExpr, name: &str) -> Option<&'a CallExpr> {
    match &e.expr {
        Ast::Call(c) if c.func_name == name && c.target.is_none() => Some(c),
        _ => None,
    }
}

/// `@result + [f]`: `f`; `@result + 1`: `None` inside `Some`.
fn appended<'a>(e: &'a IdedExpr, accu: &str) -> Option<Option<&'a IdedExpr>> {
    let c = call(e, operators::ADD)?;
    match c.args.as_slice() {
        [a, b] if is_ident(a, accu) => match &b.expr {
            Ast::List(l) if l.elements.len() == 1 => Some(Some(&l.elements[0])),
            Ast::Literal(_) => Some(None),
            _ => None,
        },
        _ => None,
    }
}

fn body(c: &ComprehensionExpr) -> Body<'_> {
    let accu = c.accu_var.as_str();
    let step = &c.loop_step;
    for op in [operators::LOGICAL_AND, operators::LOGICAL_OR] {
        if let Some(call) = call(step, op)
            && let [a, p] = call.args.as_slice()
            && is_ident(a, accu)
        {
            return Body::Fold(p);
        }
    }
    if let Some(Some(f)) = appended(step, accu) {
        return Body::Append(f);
    }
    if let Some(call) = call(step, operators::CONDITIONAL)
        && let [p, then, otherwise] = call.args.as_slice()
        && is_ident(otherwise, accu)
        && let Some(f) = appended(then, accu)
    {
        return Body::Guarded(p, f);
    }
    Body::Other
}

/// The size of `e` as written (a comprehension counts as the call and
/// variable its macro was written with).
pub fn size(e: &IdedExpr) -> Size {
    let mut parts = 0;
    let (depth, loops) = walk(e, &mut parts);
    Size {
        parts,
        depth,
        loops,
    }
}

/// Counts `e`'s parts into `parts`; returns how deep its parts and its
/// comprehensions nest.
fn walk(e: &IdedExpr, parts: &mut usize) -> (usize, usize) {
    *parts += 1;
    let mut depth = 0;
    let mut loops = 0;
    let mut under = |x: &IdedExpr, parts: &mut usize| {
        let (d, l) = walk(x, parts);
        depth = depth.max(d);
        loops = loops.max(l);
    };
    match &e.expr {
        Ast::Call(c) => {
            if let Some(t) = &c.target {
                under(t, parts);
            }
            for a in &c.args {
                under(a, parts);
            }
        }
        Ast::Select(s) => under(&s.operand, parts),
        Ast::List(l) => l.elements.iter().for_each(|x| under(x, parts)),
        Ast::Map(m) => {
            for entry in &m.entries {
                if let EntryExpr::MapEntry(me) = &entry.expr {
                    under(&me.key, parts);
                    under(&me.value, parts);
                }
            }
        }
        Ast::Struct(s) => {
            for entry in &s.entries {
                if let EntryExpr::StructField(f) = &entry.expr {
                    under(&f.value, parts);
                }
            }
        }
        Ast::Comprehension(c) => {
            // the macro's name and its variable
            *parts += 1;
            under(&c.iter_range, parts);
            let mut inner = (0, 0);
            let mut round = |x: &IdedExpr, parts: &mut usize| {
                let (d, l) = walk(x, parts);
                inner = (inner.0.max(d), inner.1.max(l));
            };
            match body(c) {
                Body::Fold(p) | Body::Append(p) => round(p, parts),
                Body::Guarded(p, f) => {
                    round(p, parts);
                    if let Some(f) = f {
                        round(f, parts);
                    }
                }
                Body::Other => {
                    for x in [&c.accu_init, &c.loop_cond, &c.loop_step, &c.result] {
                        round(x, parts);
                    }
                }
            }
            depth = depth.max(inner.0);
            loops = loops.max(inner.1 + 1);
        }
        Ast::Ident(_) | Ast::Literal(_) | Ast::Unspecified => {}
    }
    (depth + 1, loops)
}

/// The function that pays for a value and gives it back.
pub const CHARGE: &str = "@charge";
/// The function that pays for a round of a comprehension (its first
/// argument, an int) and gives back its second argument.
pub const TICK: &str = "@tick";

/// A copy of `e` that pays for its work through [`CHARGE`] and [`TICK`].
pub fn meter(e: &IdedExpr) -> IdedExpr {
    charged(metered(e))
}

fn node(expr: Ast) -> IdedExpr {
    IdedExpr { id: 0, expr }
}

fn charged(e: IdedExpr) -> IdedExpr {
    match &e.expr {
        // constants of a fixed size cost nothing to pass on
        Ast::Literal(
            LiteralValue::Boolean(_)
            | LiteralValue::Int(_)
            | LiteralValue::UInt(_)
            | LiteralValue::Double(_)
            | LiteralValue::Null,
        ) => e,
        _ => node(Ast::Call(CallExpr {
            func_name: CHARGE.to_owned(),
            target: None,
            args: vec![e],
        })),
    }
}

fn ticked(parts: usize, e: IdedExpr) -> IdedExpr {
    let units = node(Ast::Literal(LiteralValue::Int(
        (i64::try_from(parts).unwrap_or(i64::MAX)).into(),
    )));
    node(Ast::Call(CallExpr {
        func_name: TICK.to_owned(),
        target: None,
        args: vec![units, e],
    }))
}

/// Operators that only pass booleans or one of their operands on.
const PASSING: &[&str] = &[
    operators::LOGICAL_AND,
    operators::LOGICAL_OR,
    operators::LOGICAL_NOT,
    operators::CONDITIONAL,
    operators::NOT_STRICTLY_FALSE,
];

fn metered(e: &IdedExpr) -> IdedExpr {
    let expr = match &e.expr {
        Ast::Call(c) if PASSING.contains(&c.func_name.as_str()) => Ast::Call(CallExpr {
            func_name: c.func_name.clone(),
            target: c.target.as_deref().map(|t| Box::new(metered(t))),
            args: c.args.iter().map(metered).collect(),
        }),
        Ast::Call(c) => {
            // `optional.of(x)` names a function, not a value
            let names_function = c.target.as_deref().is_some_and(|t| is_ident(t, "optional"));
            Ast::Call(CallExpr {
                func_name: c.func_name.clone(),
                target: c.target.as_deref().map(|t| {
                    Box::new(if names_function {
                        t.clone()
                    } else {
                        charged(metered(t))
                    })
                }),
                args: c.args.iter().map(|a| charged(metered(a))).collect(),
            })
        }
        Ast::Select(s) => {
            let mut s = s.clone();
            s.operand = Box::new(metered(&s.operand));
            Ast::Select(s)
        }
        Ast::List(l) => {
            let mut l = l.clone();
            l.elements = l.elements.iter().map(|x| charged(metered(x))).collect();
            Ast::List(l)
        }
        Ast::Map(m) => {
            let mut m = m.clone();
            for entry in &mut m.entries {
                if let EntryExpr::MapEntry(me) = &mut entry.expr {
                    me.key = charged(metered(&me.key));
                    me.value = charged(metered(&me.value));
                }
            }
            Ast::Map(m)
        }
        Ast::Struct(s) => {
            let mut s = s.clone();
            for entry in &mut s.entries {
                if let EntryExpr::StructField(f) = &mut entry.expr {
                    f.value = charged(metered(&f.value));
                }
            }
            Ast::Struct(s)
        }
        Ast::Comprehension(c) => Ast::Comprehension(Box::new(comprehension(c))),
        Ast::Ident(_) | Ast::Literal(_) | Ast::Unspecified => e.expr.clone(),
    };
    IdedExpr { id: e.id, expr }
}

/// A comprehension that pays for its range once and for each round, in
/// the shape CEL recognises (a `map` or `filter` builds its list in
/// place only while its loop condition is a literal).
fn comprehension(c: &ComprehensionExpr) -> ComprehensionExpr {
    let mut out = c.clone();
    out.iter_range = charged(metered(&c.iter_range));
    // what a round costs besides the comprehensions in it, which pay
    // for their own rounds: its parts, and one
    let round = |x: &IdedExpr| size(x).parts + 1;
    let args = |step: &mut IdedExpr| match &mut step.expr {
        Ast::Call(call) => Some(std::mem::take(&mut call.args)),
        _ => None,
    };
    let mut step = c.loop_step.clone();
    let Some(mut step_args) = args(&mut step) else {
        return out;
    };
    // sets `[f]`'s element
    let set_element = |list: &mut IdedExpr, f: IdedExpr| {
        if let Ast::List(l) = &mut list.expr {
            l.elements = vec![f];
        }
    };
    match body(c) {
        Body::Fold(p) => {
            step_args[1] = metered(p);
            out.loop_cond = ticked(round(p), metered(&c.loop_cond));
        }
        Body::Append(f) => set_element(&mut step_args[1], ticked(round(f), charged(metered(f)))),
        Body::Guarded(p, f) => {
            let parts = round(p) + f.map_or(0, |f| size(f).parts);
            step_args[0] = ticked(parts, metered(p));
            if let Some(f) = f
                && let Ast::Call(add) = &mut step_args[1].expr
            {
                set_element(&mut add.args[1], charged(metered(f)));
            }
        }
        Body::Other => {
            let parts = size(&c.loop_step).parts + size(&c.loop_cond).parts;
            out.loop_step = metered(&c.loop_step);
            out.loop_cond = ticked(parts, metered(&c.loop_cond));
            out.result = metered(&c.result);
            return out;
        }
    }
    if let Ast::Call(call) = &mut step.expr {
        call.args = step_args;
    }
    out.loop_step = step;
    out
}

/// Every name `e` may ask the variables for: its identifiers, and the
/// dotted names they start (`a.b.c`: `a`, `a.b`, `a.b.c`).
pub fn names(e: &IdedExpr, out: &mut Vec<String>) {
    let mut add = |n: String| {
        if !n.starts_with('@') && !out.contains(&n) {
            out.push(n);
        }
    };
    let mut dotted = Vec::new();
    let mut x = e;
    loop {
        match &x.expr {
            Ast::Ident(n) => {
                dotted.push(n.as_str());
                dotted.reverse();
                for i in 1..=dotted.len() {
                    add(dotted[..i].join("."));
                }
                return;
            }
            Ast::Select(s) if !s.test => {
                dotted.push(s.field.as_str());
                x = &s.operand;
            }
            _ => break,
        }
    }
    match &e.expr {
        Ast::Call(c) => {
            if let Some(t) = &c.target {
                names(t, out);
            }
            c.args.iter().for_each(|a| names(a, out));
        }
        Ast::Select(s) => names(&s.operand, out),
        Ast::List(l) => l.elements.iter().for_each(|x| names(x, out)),
        Ast::Map(m) => {
            for entry in &m.entries {
                if let EntryExpr::MapEntry(me) = &entry.expr {
                    names(&me.key, out);
                    names(&me.value, out);
                }
            }
        }
        Ast::Struct(s) => {
            for entry in &s.entries {
                if let EntryExpr::StructField(f) = &entry.expr {
                    names(&f.value, out);
                }
            }
        }
        Ast::Comprehension(c) => {
            for x in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                names(x, out);
            }
        }
        Ast::Ident(_) | Ast::Literal(_) | Ast::Unspecified => {}
    }
}

/// What one evaluation has left to spend.
#[derive(Debug)]
pub struct Meter {
    left: AtomicU64,
    spent: AtomicBool,
}

impl Meter {
    pub fn new(budget: u64) -> Meter {
        Meter {
            left: AtomicU64::new(budget),
            spent: AtomicBool::new(false),
        }
    }

    /// What is left.
    pub fn left(&self) -> u64 {
        self.left.load(Ordering::Relaxed)
    }

    /// Pays `units`; false, now and from then on, when they are more than
    /// is left.
    pub fn pay(&self, units: u64) -> bool {
        let left = self.left();
        if self.spent() || units > left {
            self.spent.store(true, Ordering::Relaxed);
            self.left.store(0, Ordering::Relaxed);
            return false;
        }
        self.left.store(left - units, Ordering::Relaxed);
        true
    }

    /// Whether the budget ran out.
    pub fn spent(&self) -> bool {
        self.spent.load(Ordering::Relaxed)
    }

    fn error(&self) -> ExecutionError {
        ExecutionError::function_error(CHARGE, "the evaluation budget is spent")
    }
}

/// The units of text: one for each 32 bytes.
fn text(len: usize) -> u64 {
    (len / 32) as u64
}

/// The size of `v` in units, counted up to a little past `cap`.
pub fn weight(v: &dyn Val, cap: u64) -> u64 {
    let mut total = 0u64;
    let mut stack: Vec<&dyn Val> = vec![v];
    while let Some(v) = stack.pop() {
        total += 1;
        if total > cap {
            break;
        }
        if let Some(s) = v.downcast_ref::<CelString>() {
            total += text(s.inner().len());
        } else if let Some(b) = v.downcast_ref::<CelBytes>() {
            total += text(b.inner().len());
        } else if let Some(l) = v.downcast_ref::<CelList>() {
            stack.extend(l.inner().iter().map(|x| &**x));
        } else if let Some(m) = v.downcast_ref::<CelMap>() {
            for (k, x) in m.inner() {
                total += 1 + text(
                    k.inner()
                        .downcast_ref::<CelString>()
                        .map_or(0, |s| s.inner().len()),
                );
                stack.push(&**x);
            }
        } else if let Some(o) = v.downcast_ref::<CelOptional>()
            && let Some(x) = o.inner()
        {
            stack.push(x);
        }
    }
    total
}

/// The size of a value of the item in units, counted up to a little past
/// `cap`, the same as [`weight`] gives once it is converted.
pub fn json_weight(v: &Value, cap: u64) -> u64 {
    let mut total = 0u64;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        total += 1;
        if total > cap {
            break;
        }
        match v {
            Value::String(s) => total += text(s.len()),
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => {
                for (k, x) in map {
                    total += 1 + text(k.len());
                    stack.push(x);
                }
            }
            _ => {}
        }
    }
    total
}

type Function = Box<
    dyn for<'c, 'v> Fn(&mut FunctionContext<'c, 'v>) -> Result<CowVal<'c, 'v>, ExecutionError>
        + Send
        + Sync,
>;

/// `@charge(x)`: pays `x`'s size, gives `x` back.
pub fn charge_function(meter: Arc<Meter>) -> Function {
    Box::new(move |ftx| {
        let v = ftx
            .args
            .pop()
            .ok_or(ExecutionError::MissingArgumentOrTarget)?;
        let units = weight(v.as_ref(), meter.left());
        if meter.pay(units) {
            Ok(v)
        } else {
            Err(meter.error())
        }
    })
}

/// `@tick(n, x)`: pays `n`, gives `x` back.
pub fn tick_function(meter: Arc<Meter>) -> Function {
    Box::new(move |ftx| {
        let v = ftx
            .args
            .pop()
            .ok_or(ExecutionError::MissingArgumentOrTarget)?;
        let units = ftx
            .args
            .first()
            .and_then(|n| n.downcast_ref::<CelInt>())
            .map_or(1, |n| u64::try_from(*n.inner()).unwrap_or(1));
        if meter.pay(units) {
            Ok(v)
        } else {
            Err(meter.error())
        }
    })
}
