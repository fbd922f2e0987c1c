//! The person's decisions graded: by the chart, or in counting mode by this game's index plays
//! at the floored true count; strict mode's refusal; a grade that would tell the hidden count
//! held back; and the reason line of a mistake.

use crate::analysis::reasons::{self, Figures, Source};
use crate::engine::{Action, ActionSet};
use crate::store::Coach;
use crate::trainer::evs::{EvQuery, ranked_legal};
use crate::trainer::grade::{Grade, IndexCall, grade_at_count};

use super::counting::HeldAs;
use super::{Analysis, Happening, Kind, Notice, TableSession};

/// A decision graded: the grade, the index play that decided it (in counting mode), the legal
/// actions' EVs it was graded with, best first, and which shoe those EVs are of.
struct Graded {
    grade: Grade,
    call: Option<IndexCall>,
    ranked: Vec<(Action, f64)>,
    source: Source,
}

impl TableSession {
    /// The EVs a decision on the hand to act is graded (and hinted) with, and their source:
    /// the live shoe's in counting mode once the index table is ready, else the hand's own.
    pub fn grading_query(&self, indices_ready: bool) -> Option<(EvQuery, Source)> {
        let view = self.table.view(self.you);
        if indices_ready && self.count.mode {
            EvQuery::live(&self.rules, &view).map(|q| (q, Source::LiveShoe))
        } else {
            EvQuery::table_basic(&self.rules, &view).map(|q| (q, Source::ThisHand))
        }
    }

    /// Grades the person's `action` on the hand to act, by the chart or in counting mode by
    /// the index plays, with the legal actions' EVs it was graded with.
    fn grade_decision(&mut self, action: Action, an: &mut Analysis<'_>) -> Option<Graded> {
        let view = self.table.view(self.you);
        let legal = view.legal();
        let (query, source) = self.grading_query(an.indices.is_some())?;
        // In counting mode, the cost at this count: the EVs of the shoe as it is.
        let evs = an.evs.evs(&query);
        let (grade, call) = match an.indices.filter(|_| self.count.mode) {
            None => (self.coach.grade(&an.strategy.chart, &view, action, &evs)?, None),
            Some(indices) => grade_at_count(
                &an.strategy.chart,
                indices,
                self.floored_count(),
                &view.active_hand()?.cards,
                view.dealer_up()?.value(),
                legal,
                action,
                |a| evs.get(a),
            ),
        };
        Some(Graded { grade, call, ranked: ranked_legal(&evs, legal), source })
    }

    /// Grades `action` into the log and the statistics before it is taken. `false` when
    /// strict mode refuses it (the mistake counts all the same).
    pub(super) fn grade_and_record(&mut self, action: Action, an: &mut Analysis<'_>) -> bool {
        // What the decision is made on, for the hand history.
        let view = self.table.view(self.you);
        let seen = view
            .active_hand()
            .map(|h| h.cards)
            .zip(view.dealer_up())
            .map(|(cards, up)| (cards, up, view.active_hand_index().unwrap_or(0)));
        let legal = view.legal();
        let Some(graded) = self.grade_decision(action, an) else {
            return true;
        };
        let g = &graded.grade;
        // Counting mode keeps the count of every decision.
        let tc = graded
            .call
            .as_ref()
            .map(|c| c.tc)
            .or_else(|| self.count.mode.then(|| self.floored_count()));
        let record = |coach: &mut Coach| {
            if let Some((cards, up, hand)) = &seen {
                coach.record_at_table(g, cards, *up, *hand, &graded.ranked, tc);
            }
        };
        let mut advice = g.advice_at_count(graded.call.as_ref());
        if self.count.mode && self.count.awaiting_indices && an.indices.is_none() {
            // Counting mode grades by the index plays: until they are worked out, by the chart.
            self.count.chart_graded += 1;
            advice.push_str(" (graded by the chart: this game's index plays are being worked out)");
        }
        // With the count hidden, a grade in an index play's cell tells the count: it waits.
        // Strict mode does not refuse it: a refusal would tell the count too.
        let proceed = if self.grade_tells_count(g.cell, legal, an) {
            self.news.push(Happening::Graded(Notice::new(
                Kind::Info,
                format!("{}: an index play's hand, graded once the count is shown", g.cell.label()),
            )));
            let why = self.mistake_reason(&graded, an);
            self.hold_back(Notice::new(Kind::of_verdict(g.verdict()), advice), HeldAs::Grade);
            if let Some(why) = why {
                self.hold_back(Notice::new(Kind::Info, why), HeldAs::Reason);
            }
            true
        } else if self.settings.strict && g.verdict().is_miss() {
            self.news.push(Happening::Graded(Notice::new(
                Kind::Refused,
                format!("{advice} — strict mode: try again"),
            )));
            // The mistake was made, even if it is not played: it counts.
            false
        } else {
            let kind = Kind::of_verdict(g.verdict());
            self.news.push(Happening::Graded(Notice::new(kind, advice)));
            // A mistake comes with the reason for the right play.
            if let Some(why) = self.mistake_reason(&graded, an) {
                self.news.push(Happening::Reason(Notice::new(Kind::Info, why)));
            }
            true
        };
        record(&mut self.coach);
        proceed
    }

    /// The reason line of a mistake graded by the chart (an index play's grade says why
    /// itself): `  Why: …`.
    fn mistake_reason(&self, graded: &Graded, an: &Analysis<'_>) -> Option<String> {
        let g = &graded.grade;
        if g.is_correct() || graded.call.is_some() {
            return None;
        }
        let peek = an.peek.strategy(&self.rules);
        reasons::line(
            an.strategy,
            peek.as_ref().map(|p| &p.chart),
            g.cell,
            Figures::Hand {
                source: graded.source,
                evs: &graded.ranked,
                advised: g.advised,
                chosen: g.chosen,
            },
        )
        .map(|why| format!("  Why: {why}"))
    }

    /// Whether the grade of a decision in `cell` would tell the hidden count: an index play
    /// for the cell, legal now (right or wrong, the grade says which side of it the count is).
    fn grade_tells_count(
        &self,
        cell: crate::analysis::chart::Cell,
        legal: ActionSet,
        an: &Analysis<'_>,
    ) -> bool {
        self.count_hidden()
            && an
                .indices
                .and_then(|indices| indices.get(cell))
                .is_some_and(|play| play.index.is_some() && legal.contains(play.play))
    }
}
