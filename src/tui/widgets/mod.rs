//! The pieces the table is drawn from. Each is a pure function of the [`super::App`] state.

pub mod cards;
pub mod chart;
pub mod count_drills;
pub mod dealer;
pub mod drill;
pub mod flow;
pub mod overlay;
pub mod review;
pub mod seat;
pub mod side;
pub mod status;
pub mod trainer;

use ratatui::symbols::border;

/// The marker of the hand (or seat) to act.
pub fn marker(ascii: bool) -> char {
    if ascii { '>' } else { '▶' }
}

/// ASCII frames: `+-|` normally, `#=` for the one to act.
pub fn ascii_border(active: bool) -> border::Set<'static> {
    if active {
        border::Set {
            top_left: "#",
            top_right: "#",
            bottom_left: "#",
            bottom_right: "#",
            vertical_left: "#",
            vertical_right: "#",
            horizontal_top: "=",
            horizontal_bottom: "=",
        }
    } else {
        border::Set {
            top_left: "+",
            top_right: "+",
            bottom_left: "+",
            bottom_right: "+",
            vertical_left: "|",
            vertical_right: "|",
            horizontal_top: "-",
            horizontal_bottom: "-",
        }
    }
}
