//! Output files that appear whole or not at all (`--report`, `--documents`,
//! `--stats-json`): each is written to a temporary file beside its
//! destination and renamed over it once complete. A run that stops on an
//! error drops the temporary file, which removes it, so no half-written
//! file is left where a reader would take it for the result.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use tempfile::NamedTempFile;

/// An output file being written; see the module doc.
#[derive(Debug)]
pub struct PendingFile {
    out: BufWriter<NamedTempFile>,
    path: PathBuf,
}

impl PendingFile {
    /// Starts writing `path`: creates a temporary file in its directory, so
    /// that a path that cannot be written fails here, before any work. The
    /// error names neither `path` (the caller does) nor the temporary file
    /// (the user never chose it).
    pub fn create(path: &Path) -> io::Result<Self> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        if path.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::IsADirectory,
                "it is a directory",
            ));
        }
        if !dir.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("no directory {}", dir.display()),
            ));
        }
        let name = path
            .file_name()
            .map_or_else(|| "output".into(), |name| name.to_string_lossy());
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        // As `File::create` would: readable by others unless the umask says no.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        // tempfile's error names the temporary file: keep only its kind.
        let temp = builder.tempfile_in(dir).map_err(|err| {
            io::Error::new(
                err.kind(),
                format!("cannot create a file in {}: {}", dir.display(), err.kind()),
            )
        })?;
        Ok(PendingFile {
            out: BufWriter::new(temp),
            path: path.to_owned(),
        })
    }

    /// The destination.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Flushes the file and moves it to its destination.
    pub fn commit(self) -> io::Result<()> {
        let temp = self
            .out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        temp.as_file().sync_all()?;
        temp.persist(&self.path)
            .map(drop::<File>)
            .map_err(|err| err.error)
    }
}

impl Write for PendingFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("list")
            .map(|entry| {
                entry
                    .expect("entry")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_committed_file_appears_whole_at_its_path() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("report.html");
        let mut file = PendingFile::create(&path).expect("create");
        file.write_all(b"half").expect("write");
        assert!(
            !path.exists(),
            "nothing at the destination before the commit"
        );
        file.write_all(b" and whole").expect("write");
        file.commit().expect("commit");
        assert_eq!(std::fs::read(&path).expect("read"), b"half and whole");
        assert_eq!(names(dir.path()), ["report.html"]);
    }

    #[test]
    fn errors_name_no_temporary_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let missing = dir.path().join("missing").join("report.html");
        let err = PendingFile::create(&missing).expect_err("no such directory");
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        assert!(err.to_string().contains("missing"), "{err}");
        let err = PendingFile::create(dir.path()).expect_err("a directory");
        assert_eq!(err.to_string(), "it is a directory");
        assert!(!err.to_string().contains(".tmp"));
    }

    #[test]
    fn a_dropped_file_leaves_nothing_and_keeps_an_older_one() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("stats.json");
        std::fs::write(&path, "older run").expect("write");
        let mut file = PendingFile::create(&path).expect("create");
        file.write_all(&[b'x'; 100_000]).expect("write");
        drop(file);
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "older run");
        assert_eq!(names(dir.path()), ["stats.json"]);
    }
}
