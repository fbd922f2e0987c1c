//! `blackjack completions` and `blackjack manpage`: generated from the same clap definitions
//! as the command line itself, so they cannot drift from it.

use std::io::Write;

use clap_complete::Shell;

use crate::cli::{command, completion_command};

/// The program's name as a shell calls it.
const BIN: &str = "blackjack";

/// The completion script for `shell`.
pub fn completion_script(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut completion_command(), BIN, &mut out);
    out
}

/// The manual page, in roff: clap_mangen's sections with the subcommands described here (no
/// `blackjack-play(1)` page is made), then the table's keys and the drills' help text.
pub fn manual_page(table_keys: &[String], drill_help: &str) -> anyhow::Result<Vec<u8>> {
    let cli = command();
    let man = clap_mangen::Man::new(cli.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;
    render_subcommands(&cli, &mut out)?;
    render_keys(table_keys, drill_help, &mut out)?;
    man.render_extra_section(&mut out)?;
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// One subsection per subcommand: what it does and its options, as its `--help` lists them.
fn render_subcommands(cli: &clap::Command, out: &mut Vec<u8>) -> anyhow::Result<()> {
    writeln!(out, ".SH SUBCOMMANDS")?;
    for sub in cli.get_subcommands().filter(|s| !s.is_hide_set()) {
        writeln!(out, ".SS \"{BIN} {}\"", roff_text(sub.get_name()))?;
        if let Some(about) = sub.get_long_about().or(sub.get_about()) {
            writeln!(out, "{}", roff_text(&about.to_string()))?;
        }
        if sub.get_arguments().any(|a| !a.is_hide_set()) {
            let mut options = Vec::new();
            clap_mangen::Man::new(sub.clone()).render_options_section(&mut options)?;
            let options = String::from_utf8(options)?;
            // The options' own heading becomes a paragraph of this subsection.
            out.extend_from_slice(
                options.replacen(".SH OPTIONS\n", ".PP\nOptions:\n", 1).as_bytes(),
            );
        }
    }
    Ok(())
}

/// The KEYS section: the table's keys as its help screen lists them, then the drills' help.
fn render_keys(table_keys: &[String], drill_help: &str, out: &mut Vec<u8>) -> anyhow::Result<()> {
    writeln!(
        out,
        ".SH KEYS\nAt the table (the same list as its help screen, \\fB?\\fR):\n.PP\n.nf"
    )?;
    for line in table_keys {
        writeln!(out, "{}", roff_text(line))?;
    }
    writeln!(
        out,
        "{}",
        roff_text(&format!("{:<10}back to the shell; fg brings the table back (Unix)", "Ctrl-Z"))
    )?;
    writeln!(out, ".fi\n.PP\n.nf")?;
    for line in drill_help.lines() {
        if line.trim().is_empty() {
            writeln!(out, ".sp")?;
        } else {
            writeln!(out, "{}", roff_text(line))?;
        }
    }
    writeln!(out, ".fi")?;
    Ok(())
}

/// `text` as a line of roff: backslashes and hyphens escaped, and a leading `.` or `'` kept
/// from being read as a request.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) { format!("\\&{escaped}") } else { escaped }
}

/// Runs `blackjack completions SHELL`.
pub fn completions(shell: Shell, out: &mut impl Write) -> anyhow::Result<()> {
    out.write_all(&completion_script(shell))?;
    Ok(())
}

/// Runs `blackjack manpage`, with the keys as [`manual_page`] takes them.
pub fn manpage(
    table_keys: &[String],
    drill_help: &str,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    out.write_all(&manual_page(table_keys, drill_help)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shell_gets_a_script_naming_the_program() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell] {
            let script = String::from_utf8(completion_script(shell)).expect("UTF-8");
            assert!(script.contains(BIN) && script.contains("strategy"), "{shell}");
        }
    }
}
