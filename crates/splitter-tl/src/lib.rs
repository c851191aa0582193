//! Parser backend (work in progress).
