//! The hints of a page's class strings, each read once per page
//! ([`ClassCache`]), and the shape a class gives an element (its name and
//! class hashed), by which a run of teaser cards is found.

use std::hash::Hasher;

use rustc_hash::{FxHashMap, FxHasher};

use super::Hints;
use super::words::class_name_hints;

/// The hints of the class strings of one document: pages repeat a few
/// hundred class strings over thousands of elements, and matching a class
/// against every word list is the costliest part of the hints. A class
/// string not seen before is read name by name, each name through a
/// cache of its own: utility-class pages (Tailwind) give most elements a
/// class string of their own, made of names the page repeats.
///
/// Both caches are keyed by a 64-bit hash of the string ([`hash64`]), not
/// the string: no copy of each class, no comparison of long strings on
/// every lookup. Two of a page's class strings that hash alike would share
/// hints; among a page's few thousand strings that is a chance of about
/// one in 10^12.
#[derive(Debug, Default)]
pub(in crate::main_content) struct ClassCache {
    /// A class string's hints and the hash of its shape (its names'
    /// [`shape_of`] in order).
    classes: FxHashMap<u64, (Hints, u32)>,
    /// A class name's hints and its [`shape_of`].
    names: FxHashMap<u64, (Hints, u32)>,
}

impl ClassCache {
    /// A cache sized for a page's class strings and names: a page has a
    /// few hundred of each, and growing a table rehashes all it holds.
    pub(in crate::main_content) fn for_a_page() -> ClassCache {
        const ENTRIES: usize = 512;
        ClassCache {
            classes: FxHashMap::with_capacity_and_hasher(ENTRIES, Default::default()),
            names: FxHashMap::with_capacity_and_hasher(ENTRIES, Default::default()),
        }
    }

    /// The hints of `class`'s words, and the shape of an element `name`d
    /// so with it (0 for an empty class).
    pub(super) fn hints(&mut self, name: &str, class: &str) -> (Hints, u32) {
        let key = hash64(class);
        let names = &mut self.names;
        let (hints, class_shape) = *self.classes.entry(key).or_insert_with(|| {
            // The class's shape: its names' shapes in order, each found
            // once per page with the name's hints.
            let mut shape = FNV_OFFSET;
            let hints = class.split_ascii_whitespace().fold(0, |hints, class_name| {
                let (name_hints, name_shape) = *names
                    .entry(hash64(class_name))
                    .or_insert_with(|| (class_name_hints(class_name), shape_of(class_name)));
                shape = fnv1a_step(shape, name_shape);
                hints | name_hints
            });
            // A class of only whitespace has no hints and no shape, noted
            // as 0, where a class with names has a shape of 1 or more:
            // looked at once per class string, not on every element.
            if class.trim().is_empty() {
                (0, 0)
            } else {
                (hints, shape.max(1))
            }
        });
        if class_shape == 0 {
            return (0, 0);
        }
        let shape =
            class_shape.rotate_left(7) ^ fnv1a(name.bytes().map(|b| b.to_ascii_lowercase()));
        (hints, shape.max(1))
    }
}

/// A 64-bit hash of `text` (rustc-hash's, which mixes every byte).
pub(super) fn hash64(text: &str) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(text.as_bytes());
    hasher.finish()
}

/// The shape a class name gives a card: the name without its digits, so
/// that a template's numbered cards (`article article_0`, `article_1`,
/// `item-12`) are one shape, as they look alike on the page.
fn shape_of(name: &str) -> u32 {
    fnv1a(name.bytes().filter(|byte| !byte.is_ascii_digit()))
}

/// FNV-1a's starting value (32 bits).
const FNV_OFFSET: u32 = 0x811c_9dc5;

/// One step of FNV-1a: `value` (a byte, or a name's shape) mixed in.
fn fnv1a_step(hash: u32, value: u32) -> u32 {
    (hash ^ value).wrapping_mul(0x0100_0193)
}

/// FNV-1a over `bytes`; never 0.
fn fnv1a(bytes: impl Iterator<Item = u8>) -> u32 {
    bytes
        .fold(FNV_OFFSET, |hash, byte| fnv1a_step(hash, u32::from(byte)))
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::main_content::hints::words::{class_hints, id_hints};
    use crate::main_content::hints::{DISMISS, WORD_COMMENT};

    #[test]
    fn the_cache_gives_what_the_words_give() {
        let mut cache = ClassCache::default();
        let classes = [
            "post-share-bar",
            "flex items-center share-bar",
            "flex items-center px-4",
            "Site-Header has-sidebar",
            "pt-[var(--banner-height)] comments",
            "  ",
            "entry-content forum",
            "post-share-bar",
        ];
        for class in classes {
            let (hints, shape) = cache.hints("div", class);
            assert_eq!(hints, class_hints(class), "{class:?}");
            assert_eq!(shape == 0, class.trim().is_empty(), "{class:?}");
        }
        assert_eq!(cache.hints("div", "comments").0, WORD_COMMENT);
        assert_ne!(cache.hints("div", "a b").1, cache.hints("li", "a b").1);
    }

    #[test]
    fn what_dismisses_and_what_is_dismissed() {
        let mut cache = ClassCache::for_a_page();
        for class in [
            "notice-dismiss js-noticeDismiss",
            "alert alert-dismissible fade show",
            "search_container dismissable",
            "btn btn-dismiss",
        ] {
            assert_ne!(cache.hints("div", class).0 & DISMISS, 0, "{class:?}");
        }
        for class in ["notice", "alert alert-warning", "close", "modal-close"] {
            assert_eq!(cache.hints("div", class).0 & DISMISS, 0, "{class:?}");
        }
        assert_ne!(id_hints("dismiss-button") & DISMISS, 0);
    }

    #[test]
    fn numbered_cards_are_one_shape() {
        let mut cache = ClassCache::for_a_page();
        let mut shape = |class: &str| cache.hints("article", class).1;
        assert_eq!(shape("article article_0 "), shape("article article_12"));
        assert_eq!(shape("item-1 card"), shape("item-2  card"));
        assert_ne!(shape("article article_0"), shape("article"));
        assert_ne!(shape("card-a"), shape("card-b"));
        assert_ne!(shape("ab"), shape("a b"), "words stay apart");
    }
}
