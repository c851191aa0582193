//! The backend-agnostic core of an HTML text splitter for retrieval-augmented generation.
//!
//! (crate docs are written with the splitter itself)

#![deny(missing_docs)]

mod adapter;
mod config;
mod error;
mod select;
mod sizer;

pub use adapter::{Children, DomAdapter, NodeKind};
pub use config::SplitterConfig;
pub use error::ConfigError;
pub use sizer::{Characters, Sizer};
