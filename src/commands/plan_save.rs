//! Saving a plan into the config file's `[plan]` table, every other line kept as written
//! (`toml_edit`); only a regular file (or none yet), never through a symlink, by a rename of a
//! finished file beside it, so a failure leaves the old file whole.

use std::path::Path;

use anyhow::Context;

use super::UsageError;
use crate::config::Settings;
use crate::trainer::plan_saved::SavedPlan;

/// The refusal of `--ramp plan` at a table or drill counting the count keyed `count`: the
/// saved plan's ramp is by another count's true count, or no plan is saved.
pub fn ramp_plan_refused(loaded: &super::config::Loaded, count: &str) -> UsageError {
    match &loaded.settings.plan {
        Some(saved) => match saved.fits_count(count) {
            Err(why) => UsageError(why),
            Ok(()) => no_plan_saved(loaded),
        },
        None => no_plan_saved(loaded),
    }
}

/// The refusal of `--ramp plan` when the config file holds no plan.
pub fn no_plan_saved(loaded: &super::config::Loaded) -> UsageError {
    let place = loaded
        .path
        .as_ref()
        .map_or_else(|| "the config file".to_owned(), |p| p.display().to_string());
    UsageError(format!(
        "--ramp plan: no plan is saved in {place}; `blackjack plan --bankroll N --save` saves one"
    ))
}

/// Writes `plan` as the `[plan]` table of the config file at `path`, keeping the rest; a
/// symlink, a special file or an invalid config file is refused, and nothing is written.
pub fn save_plan(path: &Path, plan: &SavedPlan) -> anyhow::Result<()> {
    let text = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            anyhow::bail!(UsageError(format!(
                "{} is a symlink: the plan is saved only into a regular config file",
                path.display()
            )))
        }
        Ok(meta) if !meta.is_file() => {
            let kind = crate::store::special_kind(&meta.file_type());
            anyhow::bail!(UsageError(format!(
                "{} is {kind}, not a regular file: the plan is not saved there",
                path.display()
            )))
        }
        Ok(_) => super::read_text_file(path).map_err(|err| {
            UsageError(format!(
                "cannot read config file {}: {err}; the plan was not saved",
                path.display()
            ))
        })?,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(err) => anyhow::bail!(UsageError(format!(
            "cannot look at config file {}: {err}; the plan was not saved",
            path.display()
        ))),
    };
    // A file that is no config file is not made into one by adding a plan to it.
    Settings::from_toml(&text).map_err(|err| {
        UsageError(format!("in config file {}: {err}; the plan was not saved", path.display()))
    })?;
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|_| {
        UsageError(format!(
            "config file {} is not valid TOML; the plan was not saved",
            path.display()
        ))
    })?;
    doc["plan"] = toml_edit::Item::Table(plan.to_toml());
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        std::fs::create_dir_all(folder)
            .with_context(|| format!("cannot create the folder {}", folder.display()))?;
    }
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".plan-saving");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, doc.to_string())
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot replace {}", path.display())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::hilo::BetRamp;

    fn plan(bets: Vec<u32>) -> SavedPlan {
        SavedPlan {
            ramp: BetRamp::new(bets).expect("a ramp"),
            bankroll: Some(200.0),
            spread: Some(12),
            ..SavedPlan::default()
        }
    }

    #[test]
    fn saving_keeps_the_users_other_lines_and_replaces_only_the_plan() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("config.toml");
        let mine = "# my table\nseats = 3   # three of us\nramp = [1, 2, 4]\n\n[count]\nname = \
                    \"mine\"\ntags = [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]\n";
        std::fs::write(&path, mine).expect("written");
        save_plan(&path, &plan(vec![1, 2, 4, 8])).expect("saved");
        save_plan(&path, &plan(vec![1, 3, 6, 12])).expect("saved again");
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.starts_with(mine), "{text}");
        let settings = Settings::from_toml(&text).expect("still a config file");
        assert_eq!(settings.seats, Some(3));
        assert_eq!(settings.ramp.map(|r| r.bets().to_vec()), Some(vec![1, 2, 4]));
        assert!(settings.own_count.is_some());
        assert_eq!(
            crate::trainer::plan_saved::saved_ramp(&Settings::from_toml(&text).expect("read"))
                .map(|r| r.bets().to_vec()),
            Some(vec![1, 3, 6, 12])
        );
        assert_eq!(text.matches("[plan]").count(), 1, "{text}");
    }

    #[test]
    fn a_symlink_a_folder_or_a_bad_file_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let real = dir.path().join("real.toml");
        std::fs::write(&real, "seats = 2\n").expect("written");
        #[cfg(unix)]
        {
            let link = dir.path().join("link.toml");
            std::os::unix::fs::symlink(&real, &link).expect("a symlink");
            let err = save_plan(&link, &plan(vec![1, 2])).expect_err("a symlink");
            assert!(err.to_string().contains("is a symlink"), "{err}");
            assert!(std::fs::symlink_metadata(&link).is_ok_and(|m| m.is_symlink()));
        }
        let err = save_plan(dir.path(), &plan(vec![1, 2])).expect_err("a folder");
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let bad = dir.path().join("bad.toml");
        std::fs::write(&bad, "seats = 99\n").expect("written");
        let err = save_plan(&bad, &plan(vec![1, 2])).expect_err("a bad file");
        assert!(err.to_string().contains("the plan was not saved"), "{err}");
        assert_eq!(std::fs::read_to_string(&bad).expect("read"), "seats = 99\n");
        assert_eq!(std::fs::read_to_string(&real).expect("read"), "seats = 2\n");
        // A new file holds the plan alone.
        let new = dir.path().join("sub").join("config.toml");
        save_plan(&new, &plan(vec![1, 2])).expect("saved");
        let settings = Settings::from_toml(&std::fs::read_to_string(&new).expect("read"));
        assert_eq!(settings.expect("read").plan, Some(plan(vec![1, 2])));
    }
}
