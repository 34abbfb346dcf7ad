use super::*;
use serde_json::json;

fn doc(text: &str) -> Document {
    Document::parse(text.to_owned()).unwrap()
}

fn set(text: &str, path: &[&str], value: Value) -> String {
    doc(text).set(path, &value).unwrap().text().to_owned()
}

fn err(text: &str) -> DocError {
    Document::parse(text.to_owned()).unwrap_err()
}

#[test]
fn changing_status_changes_only_that_value() {
    let text = "---\n# a comment\nkind: story\nid: \"1.2\"   # keep\nstatus: Draft # state\nzeta: no\nlist: [a, b]\n---\n# Body\n---\ntext\n";
    let out = set(text, &["status"], json!("Approved"));
    assert_eq!(out, text.replace("status: Draft", "status: Approved"));
}

#[test]
fn quoting_style_of_the_changed_value_is_kept() {
    assert_eq!(
        set("---\ns: 'Draft'\n---\n", &["s"], json!("Blocked")),
        "---\ns: 'Blocked'\n---\n"
    );
    assert_eq!(
        set("---\ns: \"Draft\"\n---\n", &["s"], json!("Blocked")),
        "---\ns: \"Blocked\"\n---\n"
    );
}

#[test]
fn crlf_and_body_survive() {
    let text = "---\r\nkind: story\r\nstatus: Draft\r\n---\r\nbody\r\n";
    assert_eq!(
        set(text, &["status"], json!("Review")),
        "---\r\nkind: story\r\nstatus: Review\r\n---\r\nbody\r\n"
    );
    assert_eq!(
        set(text, &["rounds", "qa"], json!(1)),
        "---\r\nkind: story\r\nstatus: Draft\r\nrounds:\r\n  qa: 1\r\n---\r\nbody\r\n"
    );
}

#[test]
fn missing_keys_are_appended_to_their_mapping() {
    let text = "---\nkind: story\nquality:\n  score: 5.0\n  # note\nstatus: Draft\n---\n";
    assert_eq!(
        set(text, &["quality", "structure"], json!(100)),
        "---\nkind: story\nquality:\n  score: 5.0\n  structure: 100\n  # note\nstatus: Draft\n---\n"
    );
    assert_eq!(
        set(text, &["rounds", "architect"], json!(1)),
        "---\nkind: story\nquality:\n  score: 5.0\n  # note\nstatus: Draft\nrounds:\n  architect: 1\n---\n"
    );
}

#[test]
fn flow_mappings_are_edited_in_place() {
    let text = "---\nquality: {structure: 100, score: 8.5, complexity: []}\n---\n";
    assert_eq!(
        set(text, &["quality", "score"], json!(9.0)),
        "---\nquality: {structure: 100, score: 9.0, complexity: []}\n---\n"
    );
    assert_eq!(
        set(text, &["quality", "extraction"], json!(92)),
        "---\nquality: {structure: 100, score: 8.5, complexity: [], extraction: 92}\n---\n"
    );
    assert_eq!(
        set(
            text,
            &["quality", "complexity"],
            json!(["security", "db-schema"])
        ),
        "---\nquality: {structure: 100, score: 8.5, complexity: [security, db-schema]}\n---\n"
    );
    assert_eq!(
        set("---\nq: {}\n---\n", &["q", "a"], json!(1)),
        "---\nq: {a: 1}\n---\n"
    );
}

#[test]
fn null_values_are_filled() {
    assert_eq!(
        set("---\na:\nb: 1\n---\n", &["a"], json!("x")),
        "---\na: x\nb: 1\n---\n"
    );
    assert_eq!(
        set("---\na: ~\n---\n", &["a", "b"], json!(1)),
        "---\na: {b: 1}\n---\n"
    );
}

#[test]
fn block_sequences_stay_block() {
    let text = "---\nc:\n  - a\n  - b\nz: 1\n---\n";
    assert_eq!(
        set(text, &["c"], json!(["p", "q", "r"])),
        "---\nc:\n  - p\n  - q\n  - r\nz: 1\n---\n"
    );
}

#[test]
fn strings_that_look_like_other_types_are_quoted_on_write() {
    assert_eq!(
        set("---\nt: a\n---\n", &["t"], json!("no")),
        "---\nt: \"no\"\n---\n"
    );
    assert_eq!(
        set("---\nt: a\n---\n", &["t"], json!("1.10")),
        "---\nt: \"1.10\"\n---\n"
    );
}

#[test]
fn scalars_keep_their_source_text() {
    let d = doc("---\nid: 1.10\ntitle: no\ncode: 0123\nn: 7\nf: 8.0\nq: '5'\non: on\n---\n");
    assert_eq!(d.text_field("id").unwrap(), Some("1.10"));
    assert_eq!(d.text_field("title").unwrap(), Some("no"));
    assert_eq!(d.text_field("code").unwrap(), Some("0123"));
    let v = d.to_value();
    assert_eq!(v["title"], json!("no"));
    assert_eq!(v["code"], json!("0123"));
    assert_eq!(v["on"], json!("on"));
    assert_eq!(v["n"], json!(7));
    assert_eq!(v["f"], json!(8.0));
    assert_eq!(v["q"], json!("5"));
}

#[test]
fn rewriting_refuses_what_it_cannot_do_losslessly() {
    let d = doc("---\na: &x {b: 1}\nc: *x\nt: |\n  text\n---\n");
    assert!(
        d.set(&["c", "b"], &json!(2))
            .unwrap_err()
            .message
            .to_string()
            .contains("alias")
    );
    assert!(
        d.set(&["t"], &json!("x"))
            .unwrap_err()
            .message
            .to_string()
            .contains("block scalar")
    );
    assert!(
        d.set(&["t", "x"], &json!(1))
            .unwrap_err()
            .message
            .to_string()
            .contains("not a mapping")
    );
}

#[test]
fn bad_documents_have_positions() {
    type Case<'a> = (&'a str, Option<(usize, usize)>, &'a str);
    let cases: &[Case] = &[
        ("", None, "empty"),
        ("kind: story\n", Some((1, 1)), "does not start"),
        ("---\nkind: story\n", Some((1, 1)), "never closed"),
        ("---\n---\n", Some((2, 1)), "frontmatter is empty"),
        ("---\na:\n\tb: 1\n---\n", Some((3, 2)), "tabs"),
        (
            "---\na: 1\nb: 2\na: 3\n---\n",
            Some((4, 1)),
            "duplicate key `a` (first on line 2)",
        ),
        ("---\n- a\n---\n", Some((2, 1)), "must be a mapping"),
        ("---\na: [1, 2\n---\n", Some((2, 4)), "unclosed"),
        ("---\n? [a]\n: 1\n---\n", Some((2, 3)), "scalar keys"),
        ("---\na: *nope\n---\n", Some((2, 4)), "anchor"),
    ];
    for (text, pos, needle) in cases {
        let e = err(text);
        assert_eq!(e.pos, *pos, "{text:?}: {e}");
        assert!(e.message.to_string().contains(needle), "{text:?}: {e}");
    }
}

#[test]
fn invalid_utf8_is_located() {
    let e = Document::from_bytes(b"---\nid: ok\ntitle: ab\xff\n---\n".to_vec()).unwrap_err();
    assert_eq!(e.pos, Some((3, 10)));
    assert!(e.message.to_string().contains("UTF-8"));
}

#[test]
fn an_alias_bomb_is_refused() {
    let mut text = String::from("---\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..9 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        text.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    text.push_str("---\n");
    let e = err(&text);
    assert!(e.message.to_string().contains("too many nodes"), "{e}");
}

#[test]
fn deep_nesting_is_refused() {
    let text = format!("---\na: {}1{}\n---\n", "[".repeat(40), "]".repeat(40));
    let e = err(&text);
    assert!(e.message.to_string().contains("nesting"), "{e}");
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// A generated frontmatter line: a key and a value in one of many styles.
    fn line() -> impl Strategy<Value = (String, String)> {
        let key = "[a-z][a-z_]{0,8}";
        let value = prop_oneof![
            "[A-Za-z][A-Za-z0-9 _.-]{0,12}",
            Just("no".to_owned()),
            Just("0123".to_owned()),
            Just("1.10".to_owned()),
            Just("'quoted'".to_owned()),
            Just("\"dq \\\" x\"".to_owned()),
            Just("[a, b]".to_owned()),
            Just("{x: 1, y: [2]}".to_owned()),
            Just("~".to_owned()),
            Just("".to_owned()),
            Just("8.5 # comment".to_owned()),
        ];
        (key, value)
    }

    fn document() -> impl Strategy<Value = (String, bool)> {
        (
            prop::collection::vec(line(), 0..8),
            any::<bool>(),
            "[ -~\n]{0,80}",
            any::<bool>(),
        )
            .prop_map(|(lines, crlf, body, comment)| {
                let nl = if crlf { "\r\n" } else { "\n" };
                let mut text = format!("---{nl}kind: story{nl}status: Draft{nl}");
                let mut seen =
                    std::collections::HashSet::from(["kind".to_owned(), "status".to_owned()]);
                if comment {
                    text.push_str(&format!("# comment{nl}"));
                }
                for (k, v) in lines {
                    if seen.insert(k.clone()) {
                        text.push_str(&format!("{k}: {v}{nl}"));
                    }
                }
                text.push_str(&format!("---{nl}{body}"));
                (text, crlf)
            })
    }

    proptest! {
        #[test]
        fn rewriting_status_changes_only_status(
            (text, _crlf) in document(),
            new in prop_oneof!["[A-Za-z][A-Za-z0-9]{0,10}", Just("no".to_owned()), Just("1.10".to_owned())],
        ) {
            let before = Document::parse(text.clone()).unwrap();
            let after = before.set(&["status"], &json!(new)).unwrap();
            prop_assert_eq!(after.text_field("status").unwrap(), Some(new.as_str()));
            let old = before.get(&["status"]).unwrap().span.clone();
            let delta = after.text().len() as isize - text.len() as isize;
            let new_end = (old.end as isize + delta) as usize;
            prop_assert_eq!(&after.text()[..old.start], &text[..old.start]);
            prop_assert_eq!(&after.text()[new_end..], &text[old.end..]);
            let mut expected = before.to_value();
            expected["status"] = json!(new);
            prop_assert_eq!(after.to_value(), expected);
        }

        #[test]
        fn adding_a_nested_field_keeps_every_other_byte(
            (text, _crlf) in document(),
            score in 0u32..100,
        ) {
            let before = Document::parse(text.clone()).unwrap();
            let score = f64::from(score) / 10.0;
            let Ok(after) = before.set(&["review", "score"], &json!(score)) else {
                // `review` generated as a scalar or list: refusing is correct.
                prop_assert!(before.get(&["review"]).is_some());
                return Ok(());
            };
            prop_assert_eq!(after.get(&["review", "score"]).unwrap().to_value(), json!(score));
            // The old text is the new text with one contiguous run removed.
            let (a, b) = (text.as_bytes(), after.text().as_bytes());
            let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
            let suffix = a[prefix..].iter().rev().zip(b[prefix..].iter().rev()).take_while(|(x, y)| x == y).count();
            prop_assert!(prefix + suffix >= a.len() || before.get(&["review"]).is_some());
            prop_assert_eq!(after.body(), before.body());
        }
    }
}

mod no_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the bytes, reading gives a document or an error.
        #[test]
        fn arbitrary_bytes_never_panic_the_reader(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            let _ = Document::from_bytes(bytes.clone());
            let mut fenced = b"---\n".to_vec();
            fenced.extend_from_slice(&bytes);
            fenced.extend_from_slice(b"\n---\n");
            let _ = crate::engine::item::Item::from_bytes(crate::workflow::kind::Kinds::builtin(), "x.md", fenced);
        }

        /// YAML-ish text built from YAML's own punctuation.
        #[test]
        fn yaml_punctuation(text in "[-:?,\\[\\]{}#&*!|>'\"%@` \\n\\ta-z0-9.~]{0,200}") {
            if let Ok(d) = Document::parse(format!("---\n{text}\n---\nbody")) {
                let _ = d.set(&["status"], &json!("x"));
                let _ = d.set(&["a", "b"], &json!([1, "no"]));
            }
        }
    }
}

#[test]
fn json_rewrites_change_only_the_values_they_set() {
    let text = "{\n  \"a\": 1,\n  \"s\": {\n    \"t\": [\n      { \"id\": \"x\", \"status\": \"pending\" }\n    ],\n    \"n\": null,\n    \"e\": {}\n  }\n}\n";
    let doc = Document::parse_json(text.to_owned()).unwrap();
    let doc = doc.set(&["a"], &json!(2)).unwrap();
    assert_eq!(doc.text(), text.replace("\"a\": 1", "\"a\": 2"));
    let doc = doc.set(&["s", "n"], &json!("task-1")).unwrap();
    assert!(
        doc.text()
            .contains("{ \"id\": \"x\", \"status\": \"pending\" }")
    );
    assert!(
        doc.text().contains("    \"n\": \"task-1\",\n"),
        "{}",
        doc.text()
    );
    let doc = doc.set(&["s", "new"], &json!({"k": [1]})).unwrap();
    assert!(
        doc.text().contains(
            "    \"e\": {},\n    \"new\": {\n      \"k\": [\n        1\n      ]\n    }\n  }\n}\n"
        ),
        "{}",
        doc.text()
    );
    let doc = doc.set(&["s", "e", "z"], &json!(true)).unwrap();
    assert!(
        doc.text()
            .contains("    \"e\": {\n      \"z\": true\n    },"),
        "{}",
        doc.text()
    );
    let doc = doc.set(&["b"], &json!(null)).unwrap();
    assert!(
        doc.text().ends_with("  },\n  \"b\": null\n}\n"),
        "{}",
        doc.text()
    );
    assert_eq!(doc.to_value()["s"]["t"][0]["id"], json!("x"));
}
