//! What the stats screen and the session summary show, as plain data and text.

use super::grade::Category;
use super::tally::{Accuracy, Tally};
use crate::analysis::chart::{Cell, HandKind, PAIR_ROWS, UP_CARDS};
use crate::engine::Units;
use crate::engine::card::value_label;
use crate::text::{counted, noun};

/// One row of the error heat map: its label and, per up card (2–9, T, A), the error rate
/// and number of decisions of that cell, if it was played.
#[derive(Debug, Clone, PartialEq)]
pub struct HeatRow {
    /// `hard 16`, `soft 18`, `8,8`.
    pub label: String,
    /// Per up card in chart order: `(error rate, decisions)`.
    pub cells: [Option<(f64, u64)>; 10],
}

/// The heat map of a tally, shaped like the chart: hard 5–21, soft 13–21, then pairs.
pub fn heat_map(tally: &Tally) -> Vec<HeatRow> {
    let rows = (5..=21u8)
        .map(|r| (HandKind::Hard, r, format!("hard {r}")))
        .chain((13..=21u8).map(|r| (HandKind::Soft, r, format!("soft {r}"))))
        .chain(PAIR_ROWS.into_iter().map(|r| {
            let v = value_label(r);
            (HandKind::Pair, r, format!("{v},{v}"))
        }));
    rows.map(|(kind, row, label)| {
        let mut cells = [None; 10];
        for (slot, up) in cells.iter_mut().zip(UP_CARDS) {
            let key = Cell { kind, row, up }.key();
            *slot =
                tally.cells.get(&key).and_then(|rec| rec.error_rate().map(|r| (r, rec.decisions)));
        }
        HeatRow { label, cells }
    })
    .collect()
}

fn percent(rate: Option<f64>) -> String {
    rate.map_or_else(|| "—".to_owned(), |r| format!("{:.0}%", r * 100.0))
}

/// A net in bets: `+1 bet`, `−3 bets`, `+1.5 bets`.
pub fn bets(units: Units) -> String {
    format!("{units} {}", noun("bet", units.0.abs() == 1000))
}

/// What a counting skill's answers add up to after its accuracy: ` · mean error 0.50 · 2.1 s an
/// answer` (no error for deviations, a play right or wrong; no time without `timed` answers).
pub fn skill_figures(skill: &str, asked: u64, error_sum: f64, seconds: f64, timed: u64) -> String {
    if asked == 0 {
        return String::new();
    }
    let error = if skill == "deviations" {
        String::new()
    } else {
        format!(" · mean error {:.2}", error_sum / asked as f64)
    };
    if timed == 0 {
        return error;
    }
    format!("{error} · {:.1} s an answer", seconds / timed as f64)
}

/// A net result in money with what it is in bets: `−15 (−3 bets)`, the one way a net is shown.
/// Money is `Σ rᵢ·bᵢ` and bets `Σ rᵢ`, so their signs differ when bet and result covary: then
/// `+1442.5 in money, −56 in bets (bigger bets did better than smaller ones)`.
pub fn net_text(money: Units, in_bets: Units) -> String {
    let (m, b) = (money.0.signum(), in_bets.0.signum());
    if m == b {
        return format!("{money} ({})", bets(in_bets));
    }
    let how = if m > b { "better" } else { "worse" };
    format!("{money} in money, {in_bets} in bets (bigger bets did {how} than smaller ones)")
}

/// `right of asked (rate)`: `5 of 7 (71%)`.
fn accuracy_text(acc: Accuracy) -> String {
    format!("{} of {} ({})", acc.correct, acc.decisions, percent(acc.rate()))
}

/// One figure of a summary: its label and its value as text.
pub type Figure = (String, String);

/// The figures of a tally as `(label, value)` pairs, the games then the decisions: the one
/// renderer of a tally, which every summary lays out.
pub fn figures(tally: &Tally) -> (Vec<Figure>, Vec<Figure>) {
    let mut decisions = decision_figures(tally);
    decisions.extend(counting_figures(tally));
    (game_figures(tally), decisions)
}

fn pair(label: &str, value: String) -> Figure {
    (label.to_owned(), value)
}

/// Rounds, hands, results and money.
fn game_figures(tally: &Tally) -> Vec<Figure> {
    let mut games = vec![
        pair("Rounds", tally.play.rounds.to_string()),
        pair("Hands", tally.play.hands.to_string()),
        pair(
            "Won / lost / pushed",
            format!("{} / {} / {}", tally.play.wins, tally.play.losses, tally.play.pushes),
        ),
        pair("Naturals", tally.play.naturals.to_string()),
        pair("Doubles / splits", format!("{} / {}", tally.play.doubles, tally.play.splits)),
        pair("Net", net_text(tally.play.net_money(), tally.play.net())),
    ];
    if tally.rebuys > 0 {
        games.push(pair(
            "Rebuys",
            format!("{} ({} bought in)", tally.rebuys, Units(tally.rebought_milli).plain()),
        ));
    }
    games
}

/// The chart decisions graded (overall, by category, EV given away) and the count checks.
fn decision_figures(tally: &Tally) -> Vec<Figure> {
    let mut decisions = vec![pair("Decisions right", accuracy_text(tally.overall))];
    for category in Category::ALL {
        decisions
            .push(pair(&format!("  {}", category.name()), accuracy_text(tally.category(category))));
    }
    decisions.push(pair("EV given away", format!("{:.3} bets", tally.ev_lost)));
    // Every running count asked: the count quiz's and the table's count checks alike (the
    // skill `count`), so the label names the running count, not the quiz.
    if tally.count.decisions > 0 {
        decisions.push(pair("Running count right", accuracy_text(tally.count)));
    }
    decisions
}

/// The counting drills, each a skill of its own, and the countdown bests: only those played.
fn counting_figures(tally: &Tally) -> Vec<Figure> {
    let mut rows = Vec::new();
    for skill in super::tally::SKILLS {
        let Some(r) = tally.skills.get(skill).filter(|r| r.asked > 0) else {
            continue;
        };
        rows.push(pair(
            &format!("Counting: {}", super::tally::skill_label(skill)),
            format!(
                "{}{}",
                accuracy_text(Accuracy { decisions: r.asked, correct: r.right }),
                skill_figures(skill, r.asked, r.error_sum, r.seconds, r.timed())
            ),
        ));
    }
    // Hi-Lo's bests as they always were, then each other count's under its name.
    let named = tally
        .countdown_best_by_count
        .iter()
        .map(|(count, bests)| (format!("Countdown best ({count})"), bests));
    for (label, bests) in
        [("Countdown best".to_owned(), &tally.countdown_best)].into_iter().chain(named)
    {
        if bests.is_empty() {
            continue;
        }
        let bests: Vec<String> = bests
            .iter()
            .map(|(decks, s)| format!("{} {s:.1} s", counted(u64::from(*decks), "deck")))
            .collect();
        rows.push(pair(&label, bests.join(", ")));
    }
    rows
}

/// The session summary printed on the way out: its figures, most-missed cells and lifetime.
pub fn session_summary(session: &Tally, lifetime: Option<&Tally>) -> String {
    let mut out = String::from("Session summary\n");
    // Only what the session did: a drill plays no round, a count drill grades no chart play.
    let played = session.play.rounds > 0;
    let graded = session.overall.decisions > 0 || session.count.decisions > 0;
    let lines = [
        played.then(|| game_figures(session)),
        graded.then(|| decision_figures(session)),
        Some(counting_figures(session)),
    ];
    let lines: Vec<Figure> = lines.into_iter().flatten().flatten().collect();
    if lines.is_empty() {
        out.push_str("  Nothing played or practised.\n");
    }
    for (label, value) in lines {
        out.push_str(&format!("  {label:<22} {value}\n"));
    }
    let missed = session.most_missed(5);
    if !missed.is_empty() {
        out.push_str("  Most missed:\n");
        for (key, rec) in missed {
            out.push_str(&format!(
                "    {:<14} {} of {} wrong\n",
                super::tally::cell_label(key),
                rec.wrong,
                rec.decisions
            ));
        }
    }
    if let Some(life) = lifetime {
        out.push_str(&format!(
            "Lifetime (this session included): {}, net {}, decisions right {}\n",
            counted(life.play.rounds, "round"),
            net_text(life.play.net_money(), life.play.net()),
            percent(life.overall.rate())
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::RoundTally;

    #[test]
    fn counts_read_in_the_singular_for_one() {
        let one =
            Tally { play: RoundTally { rounds: 1, ..RoundTally::default() }, ..Tally::default() };
        let text = session_summary(&Tally::default(), Some(&one));
        assert!(text.contains("Lifetime (this session included): 1 round,"), "{text}");
    }
    use crate::trainer::tally::CellRecord;

    #[test]
    fn heat_map_is_chart_shaped_and_places_each_cell() {
        let mut t = Tally::default();
        t.cells.insert(
            "hard:16:T".into(),
            CellRecord { decisions: 4, wrong: 1, streak: 0, ..CellRecord::default() },
        );
        t.cells.insert(
            "pair:A:A".into(),
            CellRecord { decisions: 2, wrong: 2, streak: 0, ..CellRecord::default() },
        );
        let map = heat_map(&t);
        assert_eq!(map.len(), 17 + 9 + 10);
        let hard16 = map.iter().find(|r| r.label == "hard 16").unwrap();
        assert_eq!(hard16.cells[8], Some((0.25, 4)));
        assert_eq!(hard16.cells[0], None);
        let aces = map.iter().find(|r| r.label == "A,A").unwrap();
        assert_eq!(aces.cells[9], Some((1.0, 2)));
    }

    #[test]
    fn summary_names_the_numbers() {
        let mut t = Tally {
            play: RoundTally {
                rounds: 3,
                net_milli: -500,
                net_money_milli: -2500,
                ..RoundTally::default()
            },
            ..Tally::default()
        };
        t.cells.insert(
            "soft:18:9".into(),
            CellRecord { decisions: 2, wrong: 1, streak: 0, ..CellRecord::default() },
        );
        let text = session_summary(&t, Some(&t));
        assert!(text.contains("Rounds") && text.contains("Net"), "{text}");
        assert!(text.contains("−2.5 (−0.5 bets)"), "{text}");
        assert!(text.contains("soft 18 vs 9   1 of 2 wrong"), "{text}");
        assert!(text.contains("Lifetime (this session included): 3 rounds"));
    }

    #[test]
    fn a_net_in_money_and_in_bets_of_one_sign_reads_as_one_figure() {
        let net = net_text(Units::from_units(-15), Units::from_units(-3));
        assert_eq!(net, "−15 (−3 bets)");
        assert_eq!(net_text(Units::ZERO, Units::ZERO), "0 (0 bets)");
    }

    proptest::proptest! {
        /// Rounds at bets of different sizes: where the net in money and the net in bets
        /// disagree in sign, each is labelled, and what the line says about the bigger bets
        /// agrees with the rounds (the covariance of bet and result).
        #[test]
        fn a_net_whose_figures_disagree_in_sign_labels_them_and_says_why(
            rounds in proptest::collection::vec(
                (1i64..=50, proptest::sample::select(vec![-2000i64, -1000, 0, 1000, 1500, 2000])),
                1..40,
            )
        ) {
            let money = rounds.iter().fold(Units::ZERO, |a, &(bet, r)| {
                a + Units(r).times_bet(Units::from_units(bet))
            });
            let in_bets = rounds.iter().fold(Units::ZERO, |a, &(_, r)| a + Units(r));
            let text = net_text(money, in_bets);
            if money.0.signum() == in_bets.0.signum() {
                proptest::prop_assert_eq!(text, format!("{money} ({})", bets(in_bets)));
            } else {
                let labelled = format!("{money} in money, {in_bets} in bets");
                proptest::prop_assert!(text.starts_with(&labelled), "{}", text);
                let n = rounds.len() as f64;
                let mean_bet = rounds.iter().map(|r| r.0 as f64).sum::<f64>() / n;
                let mean_r = rounds.iter().map(|r| r.1 as f64).sum::<f64>() / n;
                let cov: f64 = rounds
                    .iter()
                    .map(|&(b, r)| (b as f64 - mean_bet) * (r as f64 - mean_r))
                    .sum();
                let better = text.ends_with("(bigger bets did better than smaller ones)");
                let worse = text.ends_with("(bigger bets did worse than smaller ones)");
                proptest::prop_assert!(better != worse, "{}", text);
                let said = if better { 1.0 } else { -1.0 };
                proptest::prop_assert!(cov * said > 0.0, "cov {} but: {}", cov, text);
            }
        }
    }

    #[test]
    fn a_summary_shows_only_what_the_session_did() {
        let empty = session_summary(&Tally::default(), None);
        assert!(empty.contains("Nothing played or practised."), "{empty}");
        let mut counting = Tally::default();
        counting.record_skill("ramp", true, 0.0, 1.0);
        let text = session_summary(&counting, None);
        assert!(text.contains("Counting: ramp"), "{text}");
        assert!(
            !text.contains("Rounds") && !text.contains("Decisions right"),
            "a count drill plays no round and grades no chart play: {text}"
        );
        assert!(!text.contains("Nothing played"), "{text}");
        let played =
            Tally { play: RoundTally { rounds: 2, ..RoundTally::default() }, ..Tally::default() };
        let text = session_summary(&played, None);
        assert!(text.contains("Rounds") && text.contains("Net"), "{text}");
        assert!(!text.contains("Decisions right"), "{text}");
    }

    /// The table's bet grades are kept under `ramp` with no time (0 s): the ramp's time an
    /// answer is the drill's answers' mean, and a skill with no timed answer says no time
    /// (issue 36: "ramp answers are timed 0.0 s").
    #[test]
    fn untimed_answers_leave_the_time_an_answer_alone() {
        let mut t = Tally::default();
        t.record_skill("ramp", true, 0.0, 0.0);
        t.record_skill("ramp", true, 0.0, 4.0);
        t.record_skill("ramp", false, 2.0, 0.0);
        let text = session_summary(&t, None);
        assert!(text.contains("2 of 3 (67%) · mean error 0.67 · 4.0 s an answer"), "{text}");
        let mut table_only = Tally::default();
        table_only.record_skill("ramp", true, 0.0, 0.0);
        let text = session_summary(&table_only, None);
        assert!(text.contains("Counting: ramp"), "{text}");
        assert!(!text.contains("s an answer"), "{text}");
    }

    /// The table's bets are a skill of their own, named for where they were made, beside the
    /// ramp drill's answers.
    #[test]
    fn the_tables_bets_and_the_ramp_drill_each_have_their_line() {
        let mut t = Tally::default();
        t.record_skill(crate::trainer::tally::TABLE_RAMP, false, 1.0, 0.0);
        t.record_skill("ramp", true, 0.0, 2.0);
        let text = session_summary(&t, None);
        assert!(
            text.contains("Counting: ramp         1 of 1 (100%) · mean error 0.00 · 2.0 s"),
            "{text}"
        );
        assert!(text.contains("Counting: table bets   0 of 1 (0%) · mean error 1.00\n"), "{text}");
    }

    /// The table's surprise checks of the true count and the decks left were kept but never
    /// shown: each has its line, named for the table, and every line fits 80 columns.
    #[test]
    fn the_tables_true_count_and_decks_checks_each_have_their_line() {
        let mut t = Tally::default();
        t.record_skill("table-true", true, 0.0, 0.0);
        t.record_skill("table-decks", false, 0.5, 0.0);
        t.record_skill("true-count", true, 0.0, 12.5);
        let text = session_summary(&t, None);
        assert!(
            text.contains("Counting: table TC     1 of 1 (100%) · mean error 0.00\n"),
            "{text}"
        );
        assert!(text.contains("Counting: table decks  0 of 1 (0%) · mean error 0.50\n"), "{text}");
        let wide: Vec<&str> = text.lines().filter(|l| l.chars().count() > 80).collect();
        assert!(wide.is_empty(), "{wide:?}");
    }

    #[test]
    fn each_counting_skill_has_its_line() {
        let mut t = Tally::default();
        t.record_skill("true-count", true, 0.0, 2.0);
        t.record_skill("true-count", false, 2.0, 4.0);
        t.record_skill("deviations", false, 1.0, 5.0);
        t.record_countdown_best_in(None, 1, 25.0);
        t.record_countdown_best_in(None, 1, 31.0);
        let text = session_summary(&t, None);
        assert!(
            text.contains("Counting: true-count")
                && text.contains("1 of 2 (50%) · mean error 1.00 · 3.0 s an answer"),
            "{text}"
        );
        // A deviations answer is right or wrong: its "error" would only repeat the accuracy.
        assert!(
            text.contains("Counting: deviations") && text.contains("0 of 1 (0%) · 5.0 s an answer"),
            "{text}"
        );
        assert!(text.contains("Countdown best") && text.contains("1 deck 25.0 s"), "{text}");
        assert!(!text.contains("Counting: decks"), "an unplayed skill has no line: {text}");
    }
}
