//! The share of the test kit the core's own unit tests use: the arena tree
//! and the small-stack runner. They are compiled from the files of
//! `splitter-testkit` (an unpublished crate, the test kit of every other
//! crate's tests): a unit test cannot use that crate, which links the core
//! as a library rather than as the crate under test. Beside them, [`tree`]
//! builds an arena tree from a line of well-formed markup.

use crate::{DomAdapter, NodeKind};

// The other users of the kit call what the core's tests do not.
#[allow(dead_code)]
#[path = "../../splitter-testkit/src/arena.rs"]
mod arena;
#[allow(dead_code)]
#[path = "../../splitter-testkit/src/small_stack.rs"]
mod small_stack;

pub(crate) use arena::ArenaDom;
pub(crate) use small_stack::on_small_stack;

/// A tree of `markup`: well-formed tags (`<name a=b c="d">`, `</name>`,
/// the void `<br>`, `<hr>`, `<img>`) and text, nothing else (no entities,
/// no implied tags).
pub(crate) fn tree(markup: &str) -> ArenaDom {
    let mut dom = ArenaDom::new();
    let mut open = vec![ArenaDom::DOCUMENT];
    let mut rest = markup;
    while !rest.is_empty() {
        let Some(tag) = rest.strip_prefix('<') else {
            let end = rest.find('<').unwrap_or(rest.len());
            let parent = *open.last().expect("an open element");
            dom.add_text(parent, &rest[..end]);
            rest = &rest[end..];
            continue;
        };
        let end = tag.find('>').expect("a closed tag");
        rest = &tag[end + 1..];
        let tag = &tag[..end];
        if tag.starts_with('/') {
            open.pop();
            continue;
        }
        let mut parts = tag.split_whitespace();
        let name = parts.next().expect("a tag name");
        let parent = *open.last().expect("an open element");
        let element = dom.element(parent, name);
        for attribute in parts {
            let (key, value) = attribute.split_once('=').unwrap_or((attribute, ""));
            dom.set_attribute(element, key, value.trim_matches('"'));
        }
        if !matches!(name, "br" | "hr" | "img") {
            open.push(element);
        }
    }
    dom
}
