use proptest::prelude::*;
use serde_json::json;

use super::*;

fn shape() -> Shape {
    Shape::plain("story")
}

fn labels() -> Labels {
    Labels {
        ours: "HEAD".to_owned(),
        theirs: "feature".to_owned(),
    }
}

/// A body merge that takes ours when theirs did not change, theirs when
/// ours did not, and otherwise marks a conflict (git's own merge is what
/// the driver uses).
fn simple_body(b: &str, o: &str, t: &str) -> Result<(String, bool), String> {
    Ok(if b == o {
        (t.to_owned(), false)
    } else if b == t || o == t {
        (o.to_owned(), false)
    } else {
        (
            format!("<<<<<<< HEAD\n{o}=======\n{t}>>>>>>> feature\n"),
            true,
        )
    })
}

fn run(base: &str, ours: &str, theirs: &str, choice: &Choice) -> Merged {
    let doc = |t: &str| Document::parse(t.to_owned()).unwrap();
    merge(
        Some(&doc(base)),
        &doc(ours),
        &doc(theirs),
        &shape(),
        choice,
        &labels(),
        &mut simple_body,
    )
    .unwrap()
}

const BASE: &str = "---\nkind: story\nid: \"1.1\"\ntitle: Sign in\nstatus: Draft\ntags: [a, b]\nquality:\n  score: 6\n  structure: 80\n---\n# Sign in\n\nBody.\n";

#[test]
fn a_title_on_one_side_and_a_move_on_the_other_merge_cleanly_byte_for_byte() {
    let ours = BASE.replace("status: Draft", "status: Approved");
    let theirs = BASE.replace("title: Sign in", "title: Sign in with a passkey");
    let m = run(BASE, &ours, &theirs, &Choice::default());
    assert!(m.conflicts.is_empty(), "{m:?}");
    assert_eq!(
        m.text,
        BASE.replace("status: Draft", "status: Approved")
            .replace("title: Sign in", "title: Sign in with a passkey")
    );
}

#[test]
fn nested_fields_and_lists_merge_by_value() {
    let ours = BASE
        .replace("score: 6", "score: 8")
        .replace("tags: [a, b]", "tags: [a, b, c]");
    let theirs = BASE
        .replace("structure: 80", "structure: 100")
        .replace("tags: [a, b]", "tags: [b, d]");
    let m = run(BASE, &ours, &theirs, &Choice::default());
    assert!(m.conflicts.is_empty(), "{m:?}");
    let v = Document::parse(m.text.clone()).unwrap().to_value();
    assert_eq!(v["quality"], json!({"score": 8, "structure": 100}));
    assert_eq!(v["tags"], json!(["b", "c", "d"]));
}

#[test]
fn two_different_states_conflict_with_markers_and_a_choice_decides() {
    let ours = BASE.replace("status: Draft", "status: Approved");
    let theirs = BASE.replace("status: Draft", "status: Blocked");
    let m = run(BASE, &ours, &theirs, &Choice::default());
    assert_eq!(m.conflicts.len(), 1);
    assert!(m.conflicts[0].state);
    assert!(
        m.text.contains(
            "<<<<<<< HEAD\nstatus: Approved\n=======\nstatus: Blocked\n>>>>>>> feature\n"
        ),
        "{}",
        m.text
    );
    let chosen = Choice {
        state: Some("Blocked".to_owned()),
        ours: None,
        ..Choice::default()
    };
    let m = run(BASE, &ours, &theirs, &chosen);
    assert!(m.conflicts.is_empty());
    assert_eq!(m.text, theirs);
    // A state neither side has is no choice.
    let m = run(
        BASE,
        &ours,
        &theirs,
        &Choice {
            state: Some("Done".to_owned()),
            ours: None,
            ..Choice::default()
        },
    );
    assert_eq!(m.conflicts.len(), 1);
}

#[test]
fn bodies_merge_by_text_and_a_conflict_there_is_told() {
    let ours = BASE.replace("Body.", "Body, ours.");
    let theirs = BASE.replace("status: Draft", "status: Approved");
    let m = run(BASE, &ours, &theirs, &Choice::default());
    assert!(!m.body_conflict && m.conflicts.is_empty());
    assert!(m.text.contains("Body, ours.") && m.text.contains("status: Approved"));
    let theirs = BASE.replace("Body.", "Body, theirs.");
    let m = run(BASE, &ours, &theirs, &Choice::default());
    assert!(m.body_conflict);
}

#[test]
fn json_items_merge_field_by_field() {
    let base = "{\n  \"kind\": \"loop\",\n  \"id\": \"7\",\n  \"status\": \"Running\",\n  \"iteration\": 1,\n  \"completed_actions\": [\"plan\"]\n}\n";
    let ours = base.replace("\"iteration\": 1", "\"iteration\": 2");
    let theirs = base.replace("[\"plan\"]", "[\"plan\", \"build\"]");
    let doc = |t: &str| Document::parse_json(t.to_owned()).unwrap();
    let m = merge(
        Some(&doc(base)),
        &doc(&ours),
        &doc(&theirs),
        &shape(),
        &Choice::default(),
        &labels(),
        &mut simple_body,
    )
    .unwrap();
    assert!(m.conflicts.is_empty(), "{m:?}");
    let v = Document::parse_json(m.text.clone()).unwrap().to_value();
    assert_eq!(v["iteration"], json!(2));
    assert_eq!(v["completed_actions"], json!(["plan", "build"]));
    assert!(
        m.text.starts_with("{\n  \"kind\": \"loop\",\n  \"id\": \"7\",\n  \"status\": \"Running\",\n  \"iteration\": 2,\n"),
        "{}",
        m.text
    );
}

const FIELDS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Independent edits (each field changed on at most one side) always
    /// merge to the union of the edits.
    #[test]
    fn independent_field_edits_merge_to_their_union(
        values in prop::collection::vec(0u32..1000, FIELDS.len()),
        sides in prop::collection::vec(0u8..3, FIELDS.len()),
        new in prop::collection::vec(0u32..1000, FIELDS.len()),
    ) {
        let mut base = String::from("---\nkind: story\nid: \"1.1\"\nstatus: Draft\n");
        for (f, v) in FIELDS.iter().zip(&values) {
            base.push_str(&format!("{f}: {v}\n"));
        }
        base.push_str("---\nBody.\n");
        let (mut ours, mut theirs) = (base.clone(), base.clone());
        let mut want = base.clone();
        for ((f, side), (old, n)) in FIELDS.iter().zip(&sides).zip(values.iter().zip(&new)) {
            let (from, to) = (format!("\n{f}: {old}\n"), format!("\n{f}: {n}\n"));
            match side {
                1 => ours = ours.replace(&from, &to),
                2 => theirs = theirs.replace(&from, &to),
                _ => continue,
            }
            want = want.replace(&from, &to);
        }
        let m = run(&base, &ours, &theirs, &Choice::default());
        prop_assert!(m.conflicts.is_empty(), "{:?}", m);
        prop_assert_eq!(m.text, want);
    }
}

/// A time both sides changed (`updated_at`, stamped by every writer)
/// merges to the later one when the workflow says so; anything else both
/// changed still conflicts.
#[test]
fn a_latest_field_merges_to_the_later_time() {
    let base = "---\nkind: story\nid: \"1.1\"\nstatus: Draft\nupdated_at: 2026-01-01T00:00:00Z\nnote: a\n---\nbody\n";
    let ours = base
        .replace("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z")
        .replace("note: a", "note: b");
    let theirs = base.replace("2026-01-01T00:00:00Z", "2026-01-03T00:00:00Z");
    let latest = Choice {
        latest: vec!["updated_at".to_owned()],
        ..Choice::default()
    };
    let m = run(base, &ours, &theirs, &latest);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert!(
        m.text.contains("updated_at: \"2026-01-03T00:00:00Z\""),
        "{}",
        m.text
    );
    assert!(m.text.contains("note: b"), "{}", m.text);
    // Not declared: a conflict, as before.
    let m = run(base, &ours, &theirs, &Choice::default());
    assert_eq!(m.conflicts.len(), 1);
    assert_eq!(m.conflicts[0].field, "updated_at");
}

/// Two sides ticking adjacent task checkboxes merge to both ticks (a text
/// merge would conflict); any other change to those lines still goes
/// through the text merge.
#[test]
fn adjacent_ticks_merge_to_both() {
    let base = "---\nkind: story\nid: \"1.1\"\nstatus: InProgress\n---\n# Tasks\n\n- [ ] one\n- [ ] two\n- [ ] three\n";
    let ours = base.replace("- [ ] two", "- [x] two");
    let theirs = base.replace("- [ ] three", "- [x] three");
    let m = run(base, &ours, &theirs, &Choice::default());
    assert!(m.conflicts.is_empty() && !m.body_conflict, "{}", m.text);
    assert!(
        m.text.ends_with("- [ ] one\n- [x] two\n- [x] three\n"),
        "{}",
        m.text
    );
    // A reworded task beside a tick is not a tick: the text merge decides.
    let reworded = base.replace("- [ ] three", "- [ ] three, and four");
    assert_eq!(
        super::merge_ticks(
            base.split_once("---\n# ").unwrap().1,
            ours.split_once("---\n# ").unwrap().1,
            reworded.split_once("---\n# ").unwrap().1,
        ),
        None
    );
}
