//! A parallel map over documents that starts the largest first.
//!
//! `splitMany` gets its documents all at once, so it can order them by size:
//! a large page left for last would run alone at the end while the other
//! threads have nothing left to do. Each thread takes the largest document
//! no thread has taken yet; the calling thread (a libuv worker) is one of
//! them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// `work(index)` for every index of `costs` on `threads` threads (the
/// calling one included), in decreasing order of cost; the results in
/// index order.
pub fn map_largest_first<T, W>(costs: &[usize], threads: usize, work: W) -> Vec<T>
where
    T: Send,
    W: Fn(usize) -> T + Sync,
{
    let mut order: Vec<usize> = (0..costs.len()).collect();
    // Stable: equal costs in input order.
    order.sort_by_key(|&index| std::cmp::Reverse(costs[index]));
    let next = AtomicUsize::new(0);
    let run = || {
        let mut done = Vec::new();
        while let Some(&index) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            done.push((index, work(index)));
        }
        done
    };
    let threads = threads.clamp(1, costs.len().max(1));
    let mut slots: Vec<Option<T>> = std::iter::repeat_with(|| None).take(costs.len()).collect();
    thread::scope(|scope| {
        // A thread that cannot start leaves its share to the others.
        let others: Vec<_> = (1..threads)
            .filter_map(|_| thread::Builder::new().spawn_scoped(scope, run).ok())
            .collect();
        let mine = run();
        for (index, result) in others
            .into_iter()
            .flat_map(|other| {
                other
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .chain(mine)
        {
            slots[index] = Some(result);
        }
    });
    slots.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::map_largest_first;
    use std::sync::Mutex;

    #[test]
    fn results_in_index_order_work_in_decreasing_cost() {
        let costs = [3, 9, 1, 9, 4, 0, 7];
        let started = Mutex::new(Vec::new());
        let results = map_largest_first(&costs, 1, |index| {
            started
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(index);
            index * 10
        });
        assert_eq!(results, [0, 10, 20, 30, 40, 50, 60]);
        assert_eq!(
            started.into_inner().unwrap_or_else(|e| e.into_inner()),
            [1, 3, 6, 4, 0, 2, 5]
        );
        for threads in [2, 3, 16] {
            assert_eq!(
                map_largest_first(&costs, threads, |index| index * 10),
                results
            );
        }
        assert!(map_largest_first(&[], 4, |index| index).is_empty());
    }
}
