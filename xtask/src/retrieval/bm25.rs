//! Okapi BM25 over a fixed list of texts (the chunks), as the wtq-dev
//! scoring rules have it: k1 1.5, b 0.75, idf
//! `ln(1 + (N - n + 0.5) / (n + 0.5))` (`N` texts, `n` of them holding the
//! term), tokens the lowercased runs of letters and digits, no stop words,
//! ties in text order.
//!
//! A query's score for a text is the sum over the query's tokens, a
//! repeated token counted each time, of
//! `idf · tf · (k1 + 1) / (tf + k1 · (1 - b + b · len / avglen))`, where
//! `tf` is how often the token occurs in the text, `len` the text's number
//! of tokens and `avglen` the mean over the index.

use std::cmp::Ordering;
use std::collections::HashMap;

/// Term-frequency saturation.
const K1: f64 = 1.5;
/// Length normalisation.
const B: f64 = 0.75;

/// The tokens of `text`: its runs of Unicode letters and digits
/// (`char::is_alphanumeric`), each lowercased (`str::to_lowercase`).
pub fn tokens(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|run| !run.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// An inverted index of texts, numbered in the order they were given.
pub struct Index {
    /// Each term's texts, in text order, with the term's count in each.
    postings: HashMap<String, Vec<(usize, usize)>>,
    /// Each text's number of tokens.
    lengths: Vec<usize>,
    average_length: f64,
}

impl Index {
    pub fn new<'a>(texts: impl IntoIterator<Item = &'a str>) -> Index {
        let mut postings: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        let mut lengths = Vec::new();
        for (id, text) in texts.into_iter().enumerate() {
            let tokens = tokens(text);
            lengths.push(tokens.len());
            let mut counts: HashMap<String, usize> = HashMap::new();
            for token in tokens {
                *counts.entry(token).or_insert(0) += 1;
            }
            for (term, count) in counts {
                postings.entry(term).or_default().push((id, count));
            }
        }
        let total: usize = lengths.iter().sum();
        let average_length = total as f64 / lengths.len().max(1) as f64;
        Index {
            postings,
            lengths,
            average_length,
        }
    }

    /// The number of texts.
    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    /// `ln(1 + (N - n + 0.5) / (n + 0.5))` for a term in `n` texts.
    fn idf(&self, texts_with_term: usize) -> f64 {
        let (n_all, n) = (self.len() as f64, texts_with_term as f64);
        (1.0 + (n_all - n + 0.5) / (n + 0.5)).ln()
    }

    /// Every text's score for `query` (its tokens), in text order.
    pub fn scores(&self, query: &[String]) -> Vec<f64> {
        let mut scores = vec![0.0; self.len()];
        // An index of texts without tokens has no postings to read, so the
        // mean length is never 0 below.
        for token in query {
            let Some(postings) = self.postings.get(token) else {
                continue;
            };
            let idf = self.idf(postings.len());
            for &(id, count) in postings {
                let tf = count as f64;
                let length = self.lengths[id] as f64 / self.average_length;
                scores[id] += idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length));
            }
        }
        scores
    }

    /// The `k` best texts for `query`, best first; of equal scores, the
    /// earlier text first.
    pub fn top(&self, query: &[String], k: usize) -> Vec<usize> {
        let scores = self.scores(query);
        // A total order: the ranking does not depend on how it is sorted.
        let order =
            |a: &usize, b: &usize| -> Ordering { scores[*b].total_cmp(&scores[*a]).then(a.cmp(b)) };
        let mut ids: Vec<usize> = (0..self.len()).collect();
        let k = k.min(ids.len());
        if k == 0 {
            return Vec::new();
        }
        if k < ids.len() {
            ids.select_nth_unstable_by(k - 1, order);
            ids.truncate(k);
        }
        ids.sort_unstable_by(order);
        ids
    }

    /// Every text, best first for `query`; of equal scores, the earlier
    /// text first.
    pub fn ranking(&self, query: &[String]) -> Vec<usize> {
        self.top(query, self.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(text: &str) -> Vec<String> {
        tokens(text)
    }

    fn assert_close(actual: f64, expected: f64) {
        assert!(
            (actual - expected).abs() < 1e-12,
            "{actual} is not {expected}"
        );
    }

    #[test]
    fn tokens_are_lowercased_runs_of_letters_and_digits() {
        assert_eq!(
            tokens("Hello, WORLD-2014: Kędzia’s 1st (ÉTÉ)_x"),
            ["hello", "world", "2014", "kędzia", "s", "1st", "été", "x"]
        );
        assert!(tokens(" ,.;- ").is_empty());
    }

    /// Three texts, N = 3, mean length 2:
    /// - 0 `a b` (2 tokens), 1 `a a c` (3), 2 `c` (1);
    /// - idf(a) = idf(c) = ln(1 + 1.5 / 2.5) = ln 1.6, idf(b) = ln(1 + 2.5 / 1.5) = ln(8/3);
    /// - length factors k1 (1 - b + b len / 2): 1.5 (text 0), 2.0625 (1), 0.9375 (2).
    #[test]
    fn scores_by_hand() {
        let index = Index::new(["a b", "A a, c", "c"]);
        let (ln_1_6, ln_8_3) = (1.6f64.ln(), (8.0f64 / 3.0).ln());
        assert_close(ln_1_6, 0.470_003_629_245_735_63);

        let a = index.scores(&query("a"));
        // text 0: ln 1.6 · 1 · 2.5 / (1 + 1.5); text 1: ln 1.6 · 2 · 2.5 / (2 + 2.0625)
        assert_close(a[0], 0.470_003_629_245_735_6);
        assert_close(a[1], 0.578_466_005_225_520_7);
        assert_close(a[1], ln_1_6 * 5.0 / 4.0625);
        assert_eq!(a[2], 0.0);
        assert_eq!(index.ranking(&query("a")), [1, 0, 2]);

        let bc = index.scores(&query("b c"));
        // text 0: ln(8/3) · 2.5 / 2.5; text 1: ln 1.6 · 2.5 / 3.0625; text 2: ln 1.6 · 2.5 / 1.9375
        assert_close(bc[0], 0.980_829_253_011_726_2);
        assert_close(bc[0], ln_8_3);
        assert_close(bc[1], 0.383_676_432_037_335_2);
        assert_close(bc[2], 0.606_456_295_800_949_2);
        assert_eq!(index.ranking(&query("b c")), [0, 2, 1]);
        assert_eq!(index.top(&query("b c"), 2), [0, 2]);

        // A repeated query token counts twice.
        let cc = index.scores(&query("c c"));
        assert_close(cc[2], 2.0 * bc[2]);
    }

    #[test]
    fn ties_keep_text_order() {
        let index = Index::new(["z", "x y", "y x", "x y", "w"]);
        assert_eq!(index.ranking(&query("x")), [1, 2, 3, 0, 4]);
        assert_eq!(index.top(&query("x"), 2), [1, 2]);
        // No token of the query in any text: every score is 0.
        assert_eq!(index.ranking(&query("absent")), [0, 1, 2, 3, 4]);
        assert_eq!(index.ranking(&[]), [0, 1, 2, 3, 4]);
        assert_eq!(index.top(&query("absent"), 3), [0, 1, 2]);
    }

    #[test]
    fn empty_and_tokenless_indexes() {
        let empty = Index::new(std::iter::empty());
        assert!(empty.ranking(&query("a")).is_empty());
        let blank = Index::new(["", " - "]);
        assert_eq!(blank.scores(&query("a")), [0.0, 0.0]);
        assert_eq!(blank.top(&query("a"), 5), [0, 1]);
        assert!(blank.top(&query("a"), 0).is_empty());
    }
}
