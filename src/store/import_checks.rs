//! What an earlier build's statistics file must satisfy to be imported: the checks of its
//! lifetime tally, kept with the import, their one caller.

use crate::trainer::tally::{Accuracy, MAX_COUNT, SKILLS, Tally};

/// The largest money figure a valid tally holds, in thousandths of a unit (4.6·10¹⁵ units):
/// past any lifetime at the table's largest bets, and far enough from the ends of an `i64`
/// that adding a session's figures cannot overflow.
const MAX_MONEY_MILLI: u64 = 1 << 62;

/// The largest sum of squared round results a valid tally holds, in millionths of a bet
/// squared: a round adds at most 8 000² ([`crate::sim::RoundTally::record_round`]), so [`MAX_COUNT`] rounds
/// stay below 2⁸⁰; an addition cannot overflow the `u128` from here.
const MAX_NET_SQ_MICRO: u128 = 1 << 100;

/// Checks what every tally this program records satisfies, so a damaged or hand-edited
/// statistics file of an earlier build is caught at its import: right answers never exceed
/// decisions, every hand was won, lost or pushed, cell keys name chart cells, and no counter is near its integer limit (where
/// adding a session could wrap). Returns what is wrong, for the player.
pub(super) fn check_tally(tally: &Tally) -> Result<(), String> {
    let play = &tally.play;
    let in_range = |name: &str, n: u64| {
        if n > MAX_COUNT {
            Err(format!("{name} = {n} is out of range"))
        } else {
            Ok(())
        }
    };
    let accuracy = |name: &str, a: &Accuracy| {
        in_range(name, a.decisions)?;
        if a.correct > a.decisions {
            return Err(format!(
                "{name}: {} right of {} decisions",
                a.correct, a.decisions
            ));
        }
        Ok(())
    };
    for (name, n) in [
        ("rounds", play.rounds),
        ("hands", play.hands),
        ("wins", play.wins),
        ("losses", play.losses),
        ("pushes", play.pushes),
        ("naturals", play.naturals),
        ("busts", play.busts),
        ("doubles", play.doubles),
        ("splits", play.splits),
        ("dealer_naturals", play.dealer_naturals),
        ("dealer_busts", play.dealer_busts),
        ("rebuys", tally.rebuys),
    ] {
        in_range(name, n)?;
    }
    in_range("net_milli", play.net_milli.unsigned_abs())?;
    // Money and the sum of squares: a value past these would wrap at the next addition
    // instead of adding up.
    if play.net_money_milli.unsigned_abs() > MAX_MONEY_MILLI {
        return Err(format!(
            "net_money_milli = {} is out of range",
            play.net_money_milli
        ));
    }
    if !(0..=MAX_MONEY_MILLI as i64).contains(&tally.rebought_milli) {
        return Err(format!(
            "rebought_milli = {} is not a sum of buy-ins",
            tally.rebought_milli
        ));
    }
    if play.net_sq_micro > MAX_NET_SQ_MICRO {
        return Err(format!(
            "net_sq_micro = {} is out of range",
            play.net_sq_micro
        ));
    }
    // Each settled hand is counted once as a win, a loss or a push (`record_hand`).
    if play.wins + play.losses + play.pushes != play.hands {
        return Err(format!(
            "{} won + {} lost + {} pushed is not {} hands",
            play.wins, play.losses, play.pushes, play.hands
        ));
    }
    if play.busts > play.losses || play.naturals > play.hands {
        return Err(format!(
            "{} busts of {} losses, {} naturals of {} hands",
            play.busts, play.losses, play.naturals, play.hands
        ));
    }
    accuracy("overall", &tally.overall)?;
    for (category, a) in &tally.categories {
        accuracy(category.name(), a)?;
    }
    accuracy("count", &tally.count)?;
    for (skill, r) in &tally.skills {
        if !SKILLS.contains(&skill.as_str()) {
            return Err(format!("unknown counting skill {skill:?}"));
        }
        in_range(skill, r.asked)?;
        let costs = [r.error_sum, r.seconds];
        if r.right > r.asked
            || r.untimed > r.asked
            || costs.iter().any(|x| !(x.is_finite() && *x >= 0.0))
        {
            return Err(format!(
                "{skill}: {} right of {} answers, errors {}, {} s",
                r.right, r.asked, r.error_sum, r.seconds
            ));
        }
    }
    let named_bests = tally
        .countdown_best_by_count
        .iter()
        .flat_map(|(count, bests)| bests.iter().map(move |b| (Some(count), b)));
    for (count, (decks, seconds)) in tally
        .countdown_best
        .iter()
        .map(|b| (None, b))
        .chain(named_bests)
    {
        if count.is_some_and(|c| c.trim().is_empty()) {
            return Err("a countdown best of a count with no name".to_owned());
        }
        if !((1..=8).contains(decks) && seconds.is_finite() && *seconds > 0.0) {
            return Err(format!("countdown best of {decks} decks: {seconds} s"));
        }
    }
    if !(tally.ev_lost.is_finite() && tally.ev_lost >= 0.0) {
        return Err(format!("ev_lost = {} is not a cost", tally.ev_lost));
    }
    for (key, cell) in &tally.cells {
        if crate::analysis::chart::Cell::from_key(key).is_none() {
            return Err(format!("unknown chart cell {key:?}"));
        }
        in_range(key, cell.decisions)?;
        // A streak counts right answers since the last wrong one.
        if cell.wrong > cell.decisions || u64::from(cell.streak) > cell.decisions - cell.wrong {
            return Err(format!(
                "cell {key}: {} wrong and a streak of {} in {} decisions",
                cell.wrong, cell.streak, cell.decisions
            ));
        }
        if !(cell.ev_lost.is_finite() && cell.ev_lost >= 0.0) {
            return Err(format!(
                "cell {key}: ev_lost = {} is not a cost",
                cell.ev_lost
            ));
        }
        cell.review
            .validate()
            .map_err(|why| format!("cell {key}: {why}"))?;
    }
    tally.practice.validate()?;
    Ok(())
}
