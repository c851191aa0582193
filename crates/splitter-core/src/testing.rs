//! The share of the test kit the core's own unit tests use: the arena tree
//! and the small-stack runner. They are compiled from the files of
//! `splitter-testkit` (an unpublished crate, the test kit of every other
//! crate's tests): a unit test cannot use that crate, which links the core
//! as a library rather than as the crate under test.

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
