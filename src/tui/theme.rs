//! The one set of styles the table is drawn with. Draw code names a role (`theme.active_hand`),
//! never a colour. Every role that carries meaning also has a symbol or text beside it, so the
//! colourless theme ([`MONO`], chosen when `NO_COLOR` is set) loses nothing but colour.

use ratatui::style::{Color, Modifier, Style};

/// Styles by role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// The title line at the top.
    pub header: Style,
    /// Quiet text: labels, hints about keys, the empty part of gauges.
    pub dim: Style,
    /// Ordinary text.
    pub text: Style,
    /// A card's border.
    pub card_edge: Style,
    /// The face of a card of a red suit (hearts, diamonds).
    pub card_red: Style,
    /// The face of a card of a black suit (clubs, spades).
    pub card_black: Style,
    /// A face-down card.
    pub card_back: Style,
    /// A seat's or the dealer's frame.
    pub frame: Style,
    /// The frame of the seat (or dealer) to act.
    pub frame_active: Style,
    /// The person's own seat frame when it is not to act.
    pub frame_you: Style,
    /// A seat's title.
    pub title: Style,
    /// The hand to act (goes with the `▶` marker).
    pub active_hand: Style,
    /// A won hand's outcome.
    pub win: Style,
    /// A lost or bust hand's outcome.
    pub loss: Style,
    /// A pushed hand's outcome.
    pub push: Style,
    /// A key name in the action bar: `[h]`.
    pub key: Style,
    /// An action name in the action bar.
    pub action: Style,
    /// The strategy hint line.
    pub hint: Style,
    /// A message about something good for the person.
    pub msg_good: Style,
    /// A message about something bad for the person.
    pub msg_bad: Style,
    /// A refused key or another error.
    pub msg_error: Style,
    /// Plain table talk.
    pub msg_info: Style,
    /// The part of the shoe gauge still to deal.
    pub gauge_left: Style,
    /// The cut card in the shoe gauge.
    pub gauge_cut: Style,
    /// Overlays (help, confirm, summary).
    pub overlay: Style,
    /// An overlay's frame.
    pub overlay_frame: Style,
}

/// The colour theme.
pub const THEME: Theme = Theme {
    header: Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
    dim: Style::new().fg(Color::DarkGray),
    text: Style::new(),
    card_edge: Style::new().fg(Color::Gray),
    card_red: Style::new().fg(Color::Red).bg(Color::White).add_modifier(Modifier::BOLD),
    card_black: Style::new().fg(Color::Black).bg(Color::White).add_modifier(Modifier::BOLD),
    card_back: Style::new().fg(Color::Blue),
    frame: Style::new().fg(Color::DarkGray),
    frame_active: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    frame_you: Style::new().fg(Color::Cyan),
    title: Style::new().add_modifier(Modifier::BOLD),
    active_hand: Style::new().fg(Color::Black).bg(Color::Yellow).add_modifier(Modifier::BOLD),
    win: Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
    loss: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
    push: Style::new().fg(Color::Gray),
    key: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    action: Style::new(),
    hint: Style::new().fg(Color::Cyan),
    msg_good: Style::new().fg(Color::Green),
    msg_bad: Style::new().fg(Color::Red),
    msg_error: Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
    msg_info: Style::new(),
    gauge_left: Style::new().fg(Color::Green),
    gauge_cut: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    overlay: Style::new(),
    overlay_frame: Style::new().fg(Color::Cyan),
};

/// The theme without colour, for `NO_COLOR`: emphasis by bold, reverse and underline only.
pub const MONO: Theme = Theme {
    header: Style::new().add_modifier(Modifier::BOLD),
    dim: Style::new(),
    text: Style::new(),
    card_edge: Style::new(),
    card_red: Style::new().add_modifier(Modifier::BOLD),
    card_black: Style::new().add_modifier(Modifier::BOLD),
    card_back: Style::new(),
    frame: Style::new(),
    frame_active: Style::new().add_modifier(Modifier::BOLD),
    frame_you: Style::new(),
    title: Style::new().add_modifier(Modifier::BOLD),
    active_hand: Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD)),
    win: Style::new().add_modifier(Modifier::BOLD),
    loss: Style::new().add_modifier(Modifier::BOLD),
    push: Style::new(),
    key: Style::new().add_modifier(Modifier::BOLD),
    action: Style::new(),
    hint: Style::new().add_modifier(Modifier::ITALIC),
    msg_good: Style::new(),
    msg_bad: Style::new(),
    msg_error: Style::new().add_modifier(Modifier::BOLD),
    msg_info: Style::new(),
    gauge_left: Style::new(),
    gauge_cut: Style::new().add_modifier(Modifier::BOLD),
    overlay: Style::new(),
    overlay_frame: Style::new().add_modifier(Modifier::BOLD),
};

/// Whether a `NO_COLOR` value asks for no colour: set to anything but the empty string
/// (<https://no-color.org>). The command reads the variable and passes its value.
pub fn no_color_requested(no_color: Option<&std::ffi::OsStr>) -> bool {
    no_color.is_some_and(|v| !v.is_empty())
}

/// The theme for a colour choice.
pub fn theme(color: bool) -> &'static Theme {
    if color { &THEME } else { &MONO }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styles(t: &Theme) -> [Style; 25] {
        [
            t.header,
            t.dim,
            t.text,
            t.card_edge,
            t.card_red,
            t.card_black,
            t.card_back,
            t.frame,
            t.frame_active,
            t.frame_you,
            t.title,
            t.active_hand,
            t.win,
            t.loss,
            t.push,
            t.key,
            t.action,
            t.hint,
            t.msg_good,
            t.msg_bad,
            t.msg_error,
            t.msg_info,
            t.gauge_left,
            t.gauge_cut,
            t.overlay,
        ]
    }

    #[test]
    fn the_mono_theme_has_no_colour_at_all() {
        for style in styles(&MONO).into_iter().chain([MONO.overlay_frame]) {
            assert_eq!(style.fg, None, "{style:?}");
            assert_eq!(style.bg, None, "{style:?}");
        }
    }

    #[test]
    fn the_active_hand_stands_out_without_colour() {
        assert!(MONO.active_hand.add_modifier.contains(Modifier::REVERSED));
    }
}
