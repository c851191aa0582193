//! The progress bar on stderr: documents done of total, MB/s and time left.
//! Shown only when stderr is a terminal and `--quiet` is not given; cleared
//! at the end.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar, or nothing.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    documents: usize,
    done: usize,
}

impl Progress {
    /// `total_bytes` is what the bar advances through (so the rate and the
    /// time left follow the input's size, not its count of documents).
    pub fn new(quiet: bool, documents: usize, total_bytes: u64) -> Self {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(
                Some(total_bytes),
                ProgressDrawTarget::stderr_with_hz(10),
            );
            bar.set_style(
                ProgressStyle::with_template("{wide_bar} {msg} {decimal_bytes_per_sec} {eta} left")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_message(format!("0/{documents} documents"));
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress {
            bar,
            documents,
            done: 0,
        }
    }

    /// One more document done, of `bytes` input bytes.
    pub fn advance(&mut self, bytes: u64) {
        self.done += 1;
        if let Some(bar) = &self.bar {
            bar.inc(bytes);
            bar.set_message(format!("{}/{} documents", self.done, self.documents));
        }
    }

    /// Prints a line above the bar.
    pub fn println(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
