//! Corpus inputs: `.html`/`.htm` pages, the `#data` sections of html5lib
//! tree-construction `.dat` files, and the `input` strings of html5lib
//! tokenizer `.test` files.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// One HTML input of a corpus.
#[derive(Debug, Clone)]
pub struct Page {
    /// The file, with `#N` appended for the N-th input of a test file.
    pub name: String,
    pub html: String,
}

/// All inputs below `dir`, in sorted path order.
pub fn load(dir: &Path) -> anyhow::Result<Vec<Page>> {
    if !dir.is_dir() {
        bail!("corpus {} is not a directory", dir.display());
    }
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("listing {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut pages = Vec::new();
    for path in files {
        let name = path
            .strip_prefix(dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        match extension(&path).as_deref() {
            Some("html" | "htm") => {
                let bytes = read(&path)?;
                pages.push(Page {
                    name,
                    html: html_splitter::encoding::decode(&bytes, None),
                });
            }
            Some("dat") => {
                let text = String::from_utf8_lossy(&read(&path)?).into_owned();
                pages.extend(
                    dat_inputs(&text)
                        .into_iter()
                        .enumerate()
                        .map(|(i, html)| Page {
                            name: format!("{name}#{i}"),
                            html,
                        }),
                );
            }
            Some("test") => {
                let json: serde_json::Value = serde_json::from_slice(&read(&path)?)
                    .with_context(|| format!("parsing {}", path.display()))?;
                pages.extend(
                    test_inputs(&json)
                        .into_iter()
                        .enumerate()
                        .map(|(i, html)| Page {
                            name: format!("{name}#{i}"),
                            html,
                        }),
                );
            }
            _ => {}
        }
    }
    Ok(pages)
}

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|ext| ext.to_str())
        .map(str::to_ascii_lowercase)
}

fn read(path: &PathBuf) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("reading {}", path.display()))
}

/// The `#data` sections of a tree-construction test file: each runs from the
/// line after `#data` to the next line that starts a section.
fn dat_inputs(text: &str) -> Vec<String> {
    let mut inputs = Vec::new();
    let mut current: Option<Vec<&str>> = None;
    for line in text.split('\n') {
        if line == "#data" {
            if let Some(lines) = current.take() {
                inputs.push(lines.join("\n"));
            }
            current = Some(Vec::new());
        } else if line.starts_with("#errors")
            || line.starts_with("#new-errors")
            || line.starts_with("#document")
        {
            if let Some(lines) = current.take() {
                inputs.push(lines.join("\n"));
            }
        } else if let Some(lines) = current.as_mut() {
            lines.push(line);
        }
    }
    inputs.extend(current.map(|lines| lines.join("\n")));
    inputs
}

/// The `input` strings of every test list in a tokenizer test file.
fn test_inputs(json: &serde_json::Value) -> Vec<String> {
    let Some(object) = json.as_object() else {
        return Vec::new();
    };
    object
        .values()
        .filter_map(|tests| tests.as_array())
        .flatten()
        .filter_map(|test| test.get("input")?.as_str().map(str::to_owned))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dat_sections() {
        let text = "#data\n<p>a\nb\n#errors\n(1,1): x\n#document\n| <html>\n\n#data\n<b>\n#document-fragment\ntd\n#document\n";
        assert_eq!(dat_inputs(text), ["<p>a\nb", "<b>"]);
    }
}
