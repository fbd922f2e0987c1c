//! Keys → intents, from the one key table ([`super::keys`]) the action bar and the help read
//! too. Ctrl-C and Ctrl-Z act on the session in every state ([`session_key`]: raw mode sends
//! them as keys); while the terminal is too small, [`intent_when_too_small`] takes over.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind,
};

use crate::trainer::drills::counting::QuizKind;

use super::drill::DrillScreen;
use super::intent::{
    DrillIntent, Intent, Overlay, PlanIntent, QuestionIntent, ReviewIntent, SharedIntent,
    TableIntent,
};

pub use super::keys::{TABLE_KEYS, TableKey, help_lines, key_for, table_key_for};
use super::keys::{action_for, pressed_intent};
use KeyCode::Char as C;

/// What the key handler reads of the app ([`super::app::App::key_state`], for each event).
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
        Event::Resize(..) => Some(SharedIntent::Redraw.into()),
        _ if session_key(event) == Some(SessionKey::Interrupt) => Some(SharedIntent::Exit.into()),
        Event::Key(key)
            if key.kind != KeyEventKind::Release
                && !key.modifiers.contains(KeyModifiers::CONTROL)
                && matches!(key.code, KeyCode::Char('q' | 'Q')) =>
        {
            Some(SharedIntent::Exit.into())
        }
        _ => None,
    }
}

/// What a terminal event asks of the app in its present state (`None`: nothing): each
/// screen's keys become its own intents; Ctrl-C and a resize are every screen's.
pub fn intent_for(event: &Event, state: &KeyState) -> Option<Intent> {
    match event {
        _ if session_key(event) == Some(SessionKey::Interrupt) => Some(SharedIntent::Exit.into()),
        Event::Key(key) if key.kind != KeyEventKind::Release => key_intent(*key, state),
        Event::Mouse(mouse) => mouse_intent(*mouse, state).map(Intent::from),
        Event::Resize(..) => Some(SharedIntent::Redraw.into()),
        _ => None,
    }
}

/// The mouse wheel scrolls the message log at the table (not under a question or another screen).
fn mouse_intent(mouse: MouseEvent, state: &KeyState) -> Option<TableIntent> {
    if state.drill.is_some()
        || state.review
        || state.plan
        || state.overlay.is_some_and(Overlay::is_modal)
    {
        return None;
    }
    match mouse.kind {
        MouseEventKind::ScrollUp => Some(TableIntent::LogBackLines),
        MouseEventKind::ScrollDown => Some(TableIntent::LogOnLines),
        _ => None,
    }
}

/// Keys with a panel open over the table (help, statistics, chart, the course page). The
/// panel's own key and Esc close it; another panel's key shows that one; a key of the table
/// acts on the table with the panel left open (help and statistics make way when a key acts;
/// the chart marks the new hand); the arrow keys turn the statistics' page or move the chart's
/// cursor; any other key closes the panel. `None`: the key is the table's.
fn panel_intent(code: KeyCode, panel: Overlay, counting: bool) -> Option<TableIntent> {
    if code == KeyCode::Esc {
        return Some(TableIntent::ClosePanel);
    }
    if matches!(panel, Overlay::Stats | Overlay::Course)
        && matches!(code, KeyCode::Tab | KeyCode::Left | KeyCode::Right)
    {
        return Some(TableIntent::PanelPage);
    }
    if panel == Overlay::Course && matches!(code, KeyCode::Char('k' | 'K')) {
        return Some(TableIntent::StartRulesCheck);
    }
    if panel == Overlay::Chart {
        use super::chart_cursor::ChartMove;
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
            return Some(TableIntent::ChartMove(movement));
        }
    }
    match table_key_for(code) {
        Some(k) if Some(k.intent) == panel_toggle(panel) => Some(k.intent),
        Some(_) => None,
        None if matches!(code, KeyCode::Char(_)) => Some(TableIntent::ClosePanel),
        None => None,
    }
}

/// The key intent that opens and closes `panel`.
fn panel_toggle(panel: Overlay) -> Option<TableIntent> {
    match panel {
        Overlay::Help => Some(TableIntent::ToggleHelp),
        Overlay::Stats => Some(TableIntent::ToggleStats),
        Overlay::Chart => Some(TableIntent::ToggleChart),
        Overlay::Course => Some(TableIntent::ToggleCourse),
        _ => None,
    }
}

fn key_intent(key: KeyEvent, state: &KeyState) -> Option<Intent> {
    // Alt+key is not the key: a terminal's menu shortcut must not hit or stand.
    if key.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if let Some(question) = state.overlay.filter(|o| o.is_modal()) {
        return question_intent(key.code, question);
    }
    if let Some(drill) = state.drill {
        return drill_intent(key.code, ctrl, drill, state.overlay).map(Intent::from);
    }
    if state.review {
        return review_intent(key.code, ctrl, state.overlay).map(Intent::from);
    }
    if state.plan {
        return plan_intent(key.code, ctrl, state.overlay).map(Intent::from);
    }
    table_intent(key.code, ctrl, state).map(Intent::from)
}

/// Keys with a question up: leave? takes `y`/`n`, the spent bankroll `b`/`q`, the summary any.
fn question_intent(code: KeyCode, question: Overlay) -> Option<Intent> {
    let answer = match (question, code) {
        (Overlay::Summary, _) => return Some(SharedIntent::Exit.into()),
        // Only `y`: Enter, Esc and a second `q` are keys a hand pressed on the way here (Esc
        // opened this box from a panel); none of them may leave.
        (Overlay::ConfirmQuit, C('y' | 'Y')) => QuestionIntent::ConfirmQuit,
        (Overlay::ConfirmQuit, C('n' | 'N') | KeyCode::Esc) => QuestionIntent::CancelQuit,
        (Overlay::Broke, C('b' | 'B')) => QuestionIntent::Rebuy,
        (Overlay::Broke, C('q' | 'Q') | KeyCode::Esc) => QuestionIntent::AskQuit,
        _ => return None,
    };
    Some(answer.into())
}

/// Keys at the table: the course page's rules check while it is asked, a panel's keys, the
/// count check before a deal, a bet being typed, the table's keys ([`TABLE_KEYS`]).
fn table_intent(code: KeyCode, ctrl: bool, state: &KeyState) -> Option<TableIntent> {
    if state.overlay == Some(Overlay::Course) && state.course_check {
        return match code {
            KeyCode::Char(c) if !ctrl => Some(TableIntent::CountKey(c)),
            KeyCode::Backspace => Some(TableIntent::CountErase),
            KeyCode::Enter => Some(TableIntent::CountSubmit),
            KeyCode::Esc => Some(TableIntent::ClosePanel),
            _ => None,
        };
    }
    if let Some(panel) = state.overlay
        && let Some(intent) = panel_intent(code, panel, state.counting)
    {
        return Some(intent);
    }
    if ctrl {
        return None;
    }
    if state.count_check {
        return match code {
            // `.` for the decks left (3.5) at a surprise check.
            KeyCode::Char(c @ ('0'..='9' | '-' | '+' | '.')) => Some(TableIntent::CountKey(c)),
            KeyCode::Backspace => Some(TableIntent::CountErase),
            KeyCode::Enter => Some(TableIntent::CountSubmit),
            KeyCode::Esc => Some(TableIntent::SkipCheck),
            // Any other key is told what the check waits for, not ignored in silence.
            KeyCode::Char(c) => Some(TableIntent::Unknown(c)),
            _ => None,
        };
    }
    if let Some(intent) = bet_entry_intent(code, state) {
        return Some(intent);
    }
    let pressed = table_key_for(code);
    // A key that plays waits for the AI seats and the dealer; any other acts at once.
    if let Some(k) = pressed.filter(|k| !k.intent.plays()) {
        return Some(pressed_intent(k, code));
    }
    // While AI seats or the dealer play, any other key skips the wait.
    if state.animating {
        return Some(TableIntent::Skip);
    }
    match (pressed, code) {
        (Some(k), code) => Some(pressed_intent(k, code)),
        (None, KeyCode::Char(c)) => Some(TableIntent::Unknown(c)),
        _ => None,
    }
}

/// Keys on a page over the table (the review, the planner). With the help over it, `?`
/// closes the help, Esc too, and any key that is not the table's; otherwise `?` opens the
/// help, and the page's own key (`key`) is carried to it.
fn page_intent<T, K>(
    code: KeyCode,
    ctrl: bool,
    overlay: Option<Overlay>,
    [toggle, close]: [T; 2],
    key: Option<K>,
    carry: fn(K) -> T,
) -> Option<T> {
    if let Some(panel) = overlay {
        match panel_intent(code, panel, false) {
            Some(TableIntent::ClosePanel) => return Some(close),
            Some(intent) if Some(intent) == panel_toggle(panel) => return Some(toggle),
            _ => {}
        }
    }
    match code {
        _ if ctrl => None,
        C('?') => Some(toggle),
        _ => key.map(carry),
    }
}

/// Keys on the review screen: ← → step through the rounds, ↑ ↓ through a round's decisions,
/// `m` shows only mistakes, `p` (or Enter) practises the marked cell, Esc (or `v`, `q`) goes
/// back to the table.
fn review_intent(code: KeyCode, ctrl: bool, overlay: Option<Overlay>) -> Option<ReviewIntent> {
    use super::review::ReviewKey;
    let key = match code {
        KeyCode::Left | C(',' | '<') => Some(ReviewKey::Older),
        KeyCode::Right | C('.' | '>') => Some(ReviewKey::Newer),
        KeyCode::Up | C('k' | 'K') => Some(ReviewKey::PrevDecision),
        KeyCode::Down | C('j' | 'J') => Some(ReviewKey::NextDecision),
        C('m' | 'M') => Some(ReviewKey::ToggleMistakes),
        C('p' | 'P') | KeyCode::Enter => Some(ReviewKey::Practise),
        KeyCode::Esc | C('v' | 'V' | 'q' | 'Q') => Some(ReviewKey::Close),
        _ => None,
    };
    let help = [ReviewIntent::ToggleHelp, ReviewIntent::ClosePanel];
    page_intent(code, ctrl, overlay, help, key, ReviewIntent::Review)
}

/// Keys on the planner page: ↑ ↓ pick a row, ← → change it, `u` takes the ramp, `s` takes
/// and saves it, Esc (or `b`, `q`) goes back to the table.
fn plan_intent(code: KeyCode, ctrl: bool, overlay: Option<Overlay>) -> Option<PlanIntent> {
    use super::plan_page::PlanKey;
    let key = match code {
        KeyCode::Up | C('k' | 'K') => Some(PlanKey::Up),
        KeyCode::Down | C('j' | 'J') => Some(PlanKey::Down),
        KeyCode::Left | C('-' | '_' | '<' | ',') => Some(PlanKey::Less),
        KeyCode::Right | C('+' | '=' | '>' | '.') => Some(PlanKey::More),
        C('u' | 'U') => Some(PlanKey::Use),
        C('s' | 'S') => Some(PlanKey::Save),
        KeyCode::Esc | C('b' | 'B' | 'q' | 'Q') => Some(PlanKey::Close),
        _ => None,
    };
    let help = [PlanIntent::ToggleHelp, PlanIntent::ClosePanel];
    page_intent(code, ctrl, overlay, help, key, PlanIntent::Plan)
}

/// Typing a bet between rounds: digits start and extend it; while one is typed, Enter places
/// it, Backspace erases a digit and Esc forgets it.
fn bet_entry_intent(code: KeyCode, state: &KeyState) -> Option<TableIntent> {
    if !state.between_rounds {
        return None;
    }
    let typing = state.typing_bet;
    match code {
        KeyCode::Char(c @ '0'..='9') => Some(TableIntent::BetDigit(c)),
        KeyCode::Enter if typing => Some(TableIntent::BetEnter),
        KeyCode::Backspace if typing => Some(TableIntent::BetErase),
        KeyCode::Esc if typing => Some(TableIntent::BetCancel),
        _ => None,
    }
}

/// Keys while a drill is open: its own keys, plus help, statistics and the way back. With the
/// help or the statistics over it, any key closes them (the drill waits under them).
fn drill_intent(
    code: KeyCode,
    ctrl: bool,
    drill: &DrillScreen,
    overlay: Option<Overlay>,
) -> Option<DrillIntent> {
    match overlay {
        Some(Overlay::Help) => return Some(DrillIntent::ToggleHelp),
        Some(Overlay::Stats) => return Some(DrillIntent::ToggleStats),
        Some(_) => return None,
        None if ctrl => return None,
        None => {}
    }
    match code {
        KeyCode::Esc | KeyCode::Char('q' | 'Q') => return Some(DrillIntent::LeaveDrill),
        KeyCode::Char('?') => return Some(DrillIntent::ToggleHelp),
        _ => {}
    }
    match drill {
        DrillScreen::Chooser { .. } => match code {
            KeyCode::Up | KeyCode::Char('k' | 'K') => Some(DrillIntent::MenuUp),
            KeyCode::Down | KeyCode::Char('j' | 'J') => Some(DrillIntent::MenuDown),
            KeyCode::Enter | KeyCode::Char(' ') => Some(DrillIntent::MenuChoose),
            KeyCode::Char('r' | 'R') => Some(DrillIntent::LeaveDrill),
            // 1–9, then letters: every entry has a key.
            KeyCode::Char(c) => Some(
                crate::tui::drill::chooser_entry(c.to_ascii_lowercase())
                    .map_or(DrillIntent::Unknown(c), DrillIntent::ChooseDrill),
            ),
            _ => None,
        },
        DrillScreen::Decision(_) => answer_intent(code),
        DrillScreen::Quiz(screen) if screen.quiz.kind() == QuizKind::Deviations => {
            answer_intent(code)
        }
        DrillScreen::Quiz(_) | DrillScreen::Countdown(_) => match code {
            KeyCode::Tab if matches!(drill, DrillScreen::Countdown(_)) => {
                Some(DrillIntent::PanelPage)
            }
            KeyCode::Char('r' | 'R') => Some(DrillIntent::OpenDrills),
            KeyCode::Char(c @ ('0'..='9' | '-' | '+' | '.')) => Some(DrillIntent::CountKey(c)),
            _ => typed_count_intent(code),
        },
        DrillScreen::Count(_) => match code {
            KeyCode::Tab => Some(DrillIntent::PanelPage),
            KeyCode::Char(c @ ('0'..='9' | '-' | '+')) => Some(DrillIntent::CountKey(c)),
            _ => typed_count_intent(code),
        },
    }
}

/// A decision drill's (and the deviations quiz's) keys: actions answer; `r` chooser, `i` stats.
fn answer_intent(code: KeyCode) -> Option<DrillIntent> {
    match code {
        KeyCode::Char('i' | 'I') => Some(DrillIntent::ToggleStats),
        KeyCode::Char('r' | 'R') => Some(DrillIntent::OpenDrills),
        KeyCode::Char(c) => Some(
            action_for(c.to_ascii_lowercase())
                .map_or(DrillIntent::Unknown(c), DrillIntent::DrillAnswer),
        ),
        _ => None,
    }
}

/// A typed count's other keys: Backspace, Enter, space (next round), `i`; others are explained.
fn typed_count_intent(code: KeyCode) -> Option<DrillIntent> {
    match code {
        KeyCode::Char('i' | 'I') => Some(DrillIntent::ToggleStats),
        KeyCode::Backspace => Some(DrillIntent::CountErase),
        KeyCode::Enter => Some(DrillIntent::CountSubmit),
        KeyCode::Char(' ') => Some(DrillIntent::NextRound),
        KeyCode::Char(c) => Some(DrillIntent::Unknown(c)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Rules};
    use crate::trainer::drills::kinds::DrillKind;
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
                help.iter().any(|l| l.get(..10).is_some_and(|c| c.contains(k.label))
                    && l.contains(k.help_for(Some(&count)).as_ref())),
                "{}",
                k.label
            );
            for &code in k.codes {
                assert_eq!(table_key_for(code), Some(&k));
                assert_eq!(
                    pressed(&app.key_state(), code),
                    Some(pressed_intent(&k, code).into()),
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

    /// `intent` as the key handler returns it.
    fn some(intent: impl Into<Intent>) -> Option<Intent> {
        Some(intent.into())
    }

    /// What `code` pressed alone means on the screen `keys` reads.
    fn pressed(keys: &KeyState, code: KeyCode) -> Option<Intent> {
        intent_for(&press(code), keys)
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
        for (action, key) in
            [(Action::Hit, 'h'), (Action::Stand, 's'), (Action::Double, 'd'), (Action::Split, 'p')]
        {
            assert_eq!(key_for(action), key);
            assert_eq!(action_for(key), Some(action));
        }
    }

    #[test]
    fn keys_become_intents() {
        let app = app();
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('h')),
            some(TableIntent::Act(Action::Hit))
        );
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('P')),
            some(TableIntent::Act(Action::Split))
        );
        assert_eq!(pressed(&app.key_state(), KeyCode::Char(' ')), some(TableIntent::Deal));
        assert_eq!(pressed(&app.key_state(), KeyCode::Enter), some(TableIntent::Deal));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('+')), some(TableIntent::BetUp));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('-')), some(TableIntent::BetDown));
        assert_eq!(pressed(&app.key_state(), KeyCode::Esc), some(TableIntent::AskQuit));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('x')), some(TableIntent::Unknown('x')));
        assert_eq!(
            intent_for(&Event::Resize(80, 24), &app.key_state()),
            some(SharedIntent::Redraw)
        );
    }

    #[test]
    fn ctrl_c_exits_from_anywhere() {
        let mut app = app();
        let ctrl_c = ctrl('c');
        assert_eq!(intent_for(&ctrl_c, &app.key_state()), some(SharedIntent::Exit));
        app.update(TableIntent::ToggleHelp);
        assert_eq!(intent_for(&ctrl_c, &app.key_state()), some(SharedIntent::Exit));
        app.update(TableIntent::ToggleHelp);
        app.update(TableIntent::AskQuit);
        assert_eq!(intent_for(&ctrl_c, &app.key_state()), some(SharedIntent::Exit));
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
        assert_eq!(intent_when_too_small(&press(KeyCode::Char('q'))), some(SharedIntent::Exit));
        let ctrl_c = ctrl('c');
        assert_eq!(intent_when_too_small(&ctrl_c), some(SharedIntent::Exit));
        assert_eq!(intent_when_too_small(&Event::Resize(100, 32)), some(SharedIntent::Redraw));
        // The same holds whatever is on screen underneath: a drill question, say.
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Hard));
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('h')),
            some(DrillIntent::DrillAnswer(Action::Hit))
        );
        assert_eq!(intent_when_too_small(&press(KeyCode::Char('h'))), None);
    }

    #[test]
    fn drill_keys_become_drill_intents() {
        let mut app = app().with_background_waits(true);
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('r')), some(TableIntent::OpenDrills));
        app.update(TableIntent::OpenDrills);
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('3')),
            some(DrillIntent::ChooseDrill(DrillKind::Pairs))
        );
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('7')),
            some(DrillIntent::ChooseDrill(DrillKind::Due))
        );
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('9')),
            some(DrillIntent::ChooseDrill(DrillKind::Countdown))
        );
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('0')), some(DrillIntent::Unknown('0')));
        assert_eq!(pressed(&app.key_state(), KeyCode::Down), some(DrillIntent::MenuDown));
        assert_eq!(pressed(&app.key_state(), KeyCode::Enter), some(DrillIntent::MenuChoose));
        assert_eq!(pressed(&app.key_state(), KeyCode::Esc), some(DrillIntent::LeaveDrill));
        app.update(DrillIntent::ChooseDrill(DrillKind::Hard));
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('h')),
            some(DrillIntent::DrillAnswer(Action::Hit))
        );
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('P')),
            some(DrillIntent::DrillAnswer(Action::Split))
        );
        assert_eq!(pressed(&app.key_state(), KeyCode::Char(' ')), some(DrillIntent::Unknown(' ')));
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('q')),
            some(DrillIntent::LeaveDrill),
            "q leaves the drill, not the table"
        );
        app.update(DrillIntent::LeaveDrill);
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Count));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('-')), some(DrillIntent::CountKey('-')));
        assert_eq!(pressed(&app.key_state(), KeyCode::Backspace), some(DrillIntent::CountErase));
        assert_eq!(pressed(&app.key_state(), KeyCode::Enter), some(DrillIntent::CountSubmit));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char(' ')), some(DrillIntent::NextRound));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('x')), some(DrillIntent::Unknown('x')));
    }

    #[test]
    fn the_quit_confirmation_takes_yes_or_no_only() {
        let mut app = app();
        app.update(TableIntent::AskQuit);
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('h')), None);
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('n')), some(QuestionIntent::CancelQuit));
        for not_yes in [KeyCode::Enter, KeyCode::Char('q'), KeyCode::Char(' ')] {
            assert_eq!(pressed(&app.key_state(), not_yes), None, "{not_yes:?}");
        }
        assert_eq!(
            pressed(&app.key_state(), KeyCode::Char('y')),
            some(QuestionIntent::ConfirmQuit)
        );
        app.update(QuestionIntent::ConfirmQuit);
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('z')), some(SharedIntent::Exit));
    }

    /// Every key a test presses: the printable characters and the keys with names.
    fn every_key() -> Vec<KeyCode> {
        (' '..='~')
            .map(KeyCode::Char)
            .chain([
                KeyCode::Esc,
                KeyCode::Enter,
                KeyCode::Tab,
                KeyCode::Backspace,
                KeyCode::Up,
                KeyCode::Down,
                KeyCode::Left,
                KeyCode::Right,
                KeyCode::PageUp,
                KeyCode::PageDown,
            ])
            .collect()
    }

    /// Every key pressed on the screen `keys` reads becomes nothing or one of the intents
    /// `takes`.
    fn keys_only_become(keys: &KeyState, screen: &str, takes: impl Fn(Intent) -> bool) {
        for code in every_key() {
            if let Some(intent) = pressed(keys, code) {
                assert!(takes(intent), "{screen}: {code:?} became {intent:?}");
            }
        }
    }

    #[test]
    fn each_screens_keys_become_only_that_screens_intents() {
        let mut app = app().with_background_waits(true);
        keys_only_become(&app.key_state(), "the table", |i| matches!(i, Intent::Table(_)));
        app.update(TableIntent::ToggleHelp);
        keys_only_become(&app.key_state(), "the help", |i| matches!(i, Intent::Table(_)));
        app.update(TableIntent::ClosePanel);
        app.update(TableIntent::AskQuit);
        keys_only_become(&app.key_state(), "leave?", |i| matches!(i, Intent::Question(_)));
        app.update(QuestionIntent::CancelQuit);
        app.update(TableIntent::OpenDrills);
        keys_only_become(&app.key_state(), "the chooser", |i| matches!(i, Intent::Drill(_)));
        for kind in [DrillKind::Hard, DrillKind::Count, DrillKind::Countdown] {
            app.update(DrillIntent::OpenDrills);
            app.update(DrillIntent::ChooseDrill(kind));
            keys_only_become(&app.key_state(), kind.name(), |i| matches!(i, Intent::Drill(_)));
        }
        app.update(DrillIntent::ToggleHelp);
        keys_only_become(&app.key_state(), "the help over a drill", |i| {
            matches!(i, Intent::Drill(_))
        });
        app.update(DrillIntent::ToggleHelp);
        app.update(DrillIntent::LeaveDrill);
        app.update(TableIntent::OpenReview);
        assert!(app.review().is_some());
        keys_only_become(&app.key_state(), "the review", |i| matches!(i, Intent::Review(_)));
        app.update(ReviewIntent::ToggleHelp);
        keys_only_become(&app.key_state(), "the help over the review", |i| {
            matches!(i, Intent::Review(_))
        });
        app.update(ReviewIntent::ClosePanel);
        app.update(ReviewIntent::Review(crate::tui::review::ReviewKey::Close));
        app.update(TableIntent::OpenPlan);
        keys_only_become(&app.key_state(), "the planner", |i| matches!(i, Intent::Plan(_)));
    }

    #[test]
    fn a_key_of_another_screen_is_nothing_here_as_each_screen_says() {
        let mut app = app().with_background_waits(true);
        // The review's `m` at the table: the table's word for a key it does not know.
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('m')), some(TableIntent::Unknown('m')));
        app.update(TableIntent::Unknown('m'));
        assert_eq!(
            app.messages().last().map(|m| m.text.as_str()),
            Some("`m` does nothing here: press ? for the keys")
        );
        // The table's `+` in a decision drill: the drill says what answers it.
        app.update(TableIntent::OpenDrills);
        app.update(DrillIntent::ChooseDrill(DrillKind::Hard));
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('+')), some(DrillIntent::Unknown('+')));
        app.update(DrillIntent::Unknown('+'));
        let Some(DrillScreen::Decision(screen)) = app.drill() else {
            panic!("a decision drill is open");
        };
        let said = screen.note.as_ref().map(|m| m.text.as_str());
        assert!(
            said.is_some_and(|t| t.starts_with("`+` does nothing here: answer h, s")),
            "{said:?}"
        );
        // The table's deal, sent to the drill: not the drill's, so nothing is dealt.
        app.update(TableIntent::Deal);
        assert!(app.between_rounds() && app.your_money().hands().is_empty());
        app.update(DrillIntent::LeaveDrill);
        // The review takes only its keys: the table's `h` is no key there, and a deal sent to
        // it deals nothing under it.
        app.update(TableIntent::OpenReview);
        assert_eq!(pressed(&app.key_state(), KeyCode::Char('h')), None);
        app.update(TableIntent::Deal);
        assert!(app.review().is_some());
        assert!(app.your_money().hands().is_empty(), "no round under the review");
        app.update(ReviewIntent::Review(crate::tui::review::ReviewKey::Close));
        // Leave? takes yes or no: a deal is no answer.
        app.update(TableIntent::AskQuit);
        assert_eq!(pressed(&app.key_state(), KeyCode::Char(' ')), None);
        app.update(TableIntent::Deal);
        assert_eq!(app.overlay(), Some(Overlay::ConfirmQuit));
        assert!(app.your_money().hands().is_empty(), "no round under the question");
    }

    #[test]
    fn esc_at_a_count_check_skips_it_and_nothing_else_does() {
        let state = KeyState {
            overlay: None,
            drill: None,
            review: false,
            plan: false,
            count_check: true,
            between_rounds: true,
            typing_bet: false,
            animating: false,
            course_check: false,
            counting: true,
        };
        let key = |code| intent_for(&press(code), &state);
        assert_eq!(key(KeyCode::Esc), some(TableIntent::SkipCheck));
        assert_eq!(key(KeyCode::Char('3')), some(TableIntent::CountKey('3')));
        assert_eq!(key(KeyCode::Char('h')), some(TableIntent::Unknown('h')));
    }
}
