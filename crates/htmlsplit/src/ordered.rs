//! A parallel map whose results are consumed in input order, holding at most
//! a fixed number of items between "started" and "consumed" (the reorder
//! window), so a slow item delays the output but never lets the items after
//! it pile up in memory.
//!
//! Within the window the largest item waiting starts first: a large item
//! left for last (directories are read in path order, whatever the page
//! sizes) would otherwise run alone at the end while the other workers have
//! nothing left to do.

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

/// How many items each worker may be ahead of the output.
pub const WINDOW_PER_WORKER: usize = 4;

/// Runs `work` on every item on `jobs` threads and hands each result to
/// `consume` on the calling thread, in the items' order.
///
/// An item is only started when it is fewer than `window` items past the
/// next one to consume, so at most `window` results (and items in work)
/// exist at once; of the items the window holds, the one of largest `cost`
/// (in any unit, asked once per item) starts first, ties in input order.
/// When `consume` breaks, no further item is started and the items in work
/// are finished and dropped.
pub fn map_ordered<I, T, W, C>(
    items: Vec<I>,
    cost: impl Fn(&I) -> u64,
    jobs: usize,
    window: usize,
    work: W,
    mut consume: C,
) where
    I: Send,
    T: Send,
    W: Fn(I) -> T + Sync,
    C: FnMut(T) -> ControlFlow<()>,
{
    let jobs = jobs.max(1);
    let window = window.max(1);
    let total = items.len();
    let shared = Shared {
        state: Mutex::new(State {
            costs: items.iter().map(cost).collect(),
            items: items.into_iter().map(Some).collect(),
            waiting: 0,
            consumed: 0,
            stopped: false,
        }),
        changed: Condvar::new(),
        window,
    };
    thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(usize, T)>();
        for _ in 0..jobs.min(total) {
            let sender = sender.clone();
            let shared = &shared;
            let work = &work;
            scope.spawn(move || {
                let _stop_on_panic = StopOnPanic(shared);
                while let Some((index, item)) = shared.claim() {
                    if sender.send((index, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        'receive: for (index, result) in receiver {
            pending.insert(index, result);
            while let Some(result) = pending.remove(&next) {
                next += 1;
                let flow = consume(result);
                shared.advance(next, flow.is_break());
                if flow.is_break() {
                    break 'receive;
                }
            }
        }
    });
}

struct State<I> {
    /// The items not started yet.
    items: Vec<Option<I>>,
    costs: Vec<u64>,
    /// The first item not started yet.
    waiting: usize,
    /// How many results have been consumed.
    consumed: usize,
    stopped: bool,
}

struct Shared<I> {
    state: Mutex<State<I>>,
    changed: Condvar,
    window: usize,
}

impl<I> Shared<I> {
    fn lock(&self) -> MutexGuard<'_, State<I>> {
        // A worker that panicked holds no invariant half-done: the state is
        // only counters, updated whole.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next item to work on, once the window has room for it; `None`
    /// when every item is taken or the run stopped.
    fn claim(&self) -> Option<(usize, I)> {
        let mut state = self.lock();
        loop {
            if state.stopped || state.waiting >= state.items.len() {
                return None;
            }
            let end = state.items.len().min(state.consumed + self.window);
            // The largest waiting item in the window; the first on ties.
            let largest = (state.waiting..end)
                .filter(|&index| state.items[index].is_some())
                .max_by_key(|&index| (state.costs[index], Reverse(index)));
            if let Some(index) = largest {
                let item = state.items[index].take();
                while state.waiting < state.items.len() && state.items[state.waiting].is_none() {
                    state.waiting += 1;
                }
                return item.map(|item| (index, item));
            }
            state = self
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn advance(&self, consumed: usize, stop: bool) {
        let mut state = self.lock();
        state.consumed = consumed;
        state.stopped |= stop;
        drop(state);
        self.changed.notify_all();
    }
}

/// Stops the run when a worker unwinds, so the other workers do not wait
/// forever for a result that will never be consumed; the scope then
/// re-raises the panic.
struct StopOnPanic<'a, I>(&'a Shared<I>);

impl<I> Drop for StopOnPanic<'_, I> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.lock().stopped = true;
            self.0.changed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn collect(items: Vec<u32>, jobs: usize, window: usize) -> Vec<u32> {
        let mut out = Vec::new();
        map_ordered(
            items,
            |n| u64::from(n % 7),
            jobs,
            window,
            |n| {
                // Later items finish first: the output must still be in order.
                thread::sleep(Duration::from_micros(u64::from(50 - n % 50)));
                n * 2
            },
            |n| {
                out.push(n);
                ControlFlow::Continue(())
            },
        );
        out
    }

    #[test]
    fn results_come_in_input_order_for_any_number_of_workers() {
        let items: Vec<u32> = (0..200).collect();
        let expected: Vec<u32> = items.iter().map(|n| n * 2).collect();
        for jobs in [1, 2, 3, 8] {
            for window in [1, 2, 4 * jobs] {
                assert_eq!(
                    collect(items.clone(), jobs, window),
                    expected,
                    "jobs {jobs} window {window}"
                );
            }
        }
        assert_eq!(collect(Vec::new(), 4, 16), Vec::<u32>::new());
    }

    /// While item 0 is in work, the other workers run through the window
    /// and then wait: no item at or past the window starts until item 0
    /// is consumed. Checked on every item as it starts (it must lie within
    /// a window of the results consumed so far), not by timing.
    #[test]
    fn a_slow_first_item_does_not_let_the_rest_pile_up() {
        let window = 6;
        let started = AtomicUsize::new(0);
        let consumed = AtomicUsize::new(0);
        let beyond_the_window = Mutex::new(Vec::new());
        map_ordered(
            (0..100).collect::<Vec<u32>>(),
            |&n| u64::from(n % 5),
            3,
            window,
            |n| {
                let index = n as usize;
                // Read after the claim: at least the count the claim saw.
                if index >= consumed.load(Ordering::SeqCst) + window {
                    beyond_the_window
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(index);
                }
                started.fetch_add(1, Ordering::SeqCst);
                if n == 0 {
                    // Hold item 0 until the rest of its window has started;
                    // nothing else can be consumed meanwhile.
                    while started.load(Ordering::SeqCst) < window {
                        thread::yield_now();
                    }
                    assert_eq!(consumed.load(Ordering::SeqCst), 0);
                }
                n
            },
            |_| {
                consumed.fetch_add(1, Ordering::SeqCst);
                ControlFlow::Continue(())
            },
        );
        assert_eq!(started.load(Ordering::SeqCst), 100);
        assert_eq!(consumed.load(Ordering::SeqCst), 100);
        let beyond = beyond_the_window
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        assert!(beyond.is_empty(), "started past the window: {beyond:?}");
    }

    #[test]
    fn the_largest_item_in_the_window_starts_first() {
        let costs = [3, 9, 1, 9, 4, 0, 7];
        let started = Mutex::new(Vec::new());
        let mut out = Vec::new();
        map_ordered(
            (0..costs.len()).collect(),
            |&index| costs[index],
            1,
            costs.len(),
            |index| {
                started
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(index);
                index
            },
            |index| {
                out.push(index);
                ControlFlow::Continue(())
            },
        );
        let started = started.into_inner().unwrap_or_else(PoisonError::into_inner);
        assert_eq!(started, [1, 3, 6, 4, 0, 2, 5]);
        assert_eq!(out, (0..costs.len()).collect::<Vec<_>>());
    }

    #[test]
    fn a_break_starts_no_further_item() {
        let started = AtomicUsize::new(0);
        let mut seen = Vec::new();
        map_ordered(
            (0..1000).collect::<Vec<u32>>(),
            |_| 0,
            2,
            8,
            |n| {
                started.fetch_add(1, Ordering::SeqCst);
                n
            },
            |n| {
                seen.push(n);
                if n == 10 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
        );
        assert_eq!(seen, (0..=10).collect::<Vec<u32>>());
        // Items 0..=10 consumed, at most a window beyond them started.
        assert!(started.load(Ordering::SeqCst) <= 11 + 8);
    }

    #[test]
    fn a_panicking_worker_ends_the_run_instead_of_hanging_it() {
        let result = std::panic::catch_unwind(|| {
            map_ordered(
                (0..100).collect::<Vec<u32>>(),
                |_| 0,
                2,
                4,
                |n| {
                    assert_ne!(n, 3, "item 3 fails");
                    n
                },
                |_| ControlFlow::Continue(()),
            );
        });
        assert!(result.is_err());
    }
}
