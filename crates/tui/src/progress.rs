//! The trainer's progress, kept between runs in the user's configuration directory
//! (`martian-dice/trainer-progress.json`, beside the remembered setup): each session's score and
//! how each kind of position went (`martian_review::Progress`). A missing or damaged file is a
//! fresh start; keeping progress is a convenience and never stops a session.

use std::io;
use std::path::{Path, PathBuf};

use martian_review::Progress;

/// Where the progress is kept: `<config dir>/martian-dice/trainer-progress.json`, if the system
/// has a configuration directory.
pub fn default_path() -> Option<PathBuf> {
    dirs::config_dir().map(|dir| dir.join("martian-dice").join("trainer-progress.json"))
}

/// The progress kept at `path`; a fresh start when there is none or it cannot be read.
pub fn load(path: &Path) -> Progress {
    std::fs::read_to_string(path)
        .map(|text| Progress::from_json(&text))
        .unwrap_or_default()
}

/// Writes `progress` to `path`, replacing the file whole (written beside it, then renamed), so
/// that an interrupted write leaves the old file or the new one.
pub fn save(path: &Path, progress: &Progress) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut temp = path.as_os_str().to_owned();
    temp.push(format!(".{}.tmp", std::process::id()));
    let temp = PathBuf::from(temp);
    std::fs::write(&temp, progress.to_json() + "\n")?;
    std::fs::rename(&temp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use martian_review::{Lesson, SessionRecord};
    use martian_solver::Cause;

    #[test]
    fn progress_reads_back_and_a_damaged_file_is_a_fresh_start() {
        let dir = std::env::temp_dir().join(format!("martian-progress-{}", std::process::id()));
        let path = dir.join("deep").join("trainer-progress.json");
        assert_eq!(load(&path), Progress::default(), "no file yet");
        let mut progress = Progress::default();
        progress.record_answer(Lesson::take(Cause::Later), false);
        progress.record_session(SessionRecord {
            answered: 3,
            best: 2,
            ..SessionRecord::default()
        });
        save(&path, &progress).unwrap();
        assert_eq!(load(&path), progress);
        std::fs::write(&path, "{\"sessions\": 7").unwrap();
        assert_eq!(load(&path), Progress::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
