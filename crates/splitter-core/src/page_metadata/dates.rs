//! Date parsing (with chrono): a date in the forms pages give it, perhaps
//! labelled (`Published on`) or followed by more (a reading time, a time of
//! day), or written in a longer text, as ISO 8601.

use super::text::begins_with;

/// `text` less a date's label that begins it (`Published: `).
fn unlabelled(text: &str) -> &str {
    const LABELS: &[&str] = &[
        "published on ",
        "published: ",
        "published ",
        "posted on ",
        "posted: ",
        "posted ",
        "last updated on ",
        "last updated: ",
        "last updated ",
        "updated on ",
        "updated: ",
        "updated ",
        "last modified on ",
        "last modified: ",
        "submitted on ",
        "on ",
        "date: ",
    ];
    LABELS
        .iter()
        .find(|label| begins_with(text, label))
        .map_or(text, |label| text[label.len()..].trim())
}

/// A short text that is a date, perhaps with a label (`Published on Dec
/// 20, 2025`, `Last updated: November 13, 2025`, `[Submitted on 18 Dec
/// 2025]`).
pub(super) fn shown_date(text: &str) -> Option<String> {
    // `Last Updated : 20 January 2025`, as French typography spaces it.
    let spaced = text.replace(" :", ":");
    let date = unlabelled(
        spaced.trim_matches(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '(' | ')')),
    );
    iso_date(date)
        .or_else(|| {
            // What follows a date on its line: a reading time (`Jun 8, 2023 •
            // 11 min read`), a time of day (`20 Dec 2025, 11:59`).
            let date = [" • ", " | ", " · ", " - "]
                .iter()
                .filter_map(|separator| date.split_once(separator))
                .map(|(head, _)| head)
                .min_by_key(|head| head.len())
                .unwrap_or(date);
            let date = [", ", " at ", " "]
                .iter()
                .filter_map(|separator| date.rsplit_once(separator))
                .find(|(_, time)| time.contains(':'))
                .map_or(date, |(head, _)| head);
            iso_date(date)
        })
        .or_else(|| {
            // A labelled date after what comes first on its line (`Essay -
            // Published: 2025.12.17 |`): a later part that is a date.
            date.split(['•', '|', '·'])
                .flat_map(|part| part.split(" - "))
                .skip(1)
                .map(|part| part.trim())
                .find_map(|part| iso_date(unlabelled(part)))
        })
}

/// The first date written in a longer text (` on Dec 16, 2025 at …`): the
/// longest run of up to five words that [`iso_date`] reads.
pub(super) fn date_in(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().take(40).collect();
    for start in 0..words.len() {
        for length in (1..=5).rev() {
            let Some(run) = words.get(start..start + length) else {
                continue;
            };
            let run = run.join(" ");
            let run = run.trim_matches(|c: char| matches!(c, ',' | '|' | '·' | '(' | ')'));
            if run.chars().any(|c| c.is_ascii_digit())
                && let Some(date) = iso_date(run)
            {
                return Some(date);
            }
        }
    }
    None
}

/// A date as ISO 8601: the full timestamp with its offset when the page
/// gives one, else `YYYY-MM-DD`; `None` when it is no date read here, or a
/// year no web page was published in (`7/3/24` read as the year 7).
pub(super) fn iso_date(text: &str) -> Option<String> {
    iso_date_of_any_year(text).filter(|date| {
        date.get(..4)
            .and_then(|year| year.parse::<u16>().ok())
            .is_some_and(|year| (1990..=2100).contains(&year))
    })
}

fn iso_date_of_any_year(text: &str) -> Option<String> {
    use chrono::{DateTime, NaiveDate, NaiveDateTime};

    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Ok(stamp) = DateTime::parse_from_rfc3339(text) {
        return Some(stamp.to_rfc3339());
    }
    // ISO 8601 variants chrono's RFC 3339 reader does not take: an offset
    // without a colon, no seconds, fractions.
    for format in [
        "%Y-%m-%dT%H:%M:%S%.f%z",
        "%Y-%m-%dT%H:%M%z",
        "%Y-%m-%d %H:%M:%S%.f%z",
    ] {
        if let Ok(stamp) = DateTime::parse_from_str(text, format) {
            return Some(stamp.to_rfc3339());
        }
    }
    if let Ok(stamp) = DateTime::parse_from_rfc2822(text) {
        return Some(stamp.to_rfc3339());
    }
    // A local time: the day is what it says.
    for format in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(stamp) = NaiveDateTime::parse_from_str(text, format) {
            return Some(stamp.date().format("%Y-%m-%d").to_string());
        }
    }
    let formats = [
        "%Y-%m-%d",
        "%Y/%m/%d",
        "%Y.%m.%d",
        "%Y%m%d",
        "%B %d, %Y",
        "%b %d, %Y",
        "%b. %d, %Y",
        "%d %B %Y",
        "%d %b %Y",
        "%d %B, %Y",
        "%d %b, %Y",
        "%B %d %Y",
        "%A, %B %d, %Y",
        "%a, %b %d, %Y",
        "%d.%m.%Y",
    ];
    for format in formats {
        if let Ok(date) = NaiveDate::parse_from_str(text, format) {
            return Some(date.format("%Y-%m-%d").to_string());
        }
    }
    // `2/24/2026` or `24/2/2026`: read only when one of the two readings
    // is possible (a day after the 12th says which is the month).
    if let Some(date) = slashed_date(text) {
        return Some(date);
    }
    // A day written as an ordinal (`September 1st, 2023`, `30th March
    // 2025`): the same date without its suffix.
    if let Some(plain) = without_ordinal(text) {
        return iso_date_of_any_year(&plain);
    }
    // A date that begins a longer text (`2024-05-02T…` in an odd form).
    let head: String = text.chars().take(10).collect();
    if head.len() == 10
        && let Ok(date) = NaiveDate::parse_from_str(&head, "%Y-%m-%d")
    {
        return Some(date.format("%Y-%m-%d").to_string());
    }
    None
}

/// `text` with the suffix of its day's ordinal taken off (`1st,` →
/// `1,`, `30th` → `30`): a number of one or two digits followed by `st`,
/// `nd`, `rd` or `th`, as a word of its own; `None` when there is none.
fn without_ordinal(text: &str) -> Option<String> {
    let mut changed = false;
    let words: Vec<String> = text
        .split(' ')
        .map(|word| {
            let bare = word.trim_end_matches([',', '.']);
            let digits = bare.bytes().take_while(u8::is_ascii_digit).count();
            let suffix = &bare[digits..];
            if !changed
                && (1..=2).contains(&digits)
                && ["st", "nd", "rd", "th"]
                    .iter()
                    .any(|known| suffix.eq_ignore_ascii_case(known))
            {
                changed = true;
                format!("{}{}", &bare[..digits], &word[bare.len()..])
            } else {
                word.to_owned()
            }
        })
        .collect();
    changed.then(|| words.join(" "))
}

/// A day written `M/D/YYYY` or `D/M/YYYY` when only one reading is a date
/// (`2/24/2026`, `24/2/2026`); `3/10/2023` says nothing sure.
fn slashed_date(text: &str) -> Option<String> {
    let mut parts = text.split('/');
    let (first, second, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some()
        || year.len() != 4
        || ![first, second]
            .iter()
            .all(|part| (1..=2).contains(&part.len()))
    {
        return None;
    }
    let number = |part: &str| part.parse::<u32>().ok();
    let (first, second, year) = (number(first)?, number(second)?, year.parse::<i32>().ok()?);
    let (month, day) = match (first > 12, second > 12) {
        (true, false) => (second, first),
        (false, true) => (first, second),
        _ => return None,
    };
    chrono::NaiveDate::from_ymd_opt(year, month, day)
        .map(|date| date.format("%Y-%m-%d").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_metadata::tests::{full, page};
    use crate::page_metadata::{DATE_ABOVE_HEADING, DATE_NEAR_HEADING};

    #[test]
    fn dates_are_read_in_the_forms_pages_give() {
        let cases = [
            ("2024-05-02", "2024-05-02"),
            ("2024-05-02T10:30:00Z", "2024-05-02T10:30:00+00:00"),
            ("2024-05-02T10:30:00+0200", "2024-05-02T10:30:00+02:00"),
            ("2024-05-02T10:30:00", "2024-05-02"),
            ("2024-05-02 10:30", "2024-05-02"),
            ("May 2, 2024", "2024-05-02"),
            ("2 May 2024", "2024-05-02"),
            ("Thu, 02 May 2024 10:30:00 GMT", "2024-05-02T10:30:00+00:00"),
            ("2024/05/02", "2024-05-02"),
            // A day as an ordinal.
            ("September 1st, 2023", "2023-09-01"),
            ("30th March 2025", "2025-03-30"),
            ("Aug 22nd 2024", "2024-08-22"),
            ("3rd Jan, 2024", "2024-01-03"),
        ];
        for (text, iso) in cases {
            assert_eq!(iso_date(text).as_deref(), Some(iso), "{text}");
        }
        for text in [
            "",
            "yesterday",
            "2024-13-45",
            "\u{0}",
            "1st",
            "May 32nd, 2024",
        ] {
            assert_eq!(iso_date(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_shown_date_may_be_followed_by_more() {
        let cases = [
            ("Jun 08, 2023 • 11 Minute Read", Some("2023-06-08")),
            ("20 Dec 2025, 11:59", Some("2025-12-20")),
            ("19 Dec, 2025", Some("2025-12-19")),
            ("Last Updated : 20 January 2025", Some("2025-01-20")),
            ("Updated: 10/31/2024", Some("2024-10-31")),
            ("24/2/2026", Some("2026-02-24")),
            // Either the 3rd of October or the 10th of March.
            ("03/10/2023", None),
            ("13/13/2023", None),
            ("1/1/1/2023", None),
            ("//", None),
            ("é/2/2024", None),
            ("31/2/2024", None),
            ("Jun 8, 2023 • ", None),
            // A labelled date after what comes first on its line.
            ("Field note - Published: 2024.05.02 | ", Some("2024-05-02")),
            ("Tide pools · Posted 2 May 2024", Some("2024-05-02")),
            ("Part 3 - Step 12", None),
        ];
        for (text, date) in cases {
            assert_eq!(shown_date(text).as_deref(), date, "{text}");
        }
        // Microsoft Learn's date `<meta>`.
        let dom = page("Headline", |dom, body| {
            let meta = dom.element(body, "meta");
            dom.set_attribute(meta, "name", "ms.date");
            dom.set_attribute(meta, "content", "03/06/2025");
            let meta = dom.element(body, "meta");
            dom.set_attribute(meta, "name", "ms.date");
            dom.set_attribute(meta, "content", "ignored: the first wins");
        });
        assert_eq!(full(&dom).published, None);
        let dom = page("Headline", |dom, body| {
            let meta = dom.element(body, "meta");
            dom.set_attribute(meta, "name", "ms.date");
            dom.set_attribute(meta, "content", "2025-03-06T00:00:00Z");
        });
        assert_eq!(
            full(&dom).published.as_deref(),
            Some("2025-03-06T00:00:00+00:00")
        );
        // A `datetime` not in ISO 8601.
        let dom = page("Headline", |dom, body| {
            let time = dom.element(body, "time");
            dom.set_attribute(time, "datetime", "February 24, 2006 02:01am");
            dom.add_text(time, "a while ago");
        });
        assert_eq!(full(&dom).published.as_deref(), Some("2006-02-24"));
    }

    #[test]
    fn a_date_is_found_in_a_byline() {
        assert_eq!(
            date_in("by Matt Miller on Dec 16, 2025 at 11:00 AM").as_deref(),
            Some("2025-12-16")
        );
        assert_eq!(
            date_in("Updated 2024-05-02 · 5 min read").as_deref(),
            Some("2024-05-02")
        );
        assert_eq!(date_in("by Matt Miller"), None);
    }

    #[test]
    fn a_date_shown_above_the_headline_is_read() {
        let dom = page("Headline", |dom, body| {
            let dateline = dom.element(body, "p");
            dom.add_text(dateline, "[Submitted on 18 Dec 2025]");
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
        });
        assert_eq!(full(&dom).published.as_deref(), Some("2025-12-18"));
        // Far above the headline (a calendar in the menu): not its date.
        let dom = page("Headline", |dom, body| {
            let calendar = dom.element(body, "p");
            dom.add_text(calendar, "Last updated: November 13, 2025");
            for item in 0..=DATE_ABOVE_HEADING {
                let link = dom.element(body, "a");
                dom.add_text(link, &format!("Menu item {item}"));
            }
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
        });
        assert_eq!(full(&dom).published, None);
    }

    #[test]
    fn a_time_element_may_hold_its_date_as_text() {
        let dom = page("Headline", |dom, body| {
            let time = dom.element(body, "time");
            dom.add_text(time, "Published on June 04, 2025");
        });
        assert_eq!(full(&dom).published.as_deref(), Some("2025-06-04"));
        // `7/3/24` is no year-7 date.
        assert_eq!(iso_date("7/3/24"), None);
        assert_eq!(
            shown_date("Last updated: November 13, 2025").as_deref(),
            Some("2025-11-13")
        );
    }

    #[test]
    fn a_page_without_an_h1_shows_its_date_near_its_top() {
        let with_texts = |before: usize, h1: bool| {
            let dom = page("Tide pools", |dom, body| {
                for n in 0..before {
                    let item = dom.element(body, "li");
                    dom.add_text(item, &format!("Menu item {n}"));
                }
                let date = dom.element(body, "p");
                dom.add_text(date, "2 May, 2024");
                if h1 {
                    for n in 0..=DATE_ABOVE_HEADING {
                        let filler = dom.element(body, "p");
                        dom.add_text(filler, &format!("Teaser {n}"));
                    }
                    let heading = dom.element(body, "h1");
                    dom.add_text(heading, "Tide pools");
                }
                let footer = dom.element(body, "footer");
                dom.add_text(footer, "Copyright 2019");
            });
            full(&dom).published
        };
        assert_eq!(with_texts(3, false).as_deref(), Some("2024-05-02"));
        // Too far down the page: a list's or a review's date.
        assert_eq!(with_texts(DATE_NEAR_HEADING + 1, false), None);
        // A page with a main heading dates it near the heading only.
        assert_eq!(with_texts(3, true), None);
    }
}
