//! The table's keys with their intents, bar words and help lines ([`TABLE_KEYS`]): one table
//! that the key handler ([`super::input`]), the action bar, the drills and the help all read.

use std::borrow::Cow;

use crossterm::event::KeyCode;

use super::intent::TableIntent;
use crate::analysis::counts::CountSystem;
use crate::engine::Action;

/// The key that takes `action`: its table key's.
pub fn key_for(action: Action) -> char {
    let key = TABLE_KEYS.iter().find(|k| k.intent == TableIntent::Act(action));
    key.and_then(|k| k.label.chars().next()).unwrap_or('?')
}

/// One key of the table ([`TABLE_KEYS`]), which the handler, the bar and the help all read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableKey {
    /// How the key is written in the bar and the help: `h`, `space`, `q  Esc`.
    pub label: &'static str,
    /// The key codes that press it (upper and lower case both).
    pub codes: &'static [KeyCode],
    /// What it asks for.
    pub intent: TableIntent,
    /// Its word in the between-rounds action bar, if it shows there.
    pub bar: Option<&'static str>,
    /// Its line in the help screen.
    pub help: &'static str,
}

const fn table_key(
    label: &'static str,
    codes: &'static [KeyCode],
    intent: TableIntent,
    bar: Option<&'static str>,
    help: &'static str,
) -> TableKey {
    TableKey { label, codes, intent, bar, help }
}

use KeyCode::Char as C;

/// Every key of the table, in the order the help lists them.
pub const TABLE_KEYS: [TableKey; 22] = [
    table_key("h", &[C('h'), C('H')], TableIntent::Act(Action::Hit), None, "hit: take a card"),
    table_key(
        "s",
        &[C('s'), C('S')],
        TableIntent::Act(Action::Stand),
        None,
        "stand: close the hand",
    ),
    table_key(
        "d",
        &[C('d'), C('D')],
        TableIntent::Act(Action::Double),
        None,
        "double: double the stake, take one card, close the hand",
    ),
    table_key(
        "p",
        &[C('p'), C('P')],
        TableIntent::Act(Action::Split),
        None,
        "split: a pair becomes two hands",
    ),
    table_key(
        "space",
        &[C(' '), KeyCode::Enter],
        TableIntent::Deal,
        Some("deal"),
        "deal the next round (Enter works too)",
    ),
    table_key(
        "+",
        &[C('+'), C('=')],
        TableIntent::BetUp,
        Some("bet"),
        "raise or lower the bet by 1, between rounds",
    ),
    table_key("-", &[C('-'), C('_')], TableIntent::BetDown, None, ""),
    table_key(
        "]",
        &[C(']')],
        TableIntent::BetUpFive,
        None,
        "raise or lower the bet by 5; or type any bet, then Enter",
    ),
    table_key("[", &[C('[')], TableIntent::BetDownFive, None, ""),
    table_key(
        "PgUp PgDn",
        &[KeyCode::PageUp, KeyCode::PageDown],
        TableIntent::LogBack,
        None,
        "scroll the messages back and on (the mouse wheel too)",
    ),
    table_key(
        "t",
        &[C('t'), C('T')],
        TableIntent::ToggleHints,
        Some("hints"),
        "strategy hints on or off",
    ),
    table_key(
        "e",
        &[C('e'), C('E')],
        TableIntent::ToggleEv,
        None,
        "live EVs: exact EV of each action for this shoe",
    ),
    table_key(
        "i",
        &[C('i'), C('I')],
        TableIntent::ToggleStats,
        Some("stats"),
        "statistics: session, lifetime, error heat map",
    ),
    table_key(
        "g",
        &[C('g'), C('G')],
        TableIntent::ToggleChart,
        Some("chart"),
        "strategy chart, your cell marked; arrows pick a cell: its EVs, why",
    ),
    table_key(
        "c",
        &[C('c'), C('C')],
        TableIntent::ToggleCount,
        None,
        "the count kept (Hi-Lo unless --count): running and true count on or off",
    ),
    table_key(
        "w",
        &[C('w'), C('W')],
        TableIntent::TogglePace,
        None,
        "wait: pause the table's pace (--pace), or go on at it",
    ),
    table_key(
        "r",
        &[C('r'), C('R')],
        TableIntent::OpenDrills,
        Some("drills"),
        "drills: practise decisions or the count kept",
    ),
    table_key(
        "v",
        &[C('v'), C('V')],
        TableIntent::OpenReview,
        None,
        "review past rounds and drill answers, and practise a cell",
    ),
    table_key(
        "l",
        &[C('l'), C('L')],
        TableIntent::ToggleCourse,
        None,
        "the course: its stages, where you stand, what to do next",
    ),
    table_key(
        "?",
        &[C('?')],
        TableIntent::ToggleHelp,
        Some("help"),
        "this help (any key closes it)",
    ),
    table_key(
        "q  Esc",
        &[C('q'), C('Q'), KeyCode::Esc],
        TableIntent::AskQuit,
        Some("quit"),
        "leave the table (asks first; hands in play are played out)",
    ),
    // Last: a narrow bar drops its last words first, and help and quit matter more.
    table_key(
        "b",
        &[C('b'), C('B')],
        TableIntent::OpenPlan,
        Some("bets"),
        "bets & bankroll: plan a ramp for your bankroll and risk",
    ),
];

/// The table key pressed by `code`, if any.
pub fn table_key_for(code: KeyCode) -> Option<&'static TableKey> {
    TABLE_KEYS.iter().find(|k| k.codes.contains(&code))
}

/// The intent of a table key pressed with `code`: the key's own, except where one key has two
/// directions (PgDn scrolls on where PgUp scrolls back).
pub(crate) fn pressed_intent(k: &TableKey, code: KeyCode) -> TableIntent {
    match code {
        KeyCode::PageDown => TableIntent::LogOn,
        _ => k.intent,
    }
}

impl TableKey {
    /// Its line in the help screen at a table counting `count`: the keys of the count and
    /// the drills name it (`Zen running and true count on or off`; an unbalanced count, read
    /// as it runs, has no true count); with no count known (the manual page), [`TableKey::help`]
    /// in words that fit any.
    pub fn help_for(&self, count: Option<&CountSystem>) -> Cow<'static, str> {
        match (self.intent, count) {
            (TableIntent::ToggleCount, Some(system)) if system.is_balanced() => {
                Cow::Owned(format!("{} running and true count on or off", system.name))
            }
            (TableIntent::ToggleCount, Some(system)) => {
                Cow::Owned(format!("{} running count on or off", system.name))
            }
            (TableIntent::OpenDrills, Some(system)) => {
                Cow::Owned(format!("drills: practise decisions or the {} count", system.name))
            }
            _ => Cow::Borrowed(self.help),
        }
    }
}

/// The help screen's lines of keys, from [`TABLE_KEYS`], at a table counting `count` (`None`
/// where no count is known: the manual page).
pub fn help_lines(count: Option<&CountSystem>) -> Vec<String> {
    // A key whose help is empty is said with the key before it (`+ -`, `] [`): a line each
    // would cut the help at 80×24.
    let mut keys: Vec<(String, Cow<'static, str>)> = Vec::new();
    for k in &TABLE_KEYS {
        match keys.last_mut() {
            Some((label, _)) if k.help.is_empty() => {
                label.push(' ');
                label.push_str(k.label);
            }
            _ => keys.push((k.label.to_owned(), k.help_for(count))),
        }
    }
    keys.into_iter()
        .map(|(label, help)| format!("{label:<10}{help}"))
        // Typing a bet is said under `]`: a line of its own would cut the help at 80×24.
        .chain([
            format!("{:<10}leave at once", "Ctrl-C"),
            if cfg!(unix) {
                format!("{:<10}back to the shell; `fg` brings the table back", "Ctrl-Z")
            } else {
                format!("{:<10}no suspend on Windows: it only says so", "Ctrl-Z")
            },
        ])
        .collect()
}

/// The action the key `key` takes, if any.
pub(crate) fn action_for(key: char) -> Option<Action> {
    match table_key_for(KeyCode::Char(key))?.intent {
        TableIntent::Act(action) => Some(action),
        _ => None,
    }
}
