//! Keys → intents. The keys live in one table ([`super::keys`]), which this handler, the
//! action bar and the help read, so the bar can only offer keys that work.
//!
//! Two keys act on the session rather than the table, in every state: Ctrl-C and Ctrl-Z
//! ([`session_key`]; raw mode delivers them as keys, not as SIGINT and SIGTSTP). While the
//! terminal is too small for the table, [`intent_when_too_small`] replaces [`intent_for`].

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind,
};

use crate::trainer::counting::QuizKind;

use super::drill::DrillScreen;
use super::intent::{Intent, Overlay};

pub use super::keys::{ACTION_KEYS, TABLE_KEYS, TableKey, help_lines, key_for, table_key_for};
use super::keys::{action_for, pressed_intent};
use KeyCode::Char as C;

/// What the key handler reads of the app: which screen, panel and question are up. Built by
/// [`super::app::App::key_state`] for each event.
#[derive(Clone, Copy)]
pub struct KeyState<'a> {
    /// The open panel or question, if any.
    pub overlay: Option<Overlay>,
    /// The drill on screen, if any.
    pub drill: Option<&'a DrillScreen>,
    /// The review is on screen.
    pub review: bool,
    /// The planner page is on screen.
    pub plan: bool,
    /// A count check is asked before the deal.
    pub count_check: bool,
    /// The table is between rounds (a bet may be typed).
    pub between_rounds: bool,
    /// A bet is being typed.
    pub typing_bet: bool,
    /// AI seats or the dealer are playing at the table's pace (a key skips the wait).
    pub animating: bool,
    /// The rules check is asked on the course page (its keys type the answer).
    pub course_check: bool,
    /// Counting mode: with the chart open, `+` and `-` change the count it is read at.
    pub counting: bool,
}

/// A key that acts on the session rather than on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionKey {
    /// Ctrl-C: leave at once (statistics are saved); the exit status says interrupted (130).
    Interrupt,
    /// Ctrl-Z: give the terminal back and stop until `fg`.
    Suspend,
}

/// Whether `event` is Ctrl-C or Ctrl-Z.
pub fn session_key(event: &Event) -> Option<SessionKey> {
    let Event::Key(key) = event else {
        return None;
    };
    if key.kind == KeyEventKind::Release || !key.modifiers.contains(KeyModifiers::CONTROL) {
        return None;
    }
    match key.code {
        KeyCode::Char('c' | 'C') => Some(SessionKey::Interrupt),
        KeyCode::Char('z' | 'Z') => Some(SessionKey::Suspend),
        _ => None,
    }
}

/// What an event asks while the terminal is too small for the table ("Please enlarge the
/// terminal"). Nothing on the table can be seen then, so no key acts on it — a hit or a drill
/// answer would be taken blind: `q` leaves (the quit confirmation could not be seen either),
/// Ctrl-C leaves at once, a resize draws again, and every other key is dropped.
pub fn intent_when_too_small(event: &Event) -> Option<Intent> {
    match event {
        Event::Resize(..) => Some(Intent::Redraw),
        _ if session_key(event) == Some(SessionKey::Interrupt) => Some(Intent::Exit),
        Event::Key(key)
            if key.kind != KeyEventKind::Release
                && !key.modifiers.contains(KeyModifiers::CONTROL)
                && matches!(key.code, KeyCode::Char('q' | 'Q')) =>
        {
            Some(Intent::Exit)
        }
        _ => None,
    }
}

/// What a terminal event asks of the app in its present state (`None`: nothing).
pub fn intent_for(event: &Event, state: &KeyState) -> Option<Intent> {
    match event {
        _ if session_key(event) == Some(SessionKey::Interrupt) => Some(Intent::Exit),
        Event::Key(key) if key.kind != KeyEventKind::Release => key_intent(*key, state),
        Event::Mouse(mouse) => mouse_intent(*mouse, state),
        Event::Resize(..) => Some(Intent::Redraw),
        _ => None,
    }
}

/// The mouse wheel scrolls the message log, at the table (not under a question or a drill).
fn mouse_intent(mouse: MouseEvent, state: &KeyState) -> Option<Intent> {
    if state.drill.is_some() || state.overlay.is_some_and(Overlay::is_modal) {
        return None;
    }
    match mouse.kind {
        MouseEventKind::ScrollUp => Some(Intent::LogBackLines),
        MouseEventKind::ScrollDown => Some(Intent::LogOnLines),
        _ => None,
    }
}

/// Keys with a panel open (help, statistics, chart). The panel's own key and Esc close it;
/// another panel's key shows that one; a key of the table acts on the table with the panel left
/// open (help and statistics make way when a key acts; the chart marks the new hand); the
/// arrow keys turn the statistics' page or move the chart's cursor; any other key closes the
/// panel.
fn panel_intent(code: KeyCode, panel: Overlay, counting: bool) -> Option<Intent> {
    if code == KeyCode::Esc {
        return Some(Intent::ClosePanel);
    }
    if matches!(panel, Overlay::Stats | Overlay::Course)
        && matches!(code, KeyCode::Tab | KeyCode::Left | KeyCode::Right)
    {
        return Some(Intent::PanelPage);
    }
    if panel == Overlay::Course && matches!(code, KeyCode::Char('k' | 'K')) {
        return Some(Intent::StartRulesCheck);
    }
    if panel == Overlay::Chart {
        use super::chart::ChartMove;
        let movement = match code {
            KeyCode::Up => Some(ChartMove::Up),
            KeyCode::Down => Some(ChartMove::Down),
            KeyCode::Left => Some(ChartMove::Left),
            KeyCode::Right => Some(ChartMove::Right),
            KeyCode::Char('+' | '=') if counting => Some(ChartMove::CountUp),
            KeyCode::Char('-' | '_') if counting => Some(ChartMove::CountDown),
            _ => None,
        };
        if let Some(movement) = movement {
            return Some(Intent::ChartMove(movement));
        }
    }
    match table_key_for(code) {
        Some(k) if Some(k.intent) == panel_toggle(panel) => Some(k.intent),
        Some(_) => None,
        None if matches!(code, KeyCode::Char(_)) => Some(Intent::ClosePanel),
        None => None,
    }
}

/// The key intent that opens and closes `panel`.
fn panel_toggle(panel: Overlay) -> Option<Intent> {
    match panel {
        Overlay::Help => Some(Intent::ToggleHelp),
        Overlay::Stats => Some(Intent::ToggleStats),
        Overlay::Chart => Some(Intent::ToggleChart),
        Overlay::Course => Some(Intent::ToggleCourse),
        _ => None,
    }
}

fn key_intent(key: KeyEvent, state: &KeyState) -> Option<Intent> {
    // Alt+key is not the key: a terminal's menu shortcut must not hit or stand.
    if key.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match state.overlay {
        Some(Overlay::Summary) => return Some(Intent::Exit),
        Some(Overlay::ConfirmQuit) => {
            return match key.code {
                // Only `y`: Enter, Esc and a second `q` are keys a hand pressed on the way
                // here (Esc opened this box from a panel); none of them may leave.
                KeyCode::Char('y' | 'Y') => Some(Intent::ConfirmQuit),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Intent::CancelQuit),
                _ => None,
            };
        }
        Some(Overlay::Broke) => {
            return match key.code {
                KeyCode::Char('b' | 'B') => Some(Intent::Rebuy),
                KeyCode::Char('q' | 'Q') | KeyCode::Esc => Some(Intent::AskQuit),
                _ => None,
            };
        }
        Some(Overlay::Course) if state.course_check => {
            return match key.code {
                KeyCode::Char(c) if !ctrl => Some(Intent::CountKey(c)),
                KeyCode::Backspace => Some(Intent::CountErase),
                KeyCode::Enter => Some(Intent::CountSubmit),
                KeyCode::Esc => Some(Intent::ClosePanel),
                _ => None,
            };
        }
        Some(panel) => {
            // A drill's help or statistics: any key closes it (the drill waits under it).
            if state.drill.is_some() {
                return panel_toggle(panel);
            }
            if let Some(intent) = panel_intent(key.code, panel, state.counting) {
                return Some(intent);
            }
        }
        None => {}
    }
    if ctrl {
        return None;
    }
    if let Some(drill) = state.drill {
        return drill_intent(key.code, drill);
    }
    if state.review {
        return review_intent(key.code);
    }
    if state.plan {
        return plan_intent(key.code);
    }
    if state.count_check {
        return match key.code {
            // `.` for the decks left (3.5) at a surprise check.
            KeyCode::Char(c @ ('0'..='9' | '-' | '+' | '.')) => Some(Intent::CountKey(c)),
            KeyCode::Backspace => Some(Intent::CountErase),
            KeyCode::Enter => Some(Intent::CountSubmit),
            KeyCode::Esc => Some(Intent::LeaveDrill),
            // Any other key is told what the check waits for, not ignored in silence.
            KeyCode::Char(c) => Some(Intent::Unknown(c)),
            _ => None,
        };
    }
    if let Some(intent) = bet_entry_intent(key.code, state) {
        return Some(intent);
    }
    let pressed = table_key_for(key.code);
    if let Some(k) = pressed.filter(|k| k.while_playing) {
        return Some(pressed_intent(k, key.code));
    }
    // While AI seats or the dealer play, any other key skips the wait.
    if state.animating {
        return Some(Intent::Skip);
    }
    match (pressed, key.code) {
        (Some(k), code) => Some(pressed_intent(k, code)),
        (None, KeyCode::Char(c)) => Some(Intent::Unknown(c)),
        _ => None,
    }
}

/// Keys on the review screen: ← → step through the rounds, ↑ ↓ through a round's decisions,
/// `m` shows only mistakes, `p` (or Enter) practises the marked cell, Esc (or `v`, `q`) goes
/// back to the table.
fn review_intent(code: KeyCode) -> Option<Intent> {
    use super::review::ReviewKey;
    let key = match code {
        KeyCode::Left | C(',' | '<') => ReviewKey::Older,
        KeyCode::Right | C('.' | '>') => ReviewKey::Newer,
        KeyCode::Up | C('k' | 'K') => ReviewKey::PrevDecision,
        KeyCode::Down | C('j' | 'J') => ReviewKey::NextDecision,
        C('m' | 'M') => ReviewKey::ToggleMistakes,
        C('p' | 'P') | KeyCode::Enter => ReviewKey::Practise,
        KeyCode::Esc | C('v' | 'V' | 'q' | 'Q') => ReviewKey::Close,
        C('?') => return Some(Intent::ToggleHelp),
        _ => return None,
    };
    Some(Intent::Review(key))
}

/// Keys on the planner page: ↑ ↓ pick a row, ← → change it, `u` takes the ramp, `s` takes
/// and saves it, Esc (or `b`, `q`) goes back to the table.
fn plan_intent(code: KeyCode) -> Option<Intent> {
    use super::plan_page::PlanKey;
    let key = match code {
        KeyCode::Up | C('k' | 'K') => PlanKey::Up,
        KeyCode::Down | C('j' | 'J') => PlanKey::Down,
        KeyCode::Left | C('-' | '_' | '<' | ',') => PlanKey::Less,
        KeyCode::Right | C('+' | '=' | '>' | '.') => PlanKey::More,
        C('u' | 'U') => PlanKey::Use,
        C('s' | 'S') => PlanKey::Save,
        KeyCode::Esc | C('b' | 'B' | 'q' | 'Q') => PlanKey::Close,
        C('?') => return Some(Intent::ToggleHelp),
        _ => return None,
    };
    Some(Intent::Plan(key))
}

/// Typing a bet between rounds: digits start and extend it; while one is typed, Enter places
/// it, Backspace erases a digit and Esc forgets it.
fn bet_entry_intent(code: KeyCode, state: &KeyState) -> Option<Intent> {
    if !state.between_rounds {
        return None;
    }
    let typing = state.typing_bet;
    match code {
        KeyCode::Char(c @ '0'..='9') => Some(Intent::BetDigit(c)),
        KeyCode::Enter if typing => Some(Intent::BetEnter),
        KeyCode::Backspace if typing => Some(Intent::BetErase),
        KeyCode::Esc if typing => Some(Intent::BetCancel),
        _ => None,
    }
}

/// Keys while a drill is open: its own keys, plus help, statistics and the way back.
fn drill_intent(code: KeyCode, drill: &DrillScreen) -> Option<Intent> {
    match code {
        KeyCode::Esc | KeyCode::Char('q' | 'Q') => return Some(Intent::LeaveDrill),
        KeyCode::Char('?') => return Some(Intent::ToggleHelp),
        _ => {}
    }
    match drill {
        DrillScreen::Chooser { .. } => match code {
            KeyCode::Up | KeyCode::Char('k' | 'K') => Some(Intent::MenuUp),
            KeyCode::Down | KeyCode::Char('j' | 'J') => Some(Intent::MenuDown),
            KeyCode::Enter | KeyCode::Char(' ') => Some(Intent::MenuChoose),
            KeyCode::Char('r' | 'R') => Some(Intent::LeaveDrill),
            // 1–9, then letters: every entry has a key.
            KeyCode::Char(c) => Some(
                crate::tui::drill::chooser_entry(c.to_ascii_lowercase())
                    .map_or(Intent::Unknown(c), Intent::ChooseDrill),
            ),
            _ => None,
        },
        DrillScreen::Decision(_) => match code {
            KeyCode::Char('i' | 'I') => Some(Intent::ToggleStats),
            KeyCode::Char('r' | 'R') => Some(Intent::OpenDrills),
            KeyCode::Char(c) => {
                let lower = c.to_ascii_lowercase();
                Some(action_for(lower).map_or(Intent::Unknown(c), Intent::DrillAnswer))
            }
            _ => None,
        },
        DrillScreen::Quiz(screen) if screen.quiz.kind() == QuizKind::Deviations => match code {
            KeyCode::Char('r' | 'R') => Some(Intent::OpenDrills),
            KeyCode::Char('i' | 'I') => Some(Intent::ToggleStats),
            KeyCode::Char(c) => {
                let lower = c.to_ascii_lowercase();
                Some(action_for(lower).map_or(Intent::Unknown(c), Intent::DrillAnswer))
            }
            _ => None,
        },
        DrillScreen::Quiz(_) | DrillScreen::Countdown(_) => match code {
            KeyCode::Tab if matches!(drill, DrillScreen::Countdown(_)) => Some(Intent::PanelPage),
            KeyCode::Char('r' | 'R') => Some(Intent::OpenDrills),
            KeyCode::Char('i' | 'I') => Some(Intent::ToggleStats),
            KeyCode::Char(c @ ('0'..='9' | '-' | '+' | '.')) => Some(Intent::CountKey(c)),
            KeyCode::Backspace => Some(Intent::CountErase),
            KeyCode::Enter => Some(Intent::CountSubmit),
            KeyCode::Char(' ') => Some(Intent::NextRound),
            KeyCode::Char(c) => Some(Intent::Unknown(c)),
            _ => None,
        },
        DrillScreen::Count(_) => match code {
            KeyCode::Tab => Some(Intent::PanelPage),
            KeyCode::Char('i' | 'I') => Some(Intent::ToggleStats),
            KeyCode::Char(c @ ('0'..='9' | '-' | '+')) => Some(Intent::CountKey(c)),
            KeyCode::Backspace => Some(Intent::CountErase),
            KeyCode::Enter => Some(Intent::CountSubmit),
            KeyCode::Char(' ') => Some(Intent::NextRound),
            KeyCode::Char(c) => Some(Intent::Unknown(c)),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Rules};
    use crate::trainer::drill::DrillKind;
    use crate::tui::app::App;

    #[test]
    fn alt_and_a_key_is_not_the_key() {
        let app = app();
        let alt_h = Event::Key(KeyEvent::new(KeyCode::Char('h'), KeyModifiers::ALT));
        assert_eq!(intent_for(&alt_h, &app.key_state()), None);
        let alt_space = Event::Key(KeyEvent::new(KeyCode::Char(' '), KeyModifiers::ALT));
        assert_eq!(intent_for(&alt_space, &app.key_state()), None);
    }

    #[test]
    fn every_table_key_is_handled_as_the_help_and_the_bar_say() {
        let app = app();
        let count = crate::analysis::counts::CountSystem::default();
        let help = help_lines(Some(&count));
        for k in TABLE_KEYS {
            assert!(
                help.iter()
                    .any(|l| l.get(..10).is_some_and(|c| c.contains(k.label))
                        && l.contains(k.help_for(Some(&count)).as_ref())),
                "{}",
                k.label
            );
            for &code in k.codes {
                assert_eq!(table_key_for(code), Some(&k));
                assert_eq!(
                    pressed(&app, code),
                    Some(pressed_intent(&k, code)),
                    "{code:?}"
                );
            }
        }
    }

    fn press(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn ctrl(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
    }

    /// What `code` pressed alone means on `app`'s screen.
    fn pressed(app: &App, code: KeyCode) -> Option<Intent> {
        intent_for(&press(code), &app.key_state())
    }

    fn app() -> App {
        let config = crate::tui::TableConfig {
            speed: std::time::Duration::ZERO,
            seed: 3,
            ..Default::default()
        };
        App::new(&Rules::default(), config).expect("default options are valid")
    }

    #[test]
    fn action_keys_map_both_ways() {
        for (action, key) in ACTION_KEYS {
            assert_eq!(key_for(action), key);
            assert_eq!(action_for(key), Some(action));
        }
    }

    #[test]
    fn keys_become_intents() {
        let app = app();
        assert_eq!(
            pressed(&app, KeyCode::Char('h')),
            Some(Intent::Act(Action::Hit))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char('P')),
            Some(Intent::Act(Action::Split))
        );
        assert_eq!(pressed(&app, KeyCode::Char(' ')), Some(Intent::Deal));
        assert_eq!(pressed(&app, KeyCode::Enter), Some(Intent::Deal));
        assert_eq!(pressed(&app, KeyCode::Char('+')), Some(Intent::BetUp));
        assert_eq!(pressed(&app, KeyCode::Char('-')), Some(Intent::BetDown));
        assert_eq!(pressed(&app, KeyCode::Esc), Some(Intent::AskQuit));
        assert_eq!(
            pressed(&app, KeyCode::Char('x')),
            Some(Intent::Unknown('x'))
        );
        assert_eq!(
            intent_for(&Event::Resize(80, 24), &app.key_state()),
            Some(Intent::Redraw)
        );
    }

    #[test]
    fn ctrl_c_exits_from_anywhere() {
        let mut app = app();
        let ctrl_c = ctrl('c');
        assert_eq!(intent_for(&ctrl_c, &app.key_state()), Some(Intent::Exit));
        app.update(Intent::ToggleHelp);
        assert_eq!(intent_for(&ctrl_c, &app.key_state()), Some(Intent::Exit));
        app.update(Intent::ToggleHelp);
        app.update(Intent::AskQuit);
        assert_eq!(intent_for(&ctrl_c, &app.key_state()), Some(Intent::Exit));
    }

    #[test]
    fn ctrl_c_and_ctrl_z_are_session_keys() {
        assert_eq!(session_key(&ctrl('c')), Some(SessionKey::Interrupt));
        assert_eq!(session_key(&ctrl('z')), Some(SessionKey::Suspend));
        assert_eq!(session_key(&ctrl('x')), None);
        assert_eq!(session_key(&press(KeyCode::Char('z'))), None);
        assert_eq!(session_key(&Event::Resize(80, 24)), None);
    }

    #[test]
    fn a_too_small_terminal_takes_no_key_that_acts_on_the_table() {
        let mut app = app().with_background_waits(true);
        for code in [
            KeyCode::Char(' '),
            KeyCode::Enter,
            KeyCode::Char('h'),
            KeyCode::Char('s'),
            KeyCode::Char('+'),
            KeyCode::Char('r'),
            KeyCode::Char('?'),
            KeyCode::Char('y'),
            KeyCode::Esc,
            KeyCode::Char('1'),
        ] {
            assert_eq!(intent_when_too_small(&press(code)), None, "{code:?}");
        }
        assert_eq!(
            intent_when_too_small(&press(KeyCode::Char('q'))),
            Some(Intent::Exit)
        );
        let ctrl_c = ctrl('c');
        assert_eq!(intent_when_too_small(&ctrl_c), Some(Intent::Exit));
        assert_eq!(
            intent_when_too_small(&Event::Resize(100, 32)),
            Some(Intent::Redraw)
        );
        // The same holds whatever is on screen underneath: a drill question, say.
        app.update(Intent::OpenDrills);
        app.update(Intent::ChooseDrill(DrillKind::Hard));
        assert_eq!(
            pressed(&app, KeyCode::Char('h')),
            Some(Intent::DrillAnswer(Action::Hit))
        );
        assert_eq!(intent_when_too_small(&press(KeyCode::Char('h'))), None);
    }

    #[test]
    fn drill_keys_become_drill_intents() {
        let mut app = app().with_background_waits(true);
        assert_eq!(pressed(&app, KeyCode::Char('r')), Some(Intent::OpenDrills));
        app.update(Intent::OpenDrills);
        assert_eq!(
            pressed(&app, KeyCode::Char('3')),
            Some(Intent::ChooseDrill(DrillKind::Pairs))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char('7')),
            Some(Intent::ChooseDrill(DrillKind::Due))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char('9')),
            Some(Intent::ChooseDrill(DrillKind::Countdown))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char('0')),
            Some(Intent::Unknown('0'))
        );
        assert_eq!(pressed(&app, KeyCode::Down), Some(Intent::MenuDown));
        assert_eq!(pressed(&app, KeyCode::Enter), Some(Intent::MenuChoose));
        assert_eq!(pressed(&app, KeyCode::Esc), Some(Intent::LeaveDrill));
        app.update(Intent::ChooseDrill(DrillKind::Hard));
        assert_eq!(
            pressed(&app, KeyCode::Char('h')),
            Some(Intent::DrillAnswer(Action::Hit))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char('P')),
            Some(Intent::DrillAnswer(Action::Split))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char(' ')),
            Some(Intent::Unknown(' '))
        );
        assert_eq!(
            pressed(&app, KeyCode::Char('q')),
            Some(Intent::LeaveDrill),
            "q leaves the drill, not the table"
        );
        app.update(Intent::LeaveDrill);
        app.update(Intent::OpenDrills);
        app.update(Intent::ChooseDrill(DrillKind::Count));
        assert_eq!(
            pressed(&app, KeyCode::Char('-')),
            Some(Intent::CountKey('-'))
        );
        assert_eq!(pressed(&app, KeyCode::Backspace), Some(Intent::CountErase));
        assert_eq!(pressed(&app, KeyCode::Enter), Some(Intent::CountSubmit));
        assert_eq!(pressed(&app, KeyCode::Char(' ')), Some(Intent::NextRound));
        assert_eq!(
            pressed(&app, KeyCode::Char('x')),
            Some(Intent::Unknown('x'))
        );
    }

    #[test]
    fn the_quit_confirmation_takes_yes_or_no_only() {
        let mut app = app();
        app.update(Intent::AskQuit);
        assert_eq!(pressed(&app, KeyCode::Char('h')), None);
        assert_eq!(pressed(&app, KeyCode::Char('n')), Some(Intent::CancelQuit));
        for not_yes in [KeyCode::Enter, KeyCode::Char('q'), KeyCode::Char(' ')] {
            assert_eq!(pressed(&app, not_yes), None, "{not_yes:?}");
        }
        assert_eq!(pressed(&app, KeyCode::Char('y')), Some(Intent::ConfirmQuit));
        app.update(Intent::ConfirmQuit);
        assert_eq!(pressed(&app, KeyCode::Char('z')), Some(Intent::Exit));
    }
}
