//! The session's closing words: the summary's rows shown on leaving the table, and the text
//! printed once the terminal is given back.

use crate::engine::Units;
use crate::text::{counted, wrap_hanging};
use crate::trainer::report::{figures, net_text, session_summary};
use crate::trainer::tally::cell_label;

use super::TableSession;

/// The widest line printed once the terminal is given back: a terminal's 80 columns (a
/// terminal wraps a longer one inside a word).
pub const PRINTED_WIDTH: usize = 80;

impl TableSession {
    /// The session summary's rows: the session's figures (the same renderer as every other
    /// summary), the bankroll, the AI seats' results and the seed.
    pub fn summary_rows(&self) -> Vec<(String, String)> {
        let session = self.tally();
        let (games, decisions) = figures(session);
        let mut rows = games;
        rows.push((
            "Bankroll".to_owned(),
            format!("{} → {}", self.starting_bankroll().plain(), self.bankroll().plain()),
        ));
        // The decisions in short: the categories are on the stats screen.
        rows.extend(decisions.into_iter().filter(|(l, _)| !l.starts_with(' ')));
        for (key, rec) in session.most_missed(3) {
            rows.push((
                "Missed".to_owned(),
                format!("{} ({} of {})", cell_label(key), rec.wrong, rec.decisions),
            ));
        }
        for (i, seat) in self.seats.iter().enumerate() {
            if let Some(level) = seat.level() {
                let money = self.table.seats()[i].net_money();
                rows.push((format!("Seat {} · {}", i + 1, level.name()), format!("net {money}")));
            }
        }
        let seed = self.settings.seed;
        rows.push(("Shoe seed".to_owned(), format!("{seed} (replay: --seed {seed})")));
        rows
    }

    /// What is printed on the way out: the session summary, where the statistics are, and the
    /// bankroll with the seed, in lines of at most [`PRINTED_WIDTH`] columns.
    pub fn closing_summary(&self) -> String {
        let coach = &self.coach;
        let mut out = session_summary(coach.session(), coach.lifetime().as_ref());
        if let Some(line) = coach.statistics_line() {
            out.push_str(&format!("{line}\n"));
        }
        let s = coach.session();
        // Left mid-round: its stakes are neither won nor lost, so the bankroll is short of them.
        let staked = self.your_money().staked();
        let on_table = if staked > Units::ZERO {
            format!(", {} staked in the round left unfinished", staked.plain())
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{}, net {}; bankroll {} → {}{on_table} (bought in {}). Seed {}.\n",
            counted(s.play.rounds, "round"),
            net_text(s.play.net_money(), s.play.net()),
            self.starting_bankroll().plain(),
            self.bankroll().plain(),
            self.bought_in().plain(),
            self.settings.seed
        ));
        out.lines()
            .flat_map(|line| wrap_hanging(line, PRINTED_WIDTH))
            .map(|row| row + "\n")
            .collect()
    }
}
