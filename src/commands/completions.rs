//! `blackjack completions` and `blackjack manpage`: generated from the same clap definitions
//! as the command line itself, so they cannot drift from it.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use crate::cli::Cli;

/// The program's name as a shell calls it.
const BIN: &str = "blackjack";

/// The completion script for `shell`.
pub fn completion_script(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut out);
    out
}

/// The manual page, in roff.
pub fn manual_page() -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    Ok(out)
}

/// Runs `blackjack completions SHELL`.
pub fn completions(shell: Shell, out: &mut impl Write) -> anyhow::Result<()> {
    out.write_all(&completion_script(shell))?;
    Ok(())
}

/// Runs `blackjack manpage`.
pub fn manpage(out: &mut impl Write) -> anyhow::Result<()> {
    out.write_all(&manual_page()?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shell_gets_a_script_naming_the_program() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish, Shell::PowerShell] {
            let script = String::from_utf8(completion_script(shell)).expect("UTF-8");
            assert!(
                script.contains(BIN) && script.contains("strategy"),
                "{shell}"
            );
        }
    }
}
