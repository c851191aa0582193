//! CSS selector matching through [`DomAdapter`], with the `selectors` crate.
