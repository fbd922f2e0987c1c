//! What the table says: a [`Message`] of a [`Tone`], in the log, a notice or a drill's
//! feedback.

/// What kind of news a message is; drawn with a symbol as well as a style. The marks ✓ and ✗
/// grade answers and nothing else: a hand won or lost reads in words and signed money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// Table talk.
    Info,
    /// A decision or answer graded right: ✓.
    Good,
    /// A decision or answer graded wrong: ✗.
    Bad,
    /// A decision graded a close call (a miss costing less than
    /// [`crate::trainer::grade::CLOSE_CALL`]): ≈.
    Close,
    /// News good for the person's hands or money (a win, a blackjack): the good style, the
    /// table-talk mark, the words say what happened.
    Won,
    /// News bad for the person's hands or money (a loss, a bust, the dealer's blackjack, a
    /// spent bankroll): the bad style, the table-talk mark.
    Lost,
    /// A refused key.
    Error,
}

impl Tone {
    /// The tone of a graded decision or answer: [`Tone::Good`] if right, else [`Tone::Bad`].
    pub fn graded(right: bool) -> Tone {
        if right { Tone::Good } else { Tone::Bad }
    }
}

impl From<crate::session::Kind> for Tone {
    /// The tone the screen gives a kind of news the session says.
    fn from(kind: crate::session::Kind) -> Tone {
        use crate::session::Kind;
        match kind {
            Kind::Info => Tone::Info,
            Kind::Right => Tone::Good,
            Kind::Wrong => Tone::Bad,
            Kind::CloseCall => Tone::Close,
            Kind::Won => Tone::Won,
            Kind::Lost => Tone::Lost,
            Kind::Refused => Tone::Error,
        }
    }
}

/// One line in the message area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// What kind of news.
    pub tone: Tone,
    /// The words.
    pub text: String,
}

impl From<crate::session::Notice> for Message {
    /// A notice of the session, as a line of the log.
    fn from(notice: crate::session::Notice) -> Message {
        Message::new(notice.kind.into(), notice.text)
    }
}

impl Message {
    /// A line of `tone` saying `text`.
    pub fn new(tone: Tone, text: impl Into<String>) -> Message {
        Message { tone, text: text.into() }
    }
}
