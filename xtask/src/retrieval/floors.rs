//! `--floors`: the shares below which a run fails, as
//! `[CONFIGURATION:]FIGURE=SHARE` items separated by commas
//! (`text:hit3k=0.70,markdown:hit3k=0.65`). A floor without a
//! configuration holds for every configuration; a configuration is named
//! in full (`text-800-1000`) or by the part of its name before a `-`
//! (`text`), and a name that matches none is an error, so that a typo does
//! not pass unchecked.

use anyhow::{Context, bail};

use super::Figure;

/// One floor of `--floors`.
#[derive(Debug, Clone, PartialEq)]
pub struct Floor {
    configuration: Option<String>,
    figure: Figure,
    share: f64,
    /// The floor as written, for the messages.
    written: String,
}

impl Floor {
    /// Whether the floor holds for the configuration called `name`.
    fn applies_to(&self, name: &str) -> bool {
        match &self.configuration {
            None => true,
            Some(wanted) => {
                name == wanted
                    || name
                        .strip_prefix(wanted.as_str())
                        .is_some_and(|rest| rest.starts_with('-'))
            }
        }
    }
}

/// Reads `--floors`.
pub fn parse(floors: &str) -> anyhow::Result<Vec<Floor>> {
    let mut parsed = Vec::new();
    for item in floors
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
    {
        let Some((left, share)) = item.split_once('=') else {
            bail!("--floors: {item:?} is not [CONFIGURATION:]FIGURE=SHARE");
        };
        let (configuration, figure) = match left.split_once(':') {
            Some((configuration, figure)) => (Some(configuration.trim()), figure.trim()),
            None => (None, left.trim()),
        };
        if configuration.is_some_and(str::is_empty) {
            bail!("--floors: {item:?} names no configuration before ':'");
        }
        let Some(figure) = Figure::ALL.into_iter().find(|f| f.name() == figure) else {
            let names: Vec<&str> = Figure::ALL.iter().map(|f| f.name()).collect();
            bail!(
                "--floors: unknown figure {figure:?} in {item:?} (figures: {})",
                names.join(", ")
            );
        };
        let share: f64 = share
            .trim()
            .parse()
            .with_context(|| format!("--floors: {item:?}: {share:?} is not a number"))?;
        if !(0.0..=1.0).contains(&share) {
            bail!("--floors: {item:?}: a floor is a share between 0 and 1");
        }
        parsed.push(Floor {
            configuration: configuration.map(str::to_owned),
            figure,
            share,
            written: item.to_owned(),
        });
    }
    Ok(parsed)
}

/// Fails when a floor names a configuration that is not among `names`.
pub fn check_names(floors: &[Floor], names: &[String]) -> anyhow::Result<()> {
    for floor in floors {
        if !names.iter().any(|name| floor.applies_to(name)) {
            bail!(
                "--floors: {:?} names no configuration of this run ({})",
                floor.written,
                names.join(", ")
            );
        }
    }
    Ok(())
}

/// What each floor below its figure says, in the order of the floors and
/// then of the configurations: `value(i, figure)` is configuration `i`'s
/// figure, a share.
pub fn failures(
    floors: &[Floor],
    names: &[String],
    value: impl Fn(usize, Figure) -> f64,
) -> Vec<String> {
    let mut failures = Vec::new();
    for floor in floors {
        for (i, name) in names.iter().enumerate() {
            let figure = value(i, floor.figure);
            if floor.applies_to(name) && figure < floor.share {
                failures.push(format!(
                    "{name}: {} (BM25 {}) is {figure:.4}, below its floor {} ({})",
                    floor.figure.name(),
                    floor.figure.label(),
                    floor.share,
                    floor.written
                ));
            }
        }
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["text-800-1000".to_owned(), "markdown-800-1000".to_owned()]
    }

    fn error(floors: &str) -> String {
        match parse(floors) {
            Ok(parsed) => panic!("{floors:?} was read as {parsed:?}"),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn parses_floors() -> anyhow::Result<()> {
        let floors = parse(" text:hit3k=0.70, markdown:hit3k=0.65 ,hit1=0.2,")?;
        assert_eq!(floors.len(), 3);
        assert_eq!(floors[0].configuration.as_deref(), Some("text"));
        assert_eq!(floors[0].figure, Figure::Hit3k);
        assert_eq!(floors[0].share, 0.70);
        assert_eq!(floors[2].configuration, None);
        assert_eq!(floors[2].figure, Figure::Hit1);
        assert!(parse("")?.is_empty());
        let all = parse("hit1=0,hit3=0,hit5=0,hit3k=0,all-hit5=1")?;
        let figures: Vec<Figure> = all.iter().map(|floor| floor.figure).collect();
        assert_eq!(figures, Figure::ALL);
        Ok(())
    }

    #[test]
    fn rejects_malformed_floors() {
        assert_eq!(
            error("text:hit3k"),
            r#"--floors: "text:hit3k" is not [CONFIGURATION:]FIGURE=SHARE"#
        );
        assert_eq!(
            error("text:hit@3=0.5"),
            r#"--floors: unknown figure "hit@3" in "text:hit@3=0.5" (figures: hit1, hit3, hit5, hit3k, all-hit5)"#
        );
        assert_eq!(
            error(":hit3=0.5"),
            r#"--floors: ":hit3=0.5" names no configuration before ':'"#
        );
        assert_eq!(
            error("hit3=70"),
            r#"--floors: "hit3=70": a floor is a share between 0 and 1"#
        );
        assert!(error("hit3=high").starts_with(r#"--floors: "hit3=high": "high" is not a number"#));
    }

    #[test]
    fn names_configurations_in_full_or_by_first_part() -> anyhow::Result<()> {
        let floors = parse("text:hit1=0.5,markdown-800-1000:hit1=0.5,hit1=0.5")?;
        check_names(&floors, &names())?;
        assert!(floors[0].applies_to("text-800-1000"));
        assert!(!floors[0].applies_to("markdown-800-1000"));
        assert!(!floors[0].applies_to("textual"));
        assert!(floors[1].applies_to("markdown-800-1000"));
        assert!(floors[2].applies_to("anything"));
        let typo = parse("txt:hit1=0.5")?;
        assert_eq!(
            check_names(&typo, &names()).map_err(|err| err.to_string()),
            Err(
                r#"--floors: "txt:hit1=0.5" names no configuration of this run (text-800-1000, markdown-800-1000)"#
                    .to_owned()
            )
        );
        Ok(())
    }

    #[test]
    fn failures_name_the_configuration_and_the_figure() -> anyhow::Result<()> {
        let floors = parse("text:hit3k=0.70,markdown:hit3k=0.65,all-hit5=0.5")?;
        let value = |i: usize, figure: Figure| match (i, figure) {
            (0, Figure::Hit3k) => 0.70,
            (1, Figure::Hit3k) => 0.6432,
            (_, Figure::AllPagesHit5) => 0.55,
            _ => 0.0,
        };
        assert_eq!(
            failures(&floors, &names(), value),
            [
                "markdown-800-1000: hit3k (BM25 hit@3k) is 0.6432, below its floor 0.65 (markdown:hit3k=0.65)"
            ]
        );
        let value = |_: usize, _: Figure| 0.4;
        assert_eq!(failures(&floors, &names(), value).len(), 4);
        Ok(())
    }
}
