//! How the title is chosen: the main heading when the page's own titles
//! (structured data's headline, `og:title`, `<title>`) name the same thing,
//! else the first of those that names content; a headline cut short
//! completed, a prefix before the headline and a site's name left out.

use super::Facts;
use super::text::collapse;

/// How long a JSON-LD headline may be before it may have been cut short
/// (at Google's limit of 110 characters).
const CUT_HEADLINE: usize = 100;

impl Facts {
    /// Structured data's `headline`, or the page's title that goes on
    /// where it stops: a headline of [`CUT_HEADLINE`] characters or more
    /// was cut short at Google's limit of 110 (as SEO plugins do).
    fn whole_headline<'a>(&'a self, headline: &'a str) -> &'a str {
        if headline.chars().count() < CUT_HEADLINE {
            return headline;
        }
        let words = words_of(headline);
        [self.meta.get("og:title"), self.title_tag.as_ref()]
            .into_iter()
            .flatten()
            .find(|title| {
                let title = words_of(title);
                title.len() > words.len() && title.starts_with(&words)
            })
            .map_or(headline, String::as_str)
    }

    /// The content's title: the first of structured data's headline,
    /// Open Graph's and Twitter's titles and `<title>`, with a site's name
    /// left out; the main heading when nothing else names the page.
    pub(super) fn title(&self, site_name: Option<&str>) -> Option<String> {
        // The main heading is the title a reader sees: taken when the
        // page's own title names the same thing (most of the heading's
        // words are in it), so a site's name, a tagline or an SEO title
        // is left out. A heading that is the site's name (a logo in an
        // `h1`, `Headline | Site` with `Site` as the heading) names no
        // content: the next `h1` is looked at.
        let headline = self
            .json_ld
            .headline
            .as_deref()
            .map(|headline| self.whole_headline(headline));
        let titles = [
            headline,
            self.meta.get("og:title").map(String::as_str),
            self.title_tag.as_deref(),
        ];
        let names_the_site = |h1: &str| {
            site_name.is_some_and(|site| same_words(h1, site))
                || titles
                    .iter()
                    .flatten()
                    .any(|title| is_trailing_part(h1, title))
        };
        // A heading that is the page's own title, or its headline part
        // (`Headline | Site`), is the headline, before an earlier one that
        // only shares some words with it (a blog's name above the post's).
        let is_own_title = |h1: &str| {
            titles.iter().flatten().any(|title| {
                same_words(h1, title)
                    || TITLE_SEPARATORS
                        .iter()
                        .find_map(|separator| title.split_once(separator))
                        .is_some_and(|(first, _)| same_words(h1, first))
            })
        };
        let h1 = self
            .h1s
            .iter()
            .map(String::as_str)
            .find(|h1| is_own_title(h1))
            .or_else(|| {
                self.h1s
                    .iter()
                    .map(String::as_str)
                    .find(|h1| !names_the_site(h1))
            });
        if let Some(h1) = h1
            && h1.split_whitespace().count() <= 30
            && titles.iter().flatten().any(|title| mostly_in(h1, title))
        {
            // The heading may put a thread's prefix or its date before the
            // headline the page names itself by (`Tips Kayak or canoe?`,
            // `Dec 18 2025 Tide pools`): that headline is the title.
            let heading = words_of(h1);
            let own = [headline, self.meta.get("og:title").map(String::as_str)]
                .into_iter()
                .flatten()
                .find(|title| {
                    let title = words_of(title);
                    !title.is_empty()
                        && title.len() < heading.len()
                        && heading.len() - title.len() <= 3
                        && heading.ends_with(&title)
                });
            // A heading may end with the site's name as a title does
            // (`Catering Tips | Cookshack`): it is left out.
            let h1 = site_name
                .and_then(|site| {
                    TITLE_SEPARATORS.iter().find_map(|separator| {
                        let (head, last) = h1.rsplit_once(separator)?;
                        (!head.trim().is_empty() && names_site(last.trim(), site))
                            .then(|| head.trim())
                    })
                })
                .unwrap_or(h1);
            return Some(own.map_or_else(|| h1.to_owned(), collapse));
        }
        // A title that is only the site's name names no content, nor one
        // whose headline part is empty (`| Site`: a template's blank).
        let names_content = |title: &str| {
            site_name.is_none_or(|site| !same_words(title, site))
                && !TITLE_SEPARATORS
                    .iter()
                    .any(|separator| title.starts_with(separator.trim_start()))
        };
        let candidate = headline
            .map(str::to_owned)
            .filter(|title| names_content(title))
            .or_else(|| self.meta_where(&["og:title", "twitter:title", "dc.title"], names_content))
            .or_else(|| self.title_tag.clone().filter(|title| names_content(title)))
            .or_else(|| self.microdata.get("headline").cloned())
            .or_else(|| h1.map(str::to_owned))
            .or_else(|| self.title_tag.clone())?;
        Some(without_site(&candidate, site_name, h1))
    }
}

/// What separates a title's headline from its site's or section's name.
const TITLE_SEPARATORS: &[&str] = &[
    " | ", " - ", " – ", " — ", " · ", " :: ", " » ", " • ", " / ",
];

/// `title` without a site's name: of the parts around a separator (`|`,
/// `-`, `–`, `—`, `·`, `::`, `»`), the one the main heading equals, else
/// the parts left when those naming the site are taken off.
fn without_site(title: &str, site_name: Option<&str>, h1: Option<&str>) -> String {
    let title = collapse(title);
    let Some(separator) = TITLE_SEPARATORS
        .iter()
        .find(|separator| title.contains(**separator))
    else {
        return title;
    };
    let parts: Vec<&str> = title.split(separator).map(str::trim).collect();
    if let Some(h1) = h1
        && let Some(part) = parts.iter().find(|part| same_words(part, h1))
    {
        return (*part).to_owned();
    }
    // The main heading may hold the headline with a separator of its own.
    if let Some(h1) = h1
        && title.starts_with(h1)
        && h1.len() > title.len() / 3
    {
        return h1.to_owned();
    }
    if let Some(site) = site_name {
        let kept: Vec<&str> = parts
            .iter()
            .copied()
            .filter(|part| !names_site(part, site))
            .collect();
        if !kept.is_empty() && kept.len() < parts.len() {
            return kept.join(separator);
        }
    }
    // Nothing says which part is the site's: a title is written headline
    // first, then what it belongs to (`Headline | Section | Site`).
    match parts.first() {
        Some(first) if first.split_whitespace().count() >= 2 => (*first).to_owned(),
        _ => title,
    }
}

/// Whether `heading` begins the last part of `title` (`Headline | Site`,
/// `Topic / Board / Site Forums`), where titles name what the page belongs
/// to. A middle part (`tag - Headline - Site`) is the headline as often
/// as not.
fn is_trailing_part(heading: &str, title: &str) -> bool {
    let title = collapse(title);
    let heading = words_of(heading);
    TITLE_SEPARATORS.iter().any(|separator| {
        title
            .rsplit_once(separator)
            .is_some_and(|(_, last)| !heading.is_empty() && words_of(last).starts_with(&heading))
    })
}

/// The words of `text`, lowercased, punctuation left out.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `part` of a title names the site: equal to its name, or one
/// holds the other (`Example` and `Example.com`), ignoring case.
pub(super) fn names_site(part: &str, site: &str) -> bool {
    let (part, site) = (part.to_lowercase(), site.to_lowercase());
    let bare = |text: &str| {
        text.trim_start_matches("www.")
            .trim_end_matches(".com")
            .trim_end_matches(".org")
            .trim_end_matches(".net")
            .to_owned()
    };
    part == site || bare(&part) == bare(&site) || (site.len() > 3 && part.contains(&site))
}

/// Whether most (at least half) of the words of `part` are in `whole`,
/// ignoring case and punctuation.
fn mostly_in(part: &str, whole: &str) -> bool {
    let (part, whole) = (words_of(part), words_of(whole));
    let found = part.iter().filter(|word| whole.contains(word)).count();
    !part.is_empty() && found * 2 >= part.len()
}

/// Whether two texts have the same words, ignoring case and punctuation.
fn same_words(a: &str, b: &str) -> bool {
    let (a, b) = (words_of(a), words_of(b));
    !a.is_empty() && a == b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_metadata::tests::{full, page};

    #[test]
    fn a_sites_name_is_left_out_of_the_title() {
        assert_eq!(
            without_site("Tide pools | Field Notes", Some("Field Notes"), None),
            "Tide pools"
        );
        assert_eq!(
            without_site("Field Notes - Tide pools", Some("field notes"), None),
            "Tide pools"
        );
        assert_eq!(
            without_site(
                "Tide pools — a guide | Example",
                None,
                Some("Tide pools — a guide")
            ),
            "Tide pools — a guide"
        );
        assert_eq!(
            without_site("Tide pools - Example.com", Some("Example"), None),
            "Tide pools"
        );
        // Nothing says which part is the site's: the headline comes first.
        assert_eq!(
            without_site("Tide pools - a guide", None, None),
            "Tide pools"
        );
        assert_eq!(without_site("Home | Example", None, None), "Home | Example");
    }

    #[test]
    fn a_logo_in_an_h1_is_not_the_title() {
        let dom = page("Tide pools at dawn | Field Notes", |dom, body| {
            let logo = dom.element(body, "h1");
            dom.add_text(logo, "Field Notes");
            let headline = dom.element(body, "h1");
            dom.add_text(headline, "Tide pools at dawn");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools at dawn"));
        // The only `h1` is the logo: the title tag, less the site's part.
        let dom = page("Tide pools at dawn | Field Notes", |dom, body| {
            let logo = dom.element(body, "h1");
            dom.add_text(logo, "Field Notes");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools at dawn"));
    }

    #[test]
    fn a_site_is_named_at_the_end_of_a_title() {
        // A forum's logo begins the title's last part.
        let dom = page("Kayak or canoe? / Boats / Paddlers Forums", |dom, body| {
            let logo = dom.element(body, "h1");
            dom.add_text(logo, "Paddlers");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Kayak or canoe?"));
        // A title whose headline part a template left blank.
        let dom = page("| Paddlers Monthly", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "River kayaks");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("River kayaks"));
        // A middle part is the headline, not the site.
        let dom = page("kayaks - Kayak or canoe? - Paddlers", |dom, body| {
            let headline = dom.element(body, "h1");
            dom.add_text(headline, "Kayak or canoe?");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Kayak or canoe?"));
    }

    #[test]
    fn a_headings_prefix_is_not_part_of_the_title() {
        let titled = |title: &str, heading: &str| {
            let dom = page(title, |dom, body| {
                let meta = dom.element(body, "meta");
                dom.set_attribute(meta, "property", "og:title");
                dom.set_attribute(meta, "content", "Kayak or canoe?");
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, heading);
            });
            full(&dom).title
        };
        // A thread's prefix label, a date before the headline.
        let title = "Kayak or canoe? | Paddlers";
        assert_eq!(
            titled(title, "Boats Kayak or canoe?").as_deref(),
            Some("Kayak or canoe?")
        );
        assert_eq!(
            titled(title, "Dec 18 2025 Kayak or canoe?").as_deref(),
            Some("Kayak or canoe?")
        );
        // More than a prefix: the heading says more than the title.
        let heading = "A question for the club: kayak or canoe?";
        assert_eq!(
            titled(&format!("{heading} | Paddlers"), heading).as_deref(),
            Some(heading)
        );
    }

    #[test]
    fn a_headline_cut_short_is_completed_from_the_title() {
        let whole = "Tide pools at dawn: what we found in the rocks below the lighthouse, \
                     and why the anemones close when the water leaves them";
        let cut: String = whole.chars().take(105).collect();
        let cut = cut.trim_end();
        let dom = page(&format!("{whole} - Field Notes"), |dom, body| {
            let script = dom.element(body, "script");
            dom.set_attribute(script, "type", "application/ld+json");
            dom.add_text(
                script,
                &format!(r#"{{"@type":"BlogPosting","headline":"{cut}"}}"#),
            );
            let site = dom.element(body, "meta");
            dom.set_attribute(site, "property", "og:site_name");
            dom.set_attribute(site, "content", "Field Notes");
        });
        assert_eq!(full(&dom).title.as_deref(), Some(whole));
        // A permalink's sign is not part of the heading.
        let dom = page("Middleware | Docs", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Middleware");
            let link = dom.element(h1, "a");
            dom.add_text(link, "¶");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Middleware"));
    }

    #[test]
    fn a_heading_that_is_the_pages_own_title_is_the_headline() {
        let dom = page(
            "Tide pools at dawn - Coastal Walking Guides",
            |dom, body| {
                // A blog's name, sharing a word with the title.
                let blog = dom.element(body, "h1");
                dom.add_text(blog, "Coastal Notes");
                let headline = dom.element(body, "h1");
                dom.add_text(headline, "Tide pools at dawn");
            },
        );
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools at dawn"));
        // The title's last part is no headline.
        let dom = page("Tide pools at dawn | Coastal Notes", |dom, body| {
            let headline = dom.element(body, "h1");
            dom.add_text(headline, "Tide pools at dawn, in pictures");
            let blog = dom.element(body, "h1");
            dom.add_text(blog, "Coastal Notes");
        });
        assert_eq!(
            full(&dom).title.as_deref(),
            Some("Tide pools at dawn, in pictures")
        );
    }

    #[test]
    fn a_sites_name_after_the_heading_is_left_out() {
        let dom = page("Rock pools | Field Notes", |dom, body| {
            let site = dom.element(body, "meta");
            dom.set_attribute(site, "property", "og:site_name");
            dom.set_attribute(site, "content", "Field Notes");
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Rock pools at low tide – Field Notes");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Rock pools at low tide"));
        // Only the site's name: a part that names something else stays.
        let dom = page("Rock pools | Field Notes", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Rock pools – a field guide");
        });
        assert_eq!(
            full(&dom).title.as_deref(),
            Some("Rock pools – a field guide")
        );
    }

    #[test]
    fn a_headings_text_for_screen_readers_only_is_not_its_title() {
        let dom = page("Rock pools | Field Notes", |dom, body| {
            let logo = dom.element(body, "h1");
            let link = dom.element(logo, "a");
            let hidden = dom.element(link, "span");
            dom.set_attribute(hidden, "class", "sr-only");
            dom.add_text(hidden, "Field Notes home");
            let h1 = dom.element(body, "h1");
            let hidden = dom.element(h1, "span");
            dom.set_attribute(hidden, "class", "badge visually-hidden");
            dom.add_text(hidden, "Topic: ");
            dom.add_text(h1, "Rock pools");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Rock pools"));
    }

    #[test]
    fn a_buttons_label_in_a_heading_is_not_its_title() {
        let dom = page("reef - Field Guide", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Chapter ");
            let name = dom.element(h1, "span");
            dom.add_text(name, "reef");
            let button = dom.element(h1, "button");
            dom.add_text(button, "Copy link");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Chapter reef"));
        // A heading that is only a button (an accordion's) keeps its text.
        let dom = page("Shore birds and tide pools", |dom, body| {
            let h1 = dom.element(body, "h1");
            let button = dom.element(h1, "button");
            dom.add_text(button, "Shore birds");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Shore birds"));
    }

    #[test]
    fn a_soft_hyphen_is_not_part_of_the_title() {
        let dom = page("Rock pool guide - Field Notes", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Rock pool gui\u{ad}de");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Rock pool guide"));
    }
}
