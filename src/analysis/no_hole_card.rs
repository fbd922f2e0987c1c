//! The no-hole-card moment: the dealer's blackjack takes a doubled or split stake whole (the
//! rule newcomers take for a bug). The table says so in one line, with the cost against a peek
//! dealer's and the cells the two computed charts play differently because of it.

use super::chart::{Cell, Chart};
use super::reasons::third_person;
use crate::engine::{Action, DealerHand, OutcomeKind, Seat, Units};

/// A printed cell where the American peek chart puts a second stake on the table (doubles or
/// splits) and this game's chart does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExtraStakeCell {
    /// The cell.
    pub cell: Cell,
    /// This game's play.
    pub here: Action,
    /// The American peek chart's play (double or split).
    pub peek: Action,
}

/// The printed cells where `peek` doubles or splits and `here` does not, in chart order.
pub fn extra_stake_cells(here: &Chart, peek: &Chart) -> Vec<ExtraStakeCell> {
    Chart::printed_cells()
        .filter_map(|cell| {
            let (h, p) = (here.get(cell).preferred(), peek.get(cell).preferred());
            (h != p
                && matches!(p, Action::Double | Action::Split)
                && !matches!(h, Action::Double | Action::Split))
            .then_some(ExtraStakeCell { cell, here: h, peek: p })
        })
        .collect()
}

/// What a dealer blackjack took from a seat beyond its bet: the hands it beat that were
/// doubled or made by a split, and the round's money against a peek dealer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakenWhole {
    /// Doubled hands the blackjack beat.
    pub doubled: usize,
    /// Hands made by a split that the blackjack beat.
    pub split: usize,
    /// The seat's money this round.
    pub round: Units,
    /// What a peek dealer would have taken: the bet alone.
    pub peek: Units,
}

/// What the dealer's blackjack took from `seat` beyond its bet, if the dealer turned over a
/// blackjack and it beat a doubled or split hand of the seat (a hand that went bust was lost
/// before it, to the bust).
pub fn taken_whole(seat: &Seat, dealer: &DealerHand) -> Option<TakenWhole> {
    if !(dealer.revealed && dealer.cards.is_two_card_21()) {
        return None;
    }
    let beaten =
        seat.hands().iter().filter(|h| h.outcome.is_some_and(|o| o.kind == OutcomeKind::Loss));
    let (mut doubled, mut split) = (0, 0);
    for hand in beaten {
        doubled += usize::from(hand.is_doubled());
        split += usize::from(hand.from_split);
    }
    (doubled + split > 0).then(|| TakenWhole {
        doubled,
        split,
        round: seat.round_money(),
        peek: -seat.bet(),
    })
}

/// `11 vs T`, `8,8 vs T and 8,8 vs A`, `a, b and c`.
fn listed(cells: &[&ExtraStakeCell]) -> String {
    let labels: Vec<String> = cells.iter().map(|c| c.cell.label()).collect();
    match labels.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The line: `The dealer's blackjack takes your doubled stake whole: −10 this round, where a
/// peek dealer would have looked first and taken only your bet, −5. With no hole card the
/// blackjack shows only after you play: that is why this game's chart hits 11 vs T where the
/// American peek chart doubles, and hits 8,8 vs T, 8,8 vs A and A,A vs A where it splits.`
/// `differ` are [`extra_stake_cells`] (`None` while the peek chart is not worked out yet: the
/// line then stops after the rule).
pub fn moment_line(taken: &TakenWhole, differ: Option<&[ExtraStakeCell]>) -> String {
    let stakes = match (taken.doubled, taken.split) {
        (_, 0) if taken.doubled == 1 => "your doubled stake".to_owned(),
        (_, 0) => "your doubled stakes".to_owned(),
        (0, 2) => "both split hands' stakes".to_owned(),
        (0, n) => format!("all {n} split hands' stakes"),
        _ => "your split and doubled stakes".to_owned(),
    };
    let mut line = format!(
        "The dealer's blackjack takes {stakes} whole: {} this round, where a peek dealer would \
         have looked first and taken only your bet, {}. With no hole card the blackjack shows \
         only after you play",
        taken.round, taken.peek
    );
    let Some(differ) = differ.filter(|d| !d.is_empty()) else {
        line.push('.');
        return line;
    };
    // Grouped by this game's play and the peek chart's, in chart order.
    let mut groups: Vec<((Action, Action), Vec<&ExtraStakeCell>)> = Vec::new();
    for cell in differ {
        match groups.iter_mut().find(|(k, _)| *k == (cell.here, cell.peek)) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push(((cell.here, cell.peek), vec![cell])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .enumerate()
        .map(|(i, ((here, peek), cells))| {
            let who = if i == 0 { "the American peek chart" } else { "it" };
            format!("{} {} where {who} {}", third_person(*here), listed(cells), third_person(*peek))
        })
        .collect();
    let joined = match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}, and {last}", rest.join(", ")),
        _ => parts.join(""),
    };
    line.push_str(&format!(": that is why this game's chart {joined}."));
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::basic_strategy;
    use crate::analysis::strategy::peek_strategy;
    use crate::engine::{Card, Rules, seeded_table};

    /// The cells come from the two computed charts: for the default rules, the four the
    /// European no-hole-card charts are known for, each a double or split of the peek chart.
    #[test]
    fn the_extra_stake_cells_are_where_the_peek_chart_doubles_or_splits_and_this_one_does_not() {
        let rules = Rules::default();
        let here = basic_strategy(&rules);
        let peek = peek_strategy(&rules);
        let cells = extra_stake_cells(&here.chart, &peek.chart);
        for c in &cells {
            assert_eq!(here.chart.get(c.cell).preferred(), c.here);
            assert_eq!(peek.chart.get(c.cell).preferred(), c.peek);
        }
        // Every printed cell where the charts differ and the peek chart doubles or splits.
        let expected = Chart::printed_cells()
            .filter(|&c| {
                let (h, p) = (here.chart.get(c), peek.chart.get(c));
                h.preferred() != p.preferred()
                    && matches!(p.preferred(), Action::Double | Action::Split)
            })
            .count();
        assert_eq!(cells.len(), expected);
        let labels: Vec<String> = cells.iter().map(|c| c.cell.label()).collect();
        assert_eq!(labels, ["11 vs T", "8,8 vs T", "8,8 vs A", "A,A vs A"]);
    }

    /// A seeded round: you double 11 against a T, the dealer turns over an ace.
    #[test]
    fn a_doubled_hand_beaten_by_the_dealers_blackjack_gets_the_line() {
        let rules = Rules::default();
        let mut table = seeded_table(rules.clone(), 1, 7);
        table.buy_in(0, Units::from_units(100)).unwrap();
        table.place_bet(0, Units::from_units(5)).unwrap();
        let c = Card::of_value;
        // You 6,5 against T, hole A; the double draws a 9.
        assert!(table.stack_next(&[c(6), c(10), c(5), c(1), c(9)]));
        table.start_round().unwrap();
        table.act(0, Action::Double).unwrap();
        table.play_dealer().unwrap();
        let seat = &table.seats()[0];
        let taken = taken_whole(seat, table.dealer()).expect("the blackjack took the double");
        assert_eq!(
            taken,
            TakenWhole {
                doubled: 1,
                split: 0,
                round: Units::from_units(-10),
                peek: Units::from_units(-5),
            }
        );
        let here = basic_strategy(&rules);
        let peek = peek_strategy(&rules);
        let differ = extra_stake_cells(&here.chart, &peek.chart);
        let line = moment_line(&taken, Some(&differ));
        assert_eq!(
            line,
            "The dealer's blackjack takes your doubled stake whole: −10 this round, where a peek \
             dealer would have looked first and taken only your bet, −5. With no hole card the \
             blackjack shows only after you play: that is why this game's chart hits 11 vs T \
             where the American peek chart doubles, and hits 8,8 vs T, 8,8 vs A and A,A vs A \
             where it splits."
        );
        // Without the peek chart yet, the rule alone.
        assert!(moment_line(&taken, None).ends_with("shows only after you play."));
    }

    /// No line when the blackjack beat only the bet, or when the dealer has none.
    #[test]
    fn a_plain_hand_or_a_dealer_without_blackjack_gets_no_line() {
        let c = Card::of_value;
        for (cards, action) in [
            // You 10,7 stand against T, hole A: only the bet is lost.
            (vec![c(10), c(10), c(7), c(1)], Action::Stand),
            // You 6,5 double against T, hole 7: the dealer has 17, no blackjack.
            (vec![c(6), c(10), c(5), c(7), c(9)], Action::Double),
        ] {
            let mut table = seeded_table(Rules::default(), 1, 7);
            table.buy_in(0, Units::from_units(100)).unwrap();
            table.place_bet(0, Units::ONE).unwrap();
            assert!(table.stack_next(&cards));
            table.start_round().unwrap();
            table.act(0, action).unwrap();
            table.play_dealer().unwrap();
            assert_eq!(taken_whole(&table.seats()[0], table.dealer()), None);
        }
    }

    /// Split 8,8 against an ace with a ten in the hole: both split stakes go.
    #[test]
    fn split_hands_beaten_by_the_dealers_blackjack_are_counted() {
        let mut table = seeded_table(Rules::default(), 1, 7);
        table.buy_in(0, Units::from_units(100)).unwrap();
        table.place_bet(0, Units::from_units(2)).unwrap();
        let c = Card::of_value;
        assert!(table.stack_next(&[c(8), c(1), c(8), c(10), c(2), c(3)]));
        table.start_round().unwrap();
        table.act(0, Action::Split).unwrap();
        while table.active().is_some() {
            table.act(0, Action::Stand).unwrap();
        }
        table.play_dealer().unwrap();
        let taken = taken_whole(&table.seats()[0], table.dealer()).unwrap();
        assert_eq!((taken.doubled, taken.split), (0, 2));
        assert_eq!(taken.round, Units::from_units(-4));
        assert!(moment_line(&taken, None).starts_with(
            "The dealer's blackjack takes both split hands' stakes whole: −4 this round, where \
             a peek dealer would have looked first and taken only your bet, −2."
        ));
    }
}
