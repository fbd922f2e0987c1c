//! What a session at the table says happened, as data: [`Notice`]s of a [`Kind`], and the
//! [`Happening`]s a screen (or a test) takes in after each call.

/// What kind of news a notice is (the screen draws each with its own mark).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Table talk.
    Info,
    /// A decision or answer graded right.
    Right,
    /// A decision or answer graded wrong.
    Wrong,
    /// A decision graded a close call ([`crate::trainer::grade::CLOSE_CALL`]).
    CloseCall,
    /// News good for the person's hands or money (a win, a blackjack).
    Won,
    /// News bad for the person's hands or money (a loss, a bust, a spent bankroll).
    Lost,
    /// Something asked for was refused, or could not be done (a save that failed).
    Refused,
}

impl Kind {
    /// The kind of a graded decision or answer: [`Kind::Right`] or [`Kind::Wrong`].
    pub fn graded(right: bool) -> Kind {
        if right { Kind::Right } else { Kind::Wrong }
    }

    /// The kind of a graded decision: right, a close call or wrong.
    pub fn of_verdict(verdict: crate::trainer::grade::Verdict) -> Kind {
        use crate::trainer::grade::Verdict;
        match verdict {
            Verdict::Right => Kind::Right,
            Verdict::CloseCall => Kind::CloseCall,
            Verdict::Miss => Kind::Wrong,
        }
    }
}

/// One line the session says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// What kind of news.
    pub kind: Kind,
    /// The words.
    pub text: String,
}

impl Notice {
    /// A notice of `kind` saying `text`.
    pub fn new(kind: Kind, text: impl Into<String>) -> Notice {
        Notice { kind, text: text.into() }
    }
}

/// What one call on the session brought about, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happening {
    /// A line for the log.
    Said(Notice),
    /// The grade of the person's decision (the log keeps it apart as the last grade too).
    Graded(Notice),
    /// The reason under the grade just given (`  Why: …`), kept in view with it.
    Reason(Notice),
    /// A round was dealt: its number.
    RoundStarted(u64),
    /// The bankroll holds less than the table's smallest bet: a rebuy is offered.
    BankrollSpent,
    /// The person bought in again.
    BoughtIn,
    /// A count check is asked before the deal: the running count is to be typed.
    CountCheckAsked,
    /// At the table's pace, the dealer cleared the round's cards.
    TableCleared,
    /// A count was answered wrong: the rounds since the last right running count.
    CountBreakdown(super::Breakdown),
}

impl Happening {
    /// The notice said, if this happening says one.
    pub fn notice(&self) -> Option<&Notice> {
        match self {
            Happening::Said(notice) | Happening::Graded(notice) | Happening::Reason(notice) => {
                Some(notice)
            }
            _ => None,
        }
    }
}
