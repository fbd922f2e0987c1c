//! What an earlier build's statistics file must satisfy to be imported: the checks of its
//! lifetime tally, kept with the import, their one caller.

use super::ranges::ensure;
use crate::trainer::tally::{Accuracy, MAX_COUNT, SKILLS, Tally};

/// The largest money figure a valid tally holds, in thousandths (4.6·10¹⁵ units): past any
/// lifetime, yet far enough from `i64`'s ends that adding a session cannot overflow.
const MAX_MONEY_MILLI: u64 = 1 << 62;

/// The largest sum of squared round results, in millionths of a bet squared: [`MAX_COUNT`]
/// rounds of at most 8 000² stay below 2⁸⁰, and an addition cannot overflow the `u128`.
const MAX_NET_SQ_MICRO: u128 = 1 << 100;

/// Checks what every tally this program records satisfies, so a damaged or hand-edited file
/// is caught at its import: right answers never exceed decisions, every hand was won, lost or
/// pushed, cell keys name chart cells, no counter is near its integer limit (where adding a
/// session could wrap). Returns what is wrong, for the player.
pub(super) fn check_tally(tally: &Tally) -> Result<(), String> {
    let play = &tally.play;
    let in_range = |name: &str, n: u64| {
        ensure!(n <= MAX_COUNT, "{name} = {n} is out of range");
        Ok(())
    };
    let accuracy = |name: &str, a: &Accuracy| {
        in_range(name, a.decisions)?;
        let (right, of) = (a.correct, a.decisions);
        ensure!(right <= of, "{name}: {right} right of {of} decisions");
        Ok(())
    };
    let cost = |x: f64| x.is_finite() && x >= 0.0;
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
    // Money and the sum of squares: a value past these would wrap at the next addition.
    let (money, rebought, squares) =
        (play.net_money_milli, tally.rebought_milli, play.net_sq_micro);
    ensure!(money.unsigned_abs() <= MAX_MONEY_MILLI, "net_money_milli = {money} is out of range");
    let buy_ins = (0..=MAX_MONEY_MILLI as i64).contains(&rebought);
    ensure!(buy_ins, "rebought_milli = {rebought} is not a sum of buy-ins");
    ensure!(squares <= MAX_NET_SQ_MICRO, "net_sq_micro = {squares} is out of range");
    let (hands, wins, losses, pushes) = (play.hands, play.wins, play.losses, play.pushes);
    // Each settled hand is counted once as a win, a loss or a push (`record_hand`).
    let whole = wins + losses + pushes == hands;
    ensure!(whole, "{wins} won + {losses} lost + {pushes} pushed is not {hands} hands");
    let (busts, naturals) = (play.busts, play.naturals);
    let fine = busts <= losses && naturals <= hands;
    ensure!(fine, "{busts} busts of {losses} losses, {naturals} naturals of {hands} hands");
    accuracy("overall", &tally.overall)?;
    for (category, a) in &tally.categories {
        accuracy(category.name(), a)?;
    }
    accuracy("count", &tally.count)?;
    for (skill, r) in &tally.skills {
        ensure!(SKILLS.contains(&skill.as_str()), "unknown counting skill {skill:?}");
        in_range(skill, r.asked)?;
        let (right, asked, errors, seconds) = (r.right, r.asked, r.error_sum, r.seconds);
        let fine = right <= asked && r.untimed <= asked && cost(errors) && cost(seconds);
        ensure!(fine, "{skill}: {right} right of {asked} answers, errors {errors}, {seconds} s");
    }
    let named_bests = tally
        .countdown_best_by_count
        .iter()
        .flat_map(|(count, bests)| bests.iter().map(move |b| (Some(count), b)));
    for (count, (decks, seconds)) in
        tally.countdown_best.iter().map(|b| (None, b)).chain(named_bests)
    {
        let unnamed = count.is_some_and(|c| c.trim().is_empty());
        ensure!(!unnamed, "a countdown best of a count with no name");
        let fine = (1..=8).contains(decks) && seconds.is_finite() && *seconds > 0.0;
        ensure!(fine, "countdown best of {decks} decks: {seconds} s");
    }
    let ev_lost = tally.ev_lost;
    ensure!(cost(ev_lost), "ev_lost = {ev_lost} is not a cost");
    for (key, cell) in &tally.cells {
        let known = crate::analysis::chart::Cell::from_key(key).is_some();
        ensure!(known, "unknown chart cell {key:?}");
        in_range(key, cell.decisions)?;
        let (wrong, streak, decisions) = (cell.wrong, cell.streak, cell.decisions);
        // A streak counts right answers since the last wrong one.
        let fine = wrong <= decisions && u64::from(streak) <= decisions - wrong;
        ensure!(
            fine,
            "cell {key}: {wrong} wrong and a streak of {streak} in {decisions} decisions"
        );
        let ev_lost = cell.ev_lost;
        ensure!(cost(ev_lost), "cell {key}: ev_lost = {ev_lost} is not a cost");
        cell.review.validate().map_err(|why| format!("cell {key}: {why}"))?;
    }
    tally.practice.validate()?;
    Ok(())
}
