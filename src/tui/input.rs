//! Keys → intents. The action keys live in one table, [`ACTION_KEYS`], which both this handler
//! and the action bar read, so the bar can only offer keys that work.

use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::engine::Action;

use super::app::{App, Intent, Overlay};

/// The key for each action.
pub const ACTION_KEYS: [(Action, char); 4] = [
    (Action::Hit, 'h'),
    (Action::Stand, 's'),
    (Action::Double, 'd'),
    (Action::Split, 'p'),
];

/// The key that takes `action`.
pub fn key_for(action: Action) -> char {
    ACTION_KEYS
        .iter()
        .find(|(a, _)| *a == action)
        .map_or('?', |&(_, k)| k)
}

fn action_for(key: char) -> Option<Action> {
    ACTION_KEYS.iter().find(|(_, k)| *k == key).map(|&(a, _)| a)
}

/// What a terminal event asks of the app in its present state (`None`: nothing).
pub fn intent_for(event: &Event, app: &App) -> Option<Intent> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_intent(*key, app),
        Event::Resize(..) => Some(Intent::Redraw),
        _ => None,
    }
}

fn key_intent(key: KeyEvent, app: &App) -> Option<Intent> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c' | 'C')) {
        return Some(Intent::Exit);
    }
    match app.overlay() {
        Some(Overlay::Summary) => return Some(Intent::Exit),
        Some(Overlay::ConfirmQuit) => {
            return match key.code {
                KeyCode::Char('y' | 'Y' | 'q' | 'Q') | KeyCode::Enter => Some(Intent::ConfirmQuit),
                KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Intent::CancelQuit),
                _ => None,
            };
        }
        Some(Overlay::Help) => return Some(Intent::ToggleHelp),
        Some(Overlay::EvPanel) => return Some(Intent::ToggleEv),
        Some(Overlay::Stats) => return Some(Intent::ToggleStats),
        Some(Overlay::Chart) => return Some(Intent::ToggleChart),
        None => {}
    }
    if ctrl {
        return None;
    }
    match key.code {
        KeyCode::Esc | KeyCode::Char('q' | 'Q') => return Some(Intent::AskQuit),
        KeyCode::Char('?') => return Some(Intent::ToggleHelp),
        KeyCode::Char('t' | 'T') => return Some(Intent::ToggleHints),
        KeyCode::Char('e' | 'E') => return Some(Intent::ToggleEv),
        KeyCode::Char('i' | 'I') => return Some(Intent::ToggleStats),
        KeyCode::Char('g' | 'G') => return Some(Intent::ToggleChart),
        KeyCode::Char('c' | 'C') => return Some(Intent::ToggleCount),
        _ => {}
    }
    // While AI seats or the dealer play, any other key skips the wait.
    if app.animating() {
        return Some(Intent::Skip);
    }
    match key.code {
        KeyCode::Char(' ') | KeyCode::Enter => Some(Intent::Deal),
        KeyCode::Char('+' | '=') => Some(Intent::BetUp),
        KeyCode::Char('-' | '_') => Some(Intent::BetDown),
        KeyCode::Char(c) => {
            let lower = c.to_ascii_lowercase();
            Some(action_for(lower).map_or(Intent::Unknown(c), Intent::Act))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::PlayArgs;
    use crate::engine::Rules;

    fn press(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn app() -> App {
        let mut args = PlayArgs::defaults();
        args.no_stats = true;
        args.speed = 0;
        App::new(&Rules::default(), Some(3), &args).expect("default options are valid")
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
            intent_for(&press(KeyCode::Char('h')), &app),
            Some(Intent::Act(Action::Hit))
        );
        assert_eq!(
            intent_for(&press(KeyCode::Char('P')), &app),
            Some(Intent::Act(Action::Split))
        );
        assert_eq!(
            intent_for(&press(KeyCode::Char(' ')), &app),
            Some(Intent::Deal)
        );
        assert_eq!(intent_for(&press(KeyCode::Enter), &app), Some(Intent::Deal));
        assert_eq!(
            intent_for(&press(KeyCode::Char('+')), &app),
            Some(Intent::BetUp)
        );
        assert_eq!(
            intent_for(&press(KeyCode::Char('-')), &app),
            Some(Intent::BetDown)
        );
        assert_eq!(
            intent_for(&press(KeyCode::Esc), &app),
            Some(Intent::AskQuit)
        );
        assert_eq!(
            intent_for(&press(KeyCode::Char('x')), &app),
            Some(Intent::Unknown('x'))
        );
        assert_eq!(
            intent_for(&Event::Resize(80, 24), &app),
            Some(Intent::Redraw)
        );
    }

    #[test]
    fn ctrl_c_exits_from_anywhere() {
        let mut app = app();
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(intent_for(&ctrl_c, &app), Some(Intent::Exit));
        app.update(Intent::ToggleHelp);
        assert_eq!(intent_for(&ctrl_c, &app), Some(Intent::Exit));
        app.update(Intent::ToggleHelp);
        app.update(Intent::AskQuit);
        assert_eq!(intent_for(&ctrl_c, &app), Some(Intent::Exit));
    }

    #[test]
    fn the_quit_confirmation_takes_yes_or_no_only() {
        let mut app = app();
        app.update(Intent::AskQuit);
        assert_eq!(intent_for(&press(KeyCode::Char('h')), &app), None);
        assert_eq!(
            intent_for(&press(KeyCode::Char('n')), &app),
            Some(Intent::CancelQuit)
        );
        assert_eq!(
            intent_for(&press(KeyCode::Char('y')), &app),
            Some(Intent::ConfirmQuit)
        );
        app.update(Intent::ConfirmQuit);
        assert_eq!(
            intent_for(&press(KeyCode::Char('z')), &app),
            Some(Intent::Exit)
        );
    }
}
