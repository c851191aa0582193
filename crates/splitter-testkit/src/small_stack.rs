//! [`on_small_stack`]: runs a test where recursion over a deep tree
//! overflows instead of passing by luck on a big main stack.
//!
//! Compiled by the core's own unit tests too (see `arena.rs`).

/// The stack size [`on_small_stack`] gives its thread: 1 MiB.
pub const SMALL_STACK: usize = 1 << 20;

/// Runs `test` on a thread with a [`SMALL_STACK`], so that recursion
/// proportional to a tree's depth overflows here rather than pass by luck
/// on a big main stack.
///
/// # Panics
///
/// When `test` panics (its message is passed on) or the thread cannot be
/// spawned. A stack overflow aborts the test process.
pub fn on_small_stack(test: impl FnOnce() + Send + 'static) {
    let result = std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(test)
        .expect("spawn a test thread")
        .join();
    if let Err(payload) = result {
        std::panic::resume_unwind(payload);
    }
}
