//! The reason behind every play: one line per chart cell a learner can remember, built from
//! the rules and the exact numbers — never typed in per cell.
//!
//! A reason has two parts. The numbers: the chart's play against the runner-up, with the EVs
//! that decided the cell ([`super::strategy::CellEvs`]). The idea: what those numbers come from,
//! picked by the kind of decision — the dealer's bust chance for the up card (worked out for
//! the rules' shoe and soft-17 rule), what a double or a split puts on the table, the common
//! rules of thumb — and, where this game's play differs from the American peek game's for the
//! same rules, why: with no hole card a dealer natural takes a doubled or split stake whole.
//! Another rules file gives other numbers, so other reasons where they change.

use super::chart::{Cell, Chart, HandKind};
use super::dealer::{BUST, DealerShapes};
use super::signed_ev;
use super::strategy::Strategy;
use crate::engine::card::value_label;
use crate::engine::{Action, Rules, ValueCounts};

/// The dealer's bust chance showing `up`, full shoe less the up card, in percent.
pub fn bust_percent(rules: &Rules, up: u8) -> f64 {
    let mut shoe = ValueCounts::full_shoe(rules.decks);
    shoe.remove(up);
    let probs = DealerShapes::get(rules.dealer_hits_soft_17).probabilities(up, &shoe.0);
    // The probabilities given no dealer natural (the no-hole-card dealer has it or not; a
    // learner weighs the hands that go on).
    let natural = probs[super::dealer::NATURAL];
    100.0 * probs[BUST] / (1.0 - natural)
}

/// The line for `cell`: the idea behind the chart's play, then the numbers that decided it,
/// e.g. `11 cannot bust with one card: take it (chart average, full shoe: hit −0.209, double
/// −0.535)`. The numbers are the cell's [`super::strategy::CellEvs`], averaged over the
/// two-card hands of the cell from a full shoe, so they are said to be that: the table shows
/// the EVs of the hand in front of the player (its own cards, its own shoe) beside them, and
/// those differ a little. The idea comes first, so a line cut short keeps it. `peek` is the
/// American peek game's chart for the same rules, where it is known. `None` for a cell with no
/// EVs (a hand that cannot be dealt).
pub fn reason(strategy: &Strategy, peek: Option<&Chart>, cell: Cell) -> Option<String> {
    let evs = strategy.cell_evs.get(&cell)?;
    let ranked = evs.ranked();
    let numbers = ranked
        .iter()
        .take(2)
        .map(|&(action, ev)| format!("{action} {}", signed_ev(ev)))
        .collect::<Vec<_>>()
        .join(", ");
    let idea = reason_idea(strategy, peek, cell)?;
    Some(format!("{idea} (chart average, full shoe: {numbers})"))
}

/// [`reason`] without its numbers: the idea behind the chart's play for `cell` and, where the
/// American peek game's chart plays otherwise, why. For screens that show the cell's EVs
/// themselves (the chart).
pub fn reason_idea(strategy: &Strategy, peek: Option<&Chart>, cell: Cell) -> Option<String> {
    let &(best, _) = strategy.cell_evs.get(&cell)?.ranked().first()?;
    let mut line = idea(&strategy.rules, cell, best);
    if let Some(peek_play) = peek.map(|c| c.get(cell).preferred())
        && peek_play != best
    {
        line.push_str(&format!(
            ". The American chart says {peek_play} here: {}",
            why_it_differs(best, peek_play)
        ));
    }
    Some(line)
}

/// Why the no-hole-card play differs from the peek game's.
fn why_it_differs(here: Action, peek: Action) -> &'static str {
    match (here, peek) {
        (_, Action::Double) => {
            "with no hole card, a dealer blackjack would take the doubled stake too"
        }
        (_, Action::Split) => {
            "with no hole card, a dealer blackjack would take both split stakes too"
        }
        (Action::Double | Action::Split, _) => {
            "the dealer has already shown no blackjack there, so the extra stake is safer"
        }
        _ => "with no hole card, the dealer's blackjack is still to come",
    }
}

/// The idea behind the play, by the kind of decision.
fn idea(rules: &Rules, cell: Cell, play: Action) -> String {
    let up = value_label(cell.up);
    let bust = bust_percent(rules, cell.up);
    let weak = (2..=6).contains(&cell.up);
    match (cell.kind, play) {
        (HandKind::Pair, Action::Split) if matches!(cell.row, 1 | 8) => format!(
            "always split aces and eights: {} is a poor hand, {} a strong start twice",
            if cell.row == 1 { "soft 12" } else { "16" },
            value_label(cell.row)
        ),
        (HandKind::Pair, Action::Split) if weak => format!(
            "two hands starting from {} earn more than one {}, with the dealer busting {bust:.0}% \
             showing {up}",
            value_label(cell.row),
            pair_total(cell.row)
        ),
        (HandKind::Pair, Action::Split) => format!(
            "two hands from {} beat one {} even against {up}",
            value_label(cell.row),
            pair_total(cell.row)
        ),
        (HandKind::Pair, _) if cell.row == 10 => "20 is too good to break up".to_owned(),
        (HandKind::Pair, _) => format!(
            "{} as one hand does better than two hands from {} here",
            pair_total(cell.row),
            value_label(cell.row)
        ),
        (_, Action::Double) => format!(
            "a strong start against {up} (the dealer busts {bust:.0}%): twice the stake on one \
             more card earns more than it risks"
        ),
        (HandKind::Soft, Action::Hit) => {
            "a soft hand cannot bust with one card: drawing can only improve it".to_owned()
        }
        (HandKind::Hard, Action::Stand) if (12..=16).contains(&cell.row) => format!(
            "the dealer busts {bust:.0}% showing {up}: let them, rather than risk busting first"
        ),
        (HandKind::Hard, Action::Hit) if (12..=16).contains(&cell.row) => format!(
            "the dealer busts only {bust:.0}% showing {up}: {} loses to any made hand, so draw",
            cell.row
        ),
        (_, Action::Stand) => format!(
            "{} is a made hand: a card would hurt it more often than help",
            hand_words(cell)
        ),
        (_, Action::Hit) => format!("{} cannot bust with one card: take it", hand_words(cell)),
        (_, Action::Split) => "the pair plays better as two hands".to_owned(),
    }
}

fn pair_total(row: u8) -> String {
    if row == 1 {
        "soft 12".to_owned()
    } else {
        (2 * row).to_string()
    }
}

fn hand_words(cell: Cell) -> String {
    match cell.kind {
        HandKind::Soft => format!("soft {}", cell.row),
        _ => cell.row.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::basic_strategy;
    use crate::analysis::chart::{HARD_ROWS, PAIR_ROWS, SOFT_ROWS, UP_CARDS};

    #[test]
    fn every_printed_cell_has_a_reason_whose_numbers_open_with_its_play() {
        let strategy = basic_strategy(&Rules::default());
        let rows = HARD_ROWS
            .map(|r| (HandKind::Hard, r))
            .chain(SOFT_ROWS.map(|r| (HandKind::Soft, r)))
            .chain(PAIR_ROWS.into_iter().map(|r| (HandKind::Pair, r)));
        let mut count = 0;
        for (kind, row) in rows {
            for up in UP_CARDS {
                let cell = Cell { kind, row, up };
                let line = reason(&strategy, None, cell).unwrap_or_else(|| panic!("{cell:?}"));
                let code = strategy.chart.get(cell).preferred();
                assert!(
                    line.contains(&format!("(chart average, full shoe: {} ", code.name())),
                    "{cell:?}: {line} (chart {code})"
                );
                // The idea alone is the line without its numbers.
                let idea = reason_idea(&strategy, None, cell).unwrap();
                assert!(line.starts_with(&format!("{idea} (")), "{cell:?}: {line}");
                count += 1;
            }
        }
        assert_eq!(count, 360);
    }

    #[test]
    fn a_cell_that_differs_from_the_peek_chart_names_the_missing_hole_card() {
        let strategy = basic_strategy(&Rules::default());
        let eleven_ten = Cell {
            kind: HandKind::Hard,
            row: 11,
            up: 10,
        };
        // A chart that doubles 11 vs T, as the American one does.
        let mut peek = strategy.chart.clone();
        peek.set(eleven_ten, super::super::chart::Code::D);
        let line = reason(&strategy, Some(&peek), eleven_ten).unwrap();
        assert!(line.contains("full shoe: hit "), "{line}");
        assert!(line.contains("no hole card"), "{line}");
    }

    /// The cells where the no-hole-card chart differs from the peek game's for the default
    /// rules are the four the European no-hole-card charts are known for (and that our issue
    /// names: 11 vs T, 8,8 vs T, 8,8 vs A, A,A vs A), and each reason says why.
    #[test]
    fn the_cells_that_differ_from_the_peek_game_are_the_four_and_name_the_hole_card() {
        let rules = Rules::default();
        let here = basic_strategy(&rules);
        let peek = crate::analysis::strategy::peek_strategy(&rules);
        let differ: Vec<String> = crate::analysis::chart::Chart::printed_cells()
            .filter(|&c| here.chart.get(c).preferred() != peek.chart.get(c).preferred())
            .map(|c| c.label())
            .collect();
        assert_eq!(
            differ,
            ["11 vs T", "8,8 vs T", "8,8 vs A", "A,A vs A"],
            "{differ:?}"
        );
        for label in &differ {
            let cell = crate::analysis::chart::Chart::printed_cells()
                .find(|c| &c.label() == label)
                .unwrap();
            let line = reason(&here, Some(&peek.chart), cell).unwrap();
            assert!(line.contains("no hole card"), "{label}: {line}");
        }
    }

    #[test]
    fn the_dealer_busts_most_showing_five_or_six() {
        let rules = Rules::default();
        let six = bust_percent(&rules, 6);
        let ten = bust_percent(&rules, 10);
        assert!(six > 38.0 && ten < 25.0, "six {six}, ten {ten}");
    }
}
