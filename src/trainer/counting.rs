//! The counting drills, pure logic shared by `blackjack drill --kind …` and the table's `r`
//! chooser: a deck countdown, true-count conversion, deck estimation, bet-ramp practice and
//! this game's index plays (deviations).
//!
//! Every question is answered by typing (a number, or an action key for deviations) and graded
//! at once; nothing here reads the clock or a terminal — the caller says how long an answer
//! took. The same seed asks the same questions.
//!
//! Conventions: the true count is the running count divided by the decks left. The drills
//! show the decks left at a resolution (whole, half or quarter decks: what a player reads off
//! a discard tray), and the answer is that quotient floored or truncated, as the player chose;
//! every answer names the convention. The index plays are compared with the floored count
//! ([`crate::analysis::deviation::floored_true_count`]), as the index tables are computed.
//!
//! Where the questions come from: the true-count and decks drills deal a shoe of the loaded
//! rules, shuffled, to a uniform depth before its cut card ([`deal_before_cut`]), so the
//! running count and the decks left are those a real shoe gives, together. The deviations
//! drill asks the plays of a chosen set ([`IndexSet`]) at true counts near each index
//! ([`deviation_counts`]), with the hand's own legal plays.

use rand::{RngExt, SeedableRng};

use super::count::{hilo_tag, running_count};
use super::drill::{build_hand, drillable, fresh_hand_actions};
use super::history::{CountAnswer, CountdownRun};
use super::report::{counted, skill_figures};
use crate::analysis::deviation::{Direction, IndexPlay, IndexTable, illustrious_18};
pub use crate::analysis::hilo::{BetRamp, MAX_RAMP_BET, MAX_RAMP_STEPS, RampError};
use crate::engine::shoe::Shoe;
use crate::engine::{Action, ActionSet, Card, Cards, GameRng, Rank, Rules, Suit, ValueCounts};

/// How a true count is rounded to a whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Convention {
    /// Towards minus infinity: +2.8 → +2, −0.4 → −1 (the index tables' convention).
    #[default]
    Floor,
    /// Towards zero: +2.8 → +2, −0.4 → 0.
    Truncate,
}

impl Convention {
    /// The whole true count of `running` over `decks` decks (read to the quarter deck, as
    /// every [`Resolution`] reads them): the quotient in whole numbers of quarter decks, so a
    /// count that divides exactly (−12 over 2 decks) is exactly −6 under either convention.
    pub fn apply(self, running: i32, decks: f64) -> i32 {
        let quarters = ((decks * 4.0).round() as i64).max(1);
        let quarter_counts = i64::from(running) * 4;
        let whole = match self {
            Convention::Floor => quarter_counts.div_euclid(quarters),
            Convention::Truncate => quarter_counts / quarters,
        };
        i32::try_from(whole).unwrap_or(if whole < 0 { i32::MIN } else { i32::MAX })
    }

    /// `floor` or `truncate`.
    pub const fn name(self) -> &'static str {
        match self {
            Convention::Floor => "floor",
            Convention::Truncate => "truncate",
        }
    }
}

/// The step in which decks left are read: whole, half or quarter decks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Resolution {
    /// Whole decks.
    Whole,
    /// Half decks.
    #[default]
    Half,
    /// Quarter decks.
    Quarter,
}

impl Resolution {
    /// The step in decks.
    pub const fn step(self) -> f64 {
        match self {
            Resolution::Whole => 1.0,
            Resolution::Half => 0.5,
            Resolution::Quarter => 0.25,
        }
    }

    /// `whole`, `half` or `quarter`.
    pub const fn name(self) -> &'static str {
        match self {
            Resolution::Whole => "whole",
            Resolution::Half => "half",
            Resolution::Quarter => "quarter",
        }
    }

    /// `cards` cards as decks, to the nearest step (at least one step).
    pub fn decks(self, cards: usize) -> f64 {
        let step = self.step();
        ((cards as f64 / 52.0 / step).round() * step).max(step)
    }
}

/// Which counting drill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuizKind {
    /// Running count → true count.
    TrueCount,
    /// Discard tray → decks left.
    Decks,
    /// True count → the ramp's bet.
    Ramp,
    /// Hand, up card and true count → the play, by this game's index table.
    Deviations,
}

impl QuizKind {
    /// The name on the command line and in the statistics.
    pub const fn name(self) -> &'static str {
        match self {
            QuizKind::TrueCount => "true-count",
            QuizKind::Decks => "decks",
            QuizKind::Ramp => "ramp",
            QuizKind::Deviations => "deviations",
        }
    }

    /// What it practises.
    pub const fn describe(self) -> &'static str {
        match self {
            QuizKind::TrueCount => "true-count conversion",
            QuizKind::Decks => "estimating the decks left",
            QuizKind::Ramp => "betting by the ramp",
            QuizKind::Deviations => "this game's index plays",
        }
    }
}

/// The least an index play may be worth, in bets per 100 rounds, to be in
/// [`IndexSet::Valuable`].
pub const VALUABLE_PER_100: f64 = 0.001;

/// How far from its index a deviation question's true count may be, either way.
pub const DEVIATION_SPREAD: i32 = 3;

/// The largest true count (either sign) a deviation question is asked at.
pub const MAX_ASKED_TRUE_COUNT: i32 = 10;

/// Which of this game's index plays the deviations drill asks about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum IndexSet {
    /// The 18 most valuable (this game's "Illustrious 18").
    #[default]
    GameI18,
    /// Every play worth at least [`VALUABLE_PER_100`] bets per 100 rounds.
    Valuable,
}

impl IndexSet {
    /// The name on the command line: `game-i18` or `valuable`.
    pub const fn name(self) -> &'static str {
        match self {
            IndexSet::GameI18 => "game-i18",
            IndexSet::Valuable => "valuable",
        }
    }

    /// What the set is, for a menu: `this game's top 18 index plays`.
    pub const fn describe(self) -> &'static str {
        match self {
            IndexSet::GameI18 => "this game's top 18 index plays",
            IndexSet::Valuable => "this game's index plays worth ≥ 0.001 bets per 100 rounds",
        }
    }

    /// The plays of `table` in the set, most valuable first (a computed table is sorted so;
    /// a published one has no values, and [`IndexSet::Valuable`] takes none of it).
    pub fn choose(self, table: &IndexTable) -> IndexTable {
        match self {
            IndexSet::GameI18 => table.top(18),
            IndexSet::Valuable => IndexTable {
                plays: table
                    .plays
                    .iter()
                    .filter(|p| p.index.is_some() && p.gain_per_100 >= VALUABLE_PER_100)
                    .cloned()
                    .collect(),
            },
        }
    }
}

/// How the counting drills are set up.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizSettings {
    /// The rules: the shoe the true-count and decks drills deal, the legal plays of a hand.
    pub rules: Rules,
    /// How the true count is rounded.
    pub convention: Convention,
    /// How finely the decks left are read.
    pub resolution: Resolution,
    /// The bet ramp.
    pub ramp: BetRamp,
    /// This game's index plays (computed for the rules); the drill asks those in `set`.
    pub indices: IndexTable,
    /// Which of `indices` the deviations drill asks about.
    pub set: IndexSet,
    /// The published American index plays, to say where this game differs.
    pub peek: IndexTable,
}

impl QuizSettings {
    /// The settings for the default rules with a shoe of `decks` decks, asking about
    /// `indices`: as [`QuizSettings::for_rules`].
    pub fn new(decks: u8, indices: IndexTable) -> Self {
        QuizSettings::for_rules(
            &Rules {
                decks,
                ..Rules::default()
            },
            indices,
        )
    }

    /// The settings for `rules` asking about `indices`: floored true counts, decks read to the
    /// half deck, the default ramp, this game's top 18 index plays, and the published American
    /// index plays beside.
    pub fn for_rules(rules: &Rules, indices: IndexTable) -> Self {
        QuizSettings {
            rules: rules.clone(),
            convention: Convention::Floor,
            resolution: Resolution::Half,
            ramp: BetRamp::default(),
            indices,
            set: IndexSet::GameI18,
            peek: illustrious_18(),
        }
    }
}

/// A shoe of the rules dealt to some depth before its cut card: what a counter sees when a
/// round starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealtShoe {
    /// Cards dealt (in the discard tray).
    pub dealt: usize,
    /// Cards in the full shoe.
    pub size: usize,
    /// Where the cut card is: a shoe is reshuffled once this many cards are dealt.
    pub cut: usize,
    /// The Hi-Lo running count of the cards dealt.
    pub running: i32,
}

impl DealtShoe {
    /// Cards not yet dealt.
    pub fn left(&self) -> usize {
        self.size - self.dealt
    }
}

/// Shuffles a shoe of `rules` and deals it to a depth drawn uniformly from 1 up to (not
/// including) its cut card, counting the cards dealt: the running count and depth a real shoe
/// gives, at every depth a round can start at (never the untouched shoe, never past the cut).
pub fn deal_before_cut(rules: &Rules, rng: &mut GameRng) -> DealtShoe {
    let mut shoe = Shoe::new(rules.decks, rules.penetration);
    let (size, cut) = (shoe.size(), shoe.until_cut());
    let dealt = rng.random_range(1..cut.max(2)).min(size);
    let mut seen = ValueCounts::default();
    for _ in 0..dealt {
        seen.add(shoe.draw(rng).0.value());
    }
    DealtShoe {
        dealt,
        size,
        cut,
        running: running_count(&seen),
    }
}

/// Whether the two plays of `play` differ at floored true count `tc` by at least 0.001 bets
/// (a gain that prints as 0.000 is no reason to prefer either). A published table, which has
/// no gains, is taken at its word at every count.
fn gain_shows(play: &IndexPlay, tc: i32) -> bool {
    if play.gain_by_tc.is_empty() {
        return true;
    }
    play.gain_at(tc)
        .is_some_and(|g| (g.abs() * 1000.0).round() >= 1.0)
}

/// The floored true counts a question about `play` may be asked at: within
/// [`DEVIATION_SPREAD`] of its index, never beyond ±[`MAX_ASKED_TRUE_COUNT`], and only where
/// the two plays differ by at least 0.001 bets (where the table says). Empty for a play with no
/// index.
pub fn deviation_counts(play: &IndexPlay) -> Vec<i32> {
    let Some(index) = play.index else {
        return Vec::new();
    };
    (index - DEVIATION_SPREAD..=index + DEVIATION_SPREAD)
        .filter(|tc| tc.abs() <= MAX_ASKED_TRUE_COUNT)
        .filter(|&tc| gain_shows(play, tc))
        .collect()
}

/// An index play the drill asks about, with the counts it is asked at on each side.
#[derive(Debug, Clone, PartialEq)]
struct Askable {
    play: IndexPlay,
    /// Counts where the deviation is made.
    on: Vec<i32>,
    /// Counts where it is not.
    off: Vec<i32>,
}

/// The plays of `settings.set` that a question can be asked about: a cell a two-card hand
/// makes, both plays legal for it, and a count worth asking on each side of the index.
fn askable_plays(settings: &QuizSettings) -> Vec<Askable> {
    let mut rng = GameRng::seed_from_u64(0);
    settings
        .set
        .choose(&settings.indices)
        .plays
        .into_iter()
        .filter(|play| drillable(play.cell))
        .filter(|play| {
            let hand = build_hand(&mut rng, play.cell.kind, play.cell.row);
            let legal = fresh_hand_actions(&settings.rules, &hand);
            legal.contains(play.play) && legal.contains(play.otherwise)
        })
        .filter_map(|play| {
            let (on, off) = deviation_counts(&play)
                .into_iter()
                .partition::<Vec<i32>, _>(|&tc| play.applies(tc));
            (!on.is_empty() && !off.is_empty()).then_some(Askable { play, on, off })
        })
        .collect()
}

/// One question.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// Running count `running` with `decks` decks left (read at the resolution).
    TrueCount {
        /// The running count.
        running: i32,
        /// Decks left, at the resolution.
        decks: f64,
    },
    /// `dealt` of `shoe` cards are in the discard tray: how many decks are left?
    Decks {
        /// Cards in the discard tray.
        dealt: usize,
        /// Cards in the full shoe.
        shoe: usize,
    },
    /// At floored true count `tc`, the bet?
    Ramp {
        /// The floored true count.
        tc: i32,
    },
    /// This hand against this up card at floored true count `tc`: the play?
    Deviation {
        /// The index play asked about.
        play: IndexPlay,
        /// The hand.
        cards: Cards,
        /// The dealer's up card.
        up: Card,
        /// The floored true count.
        tc: i32,
    },
}

/// A graded answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QuizAnswer {
    /// Whether it was right.
    pub right: bool,
    /// The right answer, as the player would type it.
    pub expected: String,
    /// Why, in a line: the sum, the convention, the index.
    pub why: String,
    /// How far off a numeric answer was (0 when right; 1 for a wrong play).
    pub error: f64,
}

impl QuizAnswer {
    /// The answer as the hand history keeps it: the `question` as it was asked, what was
    /// `typed`, and how long it took.
    pub fn record(&self, skill: &str, question: String, typed: &str, seconds: f64) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: skill.to_owned(),
            question,
            answer: typed.trim().to_owned(),
            truth: self.expected.clone(),
            right: self.right,
            error: self.error,
            seconds,
            countdown: None,
        }
    }
}

/// A counting drill session: the question on screen, and how it is going.
#[derive(Debug, Clone)]
pub struct Quiz {
    kind: QuizKind,
    settings: QuizSettings,
    /// The index plays a deviations drill asks about (empty for the other drills).
    plays: Vec<Askable>,
    rng: GameRng,
    prompt: Prompt,
    /// The plays the hand on screen allows (a deviation question; empty otherwise).
    legal: ActionSet,
    /// Questions answered.
    pub asked: u32,
    /// Answered right.
    pub right: u32,
    /// Right answers in a row now.
    pub streak: u32,
    /// The longest run of right answers.
    pub best_streak: u32,
    /// The sum of the answers' errors (mean error = this ÷ asked).
    pub error_sum: f64,
    /// Seconds spent answering.
    pub seconds: f64,
}

impl Quiz {
    /// A drill of `kind`; the same `seed` asks the same questions. `None` for a deviations
    /// drill with no index play of its set to ask about.
    pub fn new(kind: QuizKind, settings: QuizSettings, seed: u64) -> Option<Quiz> {
        let plays = if kind == QuizKind::Deviations {
            askable_plays(&settings)
        } else {
            Vec::new()
        };
        if kind == QuizKind::Deviations && plays.is_empty() {
            return None;
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let (prompt, legal) = ask(kind, &settings, &plays, &mut rng);
        Some(Quiz {
            kind,
            settings,
            plays,
            rng,
            prompt,
            legal,
            asked: 0,
            right: 0,
            streak: 0,
            best_streak: 0,
            error_sum: 0.0,
            seconds: 0.0,
        })
    }

    /// Which drill.
    pub fn kind(&self) -> QuizKind {
        self.kind
    }

    /// The settings.
    pub fn settings(&self) -> &QuizSettings {
        &self.settings
    }

    /// The question on screen.
    pub fn prompt(&self) -> &Prompt {
        &self.prompt
    }

    /// The plays a deviation question takes: the hand's legal ones (split only for a pair).
    /// Empty for the other drills, which take numbers.
    pub fn legal(&self) -> ActionSet {
        self.legal
    }

    /// What the drill practises, in a few words; a deviations drill names its set and how
    /// many plays it asks: `this game's top 18 index plays (18 asked)`.
    pub fn describe(&self) -> String {
        if self.kind != QuizKind::Deviations {
            return self.kind.describe().to_owned();
        }
        let set = self.settings.set.choose(&self.settings.indices).plays.len();
        let asked = self.plays.len();
        let which = if asked == set {
            counted(asked as u64, "play")
        } else {
            format!("{asked} of its {set} plays: those with counts worth asking")
        };
        format!("{} ({which} asked)", self.settings.set.describe())
    }

    /// The question in words.
    pub fn question_text(&self) -> String {
        match &self.prompt {
            Prompt::TrueCount { running, decks } => format!(
                "Running count {running:+}, {decks} deck{} left: the true count ({})?",
                if *decks == 1.0 { "" } else { "s" },
                self.settings.convention.name()
            ),
            Prompt::Decks { shoe, .. } => format!(
                "The discard tray of a {}-deck shoe: how many decks are left (to the {} deck)?",
                shoe / 52,
                self.settings.resolution.name()
            ),
            Prompt::Ramp { tc } => format!("True count {tc:+}: your bet?"),
            Prompt::Deviation { cards, up, tc, .. } => format!(
                "{} against {} at true count {tc:+}: {}?",
                cards_text(cards),
                up,
                plays_text(self.legal)
            ),
        }
    }

    /// Grades `text` (a number, or `h`/`s`/`d`/`p` for deviations: a play the hand allows)
    /// and asks the next question. An answer that is not one (`Err`) is not counted.
    pub fn answer(&mut self, text: &str, seconds: f64) -> Result<QuizAnswer, String> {
        if matches!(self.prompt, Prompt::Deviation { .. }) {
            let given = action_key(text.trim())?;
            if !self.legal.contains(given) {
                return Err(format!(
                    "you cannot {} this hand: {}",
                    given.name(),
                    plays_text(self.legal)
                ));
            }
        }
        let answer = grade_prompt(&self.prompt, &self.settings, text.trim())?;
        self.asked += 1;
        self.seconds += seconds;
        self.error_sum += answer.error;
        if answer.right {
            self.right += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        (self.prompt, self.legal) = ask(self.kind, &self.settings, &self.plays, &mut self.rng);
        Ok(answer)
    }

    /// `Right 7 of 10 (70%) · streak 2 (best 5) · mean error 0.30 · 2.1 s an answer` (the figures
    /// after the streak as [`skill_figures`] words them).
    pub fn score_line(&self) -> String {
        let pct = if self.asked > 0 {
            format!(
                "{:.0}%",
                100.0 * f64::from(self.right) / f64::from(self.asked)
            )
        } else {
            "—".to_owned()
        };
        let per = skill_figures(
            self.kind.name(),
            self.asked.into(),
            self.error_sum,
            self.seconds,
        );
        format!(
            "Right {} of {} ({pct}) · streak {} (best {}){per}",
            self.right, self.asked, self.streak, self.best_streak
        )
    }
}

fn fmt_decks(decks: f64) -> String {
    let s = format!("{decks:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn cards_text(cards: &Cards) -> String {
    cards
        .as_slice()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `hit, stand or double`: the plays of `legal` in words.
fn plays_text(legal: ActionSet) -> String {
    let names: Vec<&str> = legal.iter().map(Action::name).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The next question of a drill of `kind`, with the plays its hand allows (a deviation
/// question; empty otherwise). `plays`: what a deviations drill asks about.
fn ask(
    kind: QuizKind,
    settings: &QuizSettings,
    plays: &[Askable],
    rng: &mut GameRng,
) -> (Prompt, ActionSet) {
    match kind {
        QuizKind::TrueCount => {
            let shoe = deal_before_cut(&settings.rules, rng);
            let decks = settings.resolution.decks(shoe.left());
            let prompt = Prompt::TrueCount {
                running: shoe.running,
                decks,
            };
            (prompt, ActionSet::EMPTY)
        }
        QuizKind::Decks => {
            let shoe = deal_before_cut(&settings.rules, rng);
            let prompt = Prompt::Decks {
                dealt: shoe.dealt,
                shoe: shoe.size,
            };
            (prompt, ActionSet::EMPTY)
        }
        QuizKind::Ramp => {
            let top = i32::try_from(settings.ramp.bets().len()).unwrap_or(7) + 1;
            (
                Prompt::Ramp {
                    tc: rng.random_range(-3..=top),
                },
                ActionSet::EMPTY,
            )
        }
        QuizKind::Deviations => {
            let Some(askable) = plays.get(rng.random_range(0..plays.len().max(1))) else {
                // No play to ask about: `Quiz::new` refuses such a drill.
                return (Prompt::Ramp { tc: 0 }, ActionSet::EMPTY);
            };
            // On both sides of the index, as often; on a side, any count worth asking.
            let side = if rng.random::<bool>() {
                &askable.on
            } else {
                &askable.off
            };
            let tc = side[rng.random_range(0..side.len())];
            let play = askable.play.clone();
            let cards = build_hand(rng, play.cell.kind, play.cell.row);
            let up = up_card(rng, play.cell.up);
            let legal = fresh_hand_actions(&settings.rules, &cards);
            (
                Prompt::Deviation {
                    play,
                    cards,
                    up,
                    tc,
                },
                legal,
            )
        }
    }
}

fn up_card(rng: &mut GameRng, value: u8) -> Card {
    let rank = if value == 10 {
        Rank::ALL[rng.random_range(9..13usize)]
    } else {
        Rank::ALL[usize::from(value) - 1]
    };
    Card::new(rank, Suit::ALL[rng.random_range(0..4usize)])
}

fn number(text: &str) -> Result<f64, String> {
    let clean = text.trim_start_matches('+').replace('−', "-");
    clean
        .parse::<f64>()
        .ok()
        .filter(|x| x.is_finite())
        .ok_or_else(|| format!("`{text}` is not a number"))
}

/// The largest true count an answer may give: past it no shoe dealt to its cut card goes.
pub const MAX_TRUE_COUNT_ANSWER: f64 = 30.0;

/// A number within `low..=high`: `what` names the quantity for the refusal.
fn number_in(text: &str, low: f64, high: f64, what: &str) -> Result<f64, String> {
    let given = number(text)?;
    if (low..=high).contains(&given) {
        Ok(given)
    } else {
        Err(format!(
            "{what} is between {low} and {high}: `{text}` cannot be it"
        ))
    }
}

/// Whether `guess` can be the running count of `cards` cards (each adds −1, 0 or +1); the
/// refusal says why not.
pub fn check_running_count(guess: i32, cards: usize) -> Result<i32, String> {
    if guess.unsigned_abs() as usize <= cards {
        Ok(guess)
    } else {
        Err(format!(
            "{cards} cards make a running count between -{cards} and +{cards}: {guess:+} cannot be it"
        ))
    }
}

/// Grades `text` as the answer to `prompt` under `settings` (what [`Quiz::answer`] does for its
/// own question); an answer that is not one gets the reason.
pub fn grade_prompt(
    prompt: &Prompt,
    settings: &QuizSettings,
    text: &str,
) -> Result<QuizAnswer, String> {
    match prompt {
        Prompt::TrueCount { running, decks } => {
            let most = MAX_TRUE_COUNT_ANSWER;
            let given = number_in(text, -most, most, "a true count")?;
            let expected = settings.convention.apply(*running, *decks);
            let exact = f64::from(*running) / decks;
            Ok(QuizAnswer {
                right: given == f64::from(expected),
                expected: format!("{expected:+}"),
                why: format!(
                    "{running:+} ÷ {decks} = {exact:+.2}, {} → {expected:+}",
                    settings.convention.name()
                ),
                error: (given - f64::from(expected)).abs(),
            })
        }
        Prompt::Decks { dealt, shoe } => {
            let given = number_in(text, 0.0, *shoe as f64 / 52.0, "the decks left")?;
            let left = shoe - dealt;
            let expected = settings.resolution.decks(left);
            Ok(QuizAnswer {
                right: (given - expected).abs() < 1e-9,
                expected: fmt_decks(expected),
                why: format!(
                    "{left} cards left = {:.2} decks, to the {} deck {}",
                    left as f64 / 52.0,
                    settings.resolution.name(),
                    fmt_decks(expected)
                ),
                error: (given - left as f64 / 52.0).abs(),
            })
        }
        Prompt::Ramp { tc } => {
            let most = settings.ramp.bets().iter().copied().max().unwrap_or(1);
            let given = number_in(text, 0.0, f64::from(most) * 100.0, "a bet")?;
            let expected = settings.ramp.bet(*tc);
            let ramp: Vec<String> = settings.ramp.bets().iter().map(u32::to_string).collect();
            Ok(QuizAnswer {
                right: given == f64::from(expected),
                expected: expected.to_string(),
                why: format!(
                    "ramp {} from a true count of 0 or less: at {tc:+} bet {expected}",
                    ramp.join(",")
                ),
                error: (given - f64::from(expected)).abs(),
            })
        }
        Prompt::Deviation { play, tc, .. } => {
            let given = action_key(text)?;
            let expected = if play.applies(*tc) {
                play.play
            } else {
                play.otherwise
            };
            let mut why = format!("{}: {}", play.cell.label(), index_words(play));
            // What the right play is worth at this count over the other (the computed tables
            // say; a published one does not).
            let other = if expected == play.play {
                play.otherwise
            } else {
                play.play
            };
            let sign = if expected == play.play { 1.0 } else { -1.0 };
            if let Some(edge) = play.gain_at(*tc).map(|g| sign * g).filter(|&e| e >= 0.0) {
                why.push_str(&format!(
                    "; at {tc:+} {} is worth {edge:.3} bets more than {}",
                    expected.name(),
                    other.name()
                ));
                if given == other {
                    why.push_str(": what this answer gives away");
                }
            }
            if let Some(peek) = settings.peek.get(play.cell)
                && peek.index != play.index
            {
                why.push_str(&format!(
                    "; the American peek-game table says {}{}",
                    index_words(peek),
                    if matches!(play.play, Action::Double | Action::Split) {
                        " (with no hole card, a dealer natural here takes the doubled or split stake too)"
                    } else {
                        ""
                    }
                ));
            }
            Ok(QuizAnswer {
                right: given == expected,
                expected: expected.name().to_owned(),
                why,
                error: f64::from(u8::from(given != expected)),
            })
        }
    }
}

/// `stand at +0 and above`, `hit below −1`, `never between −10 and +15`.
pub fn index_words(play: &IndexPlay) -> String {
    match (play.index, play.direction) {
        (None, _) => format!("{} never between −10 and +15", play.play.name()),
        (Some(i), Direction::AtOrAbove) => format!("{} at {i:+} and above", play.play.name()),
        (Some(i), Direction::Below) => format!("{} below {i:+}", play.play.name()),
    }
}

fn action_key(text: &str) -> Result<Action, String> {
    match text.to_ascii_lowercase().as_str() {
        "h" | "hit" => Ok(Action::Hit),
        "s" | "stand" => Ok(Action::Stand),
        "d" | "double" => Ok(Action::Double),
        "p" | "split" => Ok(Action::Split),
        _ => Err(format!("`{text}` is not a play: h, s, d or p")),
    }
}

/// A deck countdown: decks shuffled, turned over one or two cards at a time; at the end (or at
/// an unannounced stop) the player gives the running count.
#[derive(Debug, Clone)]
pub struct Countdown {
    cards: Vec<Card>,
    shown: usize,
    per_flash: usize,
    stop_at: usize,
}

impl Countdown {
    /// `decks` decks (1–8), `per_flash` cards (1 or 2) a flash; with `surprise`, the run stops
    /// at an unannounced point past the first half.
    pub fn new(decks: u8, per_flash: usize, surprise: bool, seed: u64) -> Countdown {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut cards: Vec<Card> = (0..decks)
            .flat_map(|_| {
                Suit::ALL
                    .into_iter()
                    .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(r, s)))
            })
            .collect();
        for i in (1..cards.len()).rev() {
            cards.swap(i, rng.random_range(0..=i));
        }
        let stop_at = if surprise {
            rng.random_range(cards.len() / 2..cards.len())
        } else {
            cards.len()
        };
        Countdown {
            cards,
            shown: 0,
            per_flash: per_flash.clamp(1, 2),
            stop_at,
        }
    }

    /// The next flash, or `None` when the run is over and the count is asked.
    pub fn flash(&mut self) -> Option<&[Card]> {
        if self.shown >= self.stop_at {
            return None;
        }
        let start = self.shown;
        self.shown = (self.shown + self.per_flash).min(self.stop_at);
        Some(&self.cards[start..self.shown])
    }

    /// Cards shown so far.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Cards in the run.
    pub fn size(&self) -> usize {
        self.cards.len()
    }

    /// Whether the count is asked now.
    pub fn done(&self) -> bool {
        self.shown >= self.stop_at
    }

    /// The running count of the cards shown.
    pub fn running(&self) -> i32 {
        self.cards[..self.shown]
            .iter()
            .map(|c| hilo_tag(c.value()))
            .sum()
    }

    /// Cards turned a flash.
    pub fn per_flash(&self) -> usize {
        self.per_flash
    }

    /// Whole decks in the run.
    pub fn decks(&self) -> u8 {
        u8::try_from(self.cards.len() / 52).unwrap_or(u8::MAX)
    }

    /// `1 deck · 2 cards a flash · a flash every 0.5 s`: the run as its screen and the command
    /// line announce it; `by_hand` says how the next flash is turned when no pace turns it.
    pub fn setup_text(&self, pace: Option<f64>, by_hand: &str) -> String {
        let turns = match pace {
            Some(seconds) => format!("a flash every {seconds} s"),
            None => by_hand.to_owned(),
        };
        format!(
            "{} · {} a flash · {turns}",
            counted(u64::from(self.decks()), "deck"),
            counted(self.per_flash as u64, "card")
        )
    }

    /// Grades `guess` given `seconds` after the first card; `best` is the person's best time
    /// so far for the run's decks. A right answer beats it only in a whole run the person
    /// turned (`paced` false): a run that stopped early (`surprise`) showed fewer cards than
    /// its decks hold, and a paced run took the time the pace gave it.
    pub fn grade(
        &self,
        guess: i32,
        seconds: f64,
        paced: bool,
        best: Option<f64>,
    ) -> CountdownVerdict {
        let running = self.running();
        let right = guess == running;
        let timed = !paced && self.shown == self.size();
        CountdownVerdict {
            right,
            running,
            guess,
            cards: self.shown,
            seconds,
            decks: self.decks(),
            paced,
            timed,
            best: right && timed && best.is_none_or(|b| seconds < b),
        }
    }
}

/// The paces a countdown can turn its cards at, slowest first: seconds a flash.
pub const COUNTDOWN_PACES: [f64; 8] = [2.0, 1.5, 1.0, 0.75, 0.5, 0.35, 0.25, 0.15];

/// The deck counts a countdown offers.
pub const COUNTDOWN_DECKS: [u8; 4] = [1, 2, 4, 6];

/// The verdict on a countdown's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct CountdownVerdict {
    /// Whether the count given was the running count.
    pub right: bool,
    /// The running count of the cards shown.
    pub running: i32,
    /// The count given.
    pub guess: i32,
    /// Cards shown.
    pub cards: usize,
    /// Seconds from the first card to the last.
    pub seconds: f64,
    /// Decks in the run.
    pub decks: u8,
    /// The cards turned at a set pace: the time is the pace's, not the person's.
    pub paced: bool,
    /// A whole run the person turned: its time may be a best.
    pub timed: bool,
    /// A right answer that is the person's best for its decks.
    pub best: bool,
}

impl CountdownVerdict {
    /// The answer as the hand history keeps it.
    pub fn answer(&self) -> CountAnswer {
        CountAnswer {
            at: 0,
            skill: "countdown".to_owned(),
            question: format!("the running count after {} cards", self.cards),
            answer: format!("{:+}", self.guess),
            truth: format!("{:+}", self.running),
            right: self.right,
            error: f64::from((self.guess - self.running).abs()),
            seconds: self.seconds,
            countdown: Some(CountdownRun {
                decks: self.decks,
                timed: self.timed,
            }),
        }
    }

    /// The verdict in words (without a ✓/✗ mark): the count, the cards, and the time and
    /// speed of a run the person turned (a paced run's time is the pace's: it says so instead).
    pub fn text(&self) -> String {
        let (running, guess, cards, seconds) = (self.running, self.guess, self.cards, self.seconds);
        if self.paced {
            return if self.right {
                format!("Right: {running:+} after {cards} cards, turned at the pace set.")
            } else {
                format!(
                    "The count was {running:+}, not {guess:+} ({cards} cards, turned at the pace set)."
                )
            };
        }
        if self.right {
            let pace = if seconds > 0.0 {
                format!(" ({:.1} cards a second)", cards as f64 / seconds)
            } else {
                String::new()
            };
            let best = if self.best { " · a personal best" } else { "" };
            format!("Right: {running:+} after {cards} cards in {seconds:.1} s{pace}{best}.")
        } else {
            format!("The count was {running:+}, not {guess:+} ({cards} cards in {seconds:.1} s).")
        }
    }
}

/// The discard tray as a bar of `width` characters: `full` for the share of the shoe dealt
/// (rounded to the nearest character), `empty` for the rest.
pub fn tray_bar(dealt: usize, shoe: usize, width: usize, full: char, empty: char) -> String {
    let filled = ((dealt * width + shoe / 2) / shoe.max(1)).min(width);
    std::iter::repeat_n(full, filled)
        .chain(std::iter::repeat_n(empty, width - filled))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chart::{Cell, HandKind};

    fn settings() -> QuizSettings {
        QuizSettings {
            rules: Rules::default(),
            convention: Convention::Floor,
            resolution: Resolution::Half,
            ramp: BetRamp::default(),
            indices: illustrious_18(),
            set: IndexSet::GameI18,
            peek: illustrious_18(),
        }
    }

    /// A computed-looking table of `n` plays over distinct cells, most valuable first: play
    /// `i` is worth `0.02 / (i + 1)` bets per 100 rounds (so the first 20 are worth at least
    /// 0.001), the indices run over −13 … +14, and the gain per hand is +0.0038 at the index,
    /// 0.004 more a count up: the count just below the index gains −0.0002, which is 0.000 to
    /// three places.
    fn computed_looking(n: usize) -> IndexTable {
        let cells: Vec<Cell> = (5..=19)
            .map(|row| (HandKind::Hard, row))
            .chain((13..=20).map(|row| (HandKind::Soft, row)))
            .chain((1..=10).map(|row| (HandKind::Pair, row)))
            .flat_map(|(kind, row)| (1..=10).map(move |up| Cell { kind, row, up }))
            .collect();
        let plays = (0..n)
            .map(|i| {
                let cell = cells[(i * 37) % cells.len()];
                let index = i32::try_from((i * 7) % 28).unwrap_or(0) - 13;
                let (play, otherwise) = match cell.kind {
                    HandKind::Pair => (Action::Split, Action::Stand),
                    _ => (Action::Stand, Action::Hit),
                };
                let crossing = f64::from(index) - 0.05;
                IndexPlay {
                    cell,
                    play,
                    otherwise,
                    direction: Direction::AtOrAbove,
                    index: Some(index),
                    crossing: Some(crossing),
                    gain_per_100: 0.02 / (i as f64 + 1.0),
                    // +0.0038 at the index, −0.0002 (0.000 to three places) just below.
                    gain_by_tc: (-10..=15)
                        .map(|tc| (tc, 0.004 * f64::from(tc - index) + 0.0038))
                        .collect(),
                }
            })
            .collect();
        IndexTable { plays }
    }

    #[test]
    fn conventions_round_as_named() {
        assert_eq!(Convention::Floor.apply(7, 2.5), 2);
        assert_eq!(Convention::Floor.apply(-1, 2.5), -1);
        assert_eq!(Convention::Truncate.apply(-1, 2.5), 0);
        assert_eq!(Convention::Floor.apply(7, 3.5), 2, "exactly 2, not 1.999…");
        assert_eq!(Convention::Truncate.apply(-7, 3.5), -2);
    }

    #[test]
    fn decks_are_read_at_the_resolution() {
        assert_eq!(Resolution::Half.decks(130), 2.5);
        assert_eq!(Resolution::Whole.decks(130), 3.0);
        assert_eq!(Resolution::Quarter.decks(120), 2.25);
        assert_eq!(Resolution::Half.decks(3), 0.5, "never below one step");
    }

    #[test]
    fn the_ramp_holds_its_last_bet_and_its_first_below_zero() {
        let ramp = BetRamp::default();
        assert_eq!(ramp.bet(-4), 1);
        assert_eq!(ramp.bet(0), 1);
        assert_eq!(ramp.bet(2), 4);
        assert_eq!(ramp.bet(40), 12);
        assert!(BetRamp::new(vec![]).is_err() && BetRamp::new(vec![1, 0]).is_err());
    }

    #[test]
    fn every_quiz_grades_its_own_expected_answer_right_and_another_wrong() {
        for kind in [
            QuizKind::TrueCount,
            QuizKind::Decks,
            QuizKind::Ramp,
            QuizKind::Deviations,
        ] {
            let mut quiz = Quiz::new(kind, settings(), 7).expect("a question");
            for _ in 0..200 {
                let prompt = quiz.prompt().clone();
                let right = grade_prompt(&prompt, quiz.settings(), "0").map(|a| a.expected);
                let expected = match right {
                    Ok(e) => e,
                    // Deviations are answered with a play.
                    Err(_) => {
                        grade_prompt(&prompt, quiz.settings(), "h")
                            .unwrap()
                            .expected
                    }
                };
                let answer = quiz.answer(&expected, 1.0).unwrap();
                assert!(answer.right, "{kind:?} {prompt:?}: {answer:?}");
            }
            assert_eq!((quiz.asked, quiz.right, quiz.best_streak), (200, 200, 200));
            assert!(quiz.answer("nonsense", 1.0).is_err());
            assert_eq!(quiz.asked, 200, "not an answer: not counted");
        }
    }

    #[test]
    fn deviation_counts_fall_on_both_sides_of_the_index() {
        let mut quiz = Quiz::new(QuizKind::Deviations, settings(), 3).unwrap();
        let (mut on, mut off) = (0, 0);
        for _ in 0..400 {
            if let Prompt::Deviation { play, tc, .. } = quiz.prompt() {
                if play.applies(*tc) {
                    on += 1;
                } else {
                    off += 1;
                }
            }
            quiz.answer("s", 0.0).unwrap();
        }
        assert!(on > 100 && off > 100, "{on} on the index's side, {off} off");
    }

    #[test]
    fn a_true_count_answer_names_the_convention_and_the_sum() {
        let prompt = Prompt::TrueCount {
            running: -3,
            decks: 2.0,
        };
        let floor = grade_prompt(&prompt, &settings(), "-1").unwrap();
        assert!(!floor.right && floor.expected == "-2" && floor.why.contains("floor"));
        let truncate = QuizSettings {
            convention: Convention::Truncate,
            ..settings()
        };
        assert!(grade_prompt(&prompt, &truncate, "-1").unwrap().right);
    }

    #[test]
    fn a_countdown_counts_a_whole_deck_to_zero_and_stops_by_surprise_past_half() {
        let mut run = Countdown::new(1, 2, false, 5);
        let mut flashes = 0;
        while run.flash().is_some() {
            flashes += 1;
        }
        assert_eq!((flashes, run.running()), (26, 0));
        let mut surprise = Countdown::new(2, 1, true, 5);
        while surprise.flash().is_some() {}
        assert!(surprise.shown() >= 52 && surprise.shown() < 104);
    }

    #[test]
    fn where_the_index_differs_from_the_peek_game_the_answer_says_why() {
        let mut game = illustrious_18();
        let eleven = game
            .plays
            .iter_mut()
            .find(|p| p.cell.row == 11 && p.cell.up == 1)
            .unwrap();
        eleven.index = Some(5);
        let quiz_settings = QuizSettings {
            indices: game.clone(),
            ..settings()
        };
        let play = game.get(eleven_cell()).unwrap().clone();
        let prompt = Prompt::Deviation {
            play,
            cards: build_hand(&mut GameRng::seed_from_u64(1), HandKind::Hard, 11),
            up: Card::of_value(1),
            tc: 3,
        };
        let answer = grade_prompt(&prompt, &quiz_settings, "d").unwrap();
        assert!(!answer.right && answer.expected == "hit", "{answer:?}");
        assert!(answer.why.contains("peek-game") && answer.why.contains("no hole card"));
    }

    fn eleven_cell() -> Cell {
        Cell {
            kind: HandKind::Hard,
            row: 11,
            up: 1,
        }
    }

    #[test]
    fn the_tray_bar_fills_the_share_dealt_to_the_nearest_character() {
        assert_eq!(tray_bar(0, 312, 8, '#', '.'), "........");
        assert_eq!(tray_bar(156, 312, 8, '#', '.'), "####....");
        assert_eq!(tray_bar(312, 312, 8, '#', '.'), "########");
        // 1/16 of the shoe is half a character: rounded up; a little less is not.
        assert_eq!(tray_bar(20, 312, 8, '#', '.'), "#.......");
        assert_eq!(tray_bar(19, 312, 8, '#', '.'), "........");
    }

    #[test]
    fn a_countdown_verdict_says_the_count_the_cards_and_the_pace() {
        let mut run = Countdown::new(1, 2, false, 7);
        while run.flash().is_some() {}
        let right = run.grade(run.running(), 26.0, false, None);
        assert!(right.right && right.best);
        assert_eq!(right.cards, 52);
        assert_eq!(
            right.text(),
            "Right: +0 after 52 cards in 26.0 s (2.0 cards a second) · a personal best."
        );
        let slower = run.grade(0, 30.0, false, Some(26.0));
        assert!(slower.right && !slower.best, "30 s does not beat 26 s");
        let wrong = run.grade(3, 10.0, false, Some(26.0));
        assert!(!wrong.right && !wrong.best);
        assert_eq!(
            wrong.text(),
            "The count was +0, not +3 (52 cards in 10.0 s)."
        );
    }

    #[test]
    fn only_a_whole_run_the_person_turned_is_a_personal_best() {
        // At a pace, the time is the pace's: right, and no best however fast.
        let mut paced = Countdown::new(1, 1, false, 7);
        while paced.flash().is_some() {}
        let verdict = paced.grade(paced.running(), 5.0, true, None);
        assert!(verdict.right && !verdict.best, "{verdict:?}");
        // Stopped early: fewer cards than the deck, so no best for a deck.
        let seed = (0..50)
            .find(|&seed| {
                let mut run = Countdown::new(1, 1, true, seed);
                while run.flash().is_some() {}
                run.shown() < run.size()
            })
            .expect("some surprise run stops before the last card");
        let mut early = Countdown::new(1, 1, true, seed);
        while early.flash().is_some() {}
        let verdict = early.grade(early.running(), 1.0, false, None);
        assert!(verdict.right && !verdict.best, "{verdict:?}");
        // A whole self-turned run of 60 s is the first best.
        let mut whole = Countdown::new(1, 1, false, 7);
        while whole.flash().is_some() {}
        let verdict = whole.grade(whole.running(), 60.0, false, None);
        assert!(verdict.right && verdict.best, "{verdict:?}");
        assert!(verdict.answer().countdown.is_some_and(|c| c.timed));
    }

    #[test]
    fn a_count_that_divides_exactly_is_that_count_under_both_conventions() {
        for (running, decks, floor, truncate) in [
            (-12, 2.0, -6, -6),
            (-4, 1.0, -4, -4),
            (-2, 0.5, -4, -4),
            (7, 3.5, 2, 2),
            (-7, 3.5, -2, -2),
            (-13, 2.0, -7, -6),
            (1, 1.5, 0, 0),
            (-1, 1.5, -1, 0),
            (39, 4.5, 8, 8),
            (-3, 0.25, -12, -12),
        ] {
            assert_eq!(
                Convention::Floor.apply(running, decks),
                floor,
                "{running} / {decks}"
            );
            assert_eq!(
                Convention::Truncate.apply(running, decks),
                truncate,
                "{running} / {decks}"
            );
        }
    }

    /// Answers the quiz's question with its own expected answer (a deviation with its key).
    fn answer_right(quiz: &mut Quiz) {
        let prompt = quiz.prompt().clone();
        let expected = match grade_prompt(&prompt, quiz.settings(), "0") {
            Ok(a) => a.expected,
            Err(_) => {
                grade_prompt(&prompt, quiz.settings(), "h")
                    .expect("a play")
                    .expected
            }
        };
        quiz.answer(&expected, 0.0).expect("its own answer");
    }

    #[test]
    fn deviation_questions_sit_within_three_of_the_index_never_past_ten_and_worth_asking() {
        let table = computed_looking(120);
        for set in [IndexSet::GameI18, IndexSet::Valuable] {
            let chosen = set.choose(&table);
            let settings = QuizSettings {
                indices: table.clone(),
                set,
                ..settings()
            };
            let mut quiz = Quiz::new(QuizKind::Deviations, settings, 21).expect("plays to ask");
            let askable = askable_plays(quiz.settings());
            let mut asked = std::collections::BTreeMap::new();
            let (mut on, mut off, mut widest) = (0, 0, 0);
            for _ in 0..10_000 {
                let Prompt::Deviation {
                    play, cards, tc, ..
                } = quiz.prompt().clone()
                else {
                    panic!("a deviation question");
                };
                let index = play.index.expect("an index");
                assert!((tc - index).abs() <= DEVIATION_SPREAD, "{play:?} at {tc:+}");
                assert!(tc.abs() <= MAX_ASKED_TRUE_COUNT, "{play:?} at {tc:+}");
                let gain = play.gain_at(tc).expect("the table has the count");
                assert!(gain.abs() >= 0.0005, "{play:?} at {tc:+}: {gain}");
                assert!(chosen.get(play.cell).is_some(), "{set:?}: {play:?}");
                assert_eq!(Cell::for_hand(&cards, play.cell.up, true), play.cell);
                widest = widest.max((tc - index).abs());
                if play.applies(tc) {
                    on += 1;
                } else {
                    off += 1;
                }
                *asked.entry(play.cell).or_insert(0) += 1;
                answer_right(&mut quiz);
            }
            // Every play that can be asked is, about as often as the others.
            assert_eq!(asked.len(), askable.len(), "{set:?}");
            let (least, most) = (
                asked.values().min().copied().unwrap_or(0),
                asked.values().max().copied().unwrap_or(0),
            );
            let fair = 10_000 / askable.len();
            assert!(
                least * 4 > fair * 3 && most * 4 < fair * 5,
                "{least}…{most}"
            );
            // Both sides of the index as often, and the whole ±3 used.
            assert!(
                (4_700..=5_300).contains(&on),
                "{on} on the index's side, {off} off"
            );
            assert_eq!(widest, DEVIATION_SPREAD);
        }
        // The sets are what their names say: the first 18, those worth 0.001 a 100 rounds.
        assert_eq!(IndexSet::GameI18.choose(&table).plays, table.plays[..18]);
        let valuable = IndexSet::Valuable.choose(&table);
        assert_eq!(valuable.plays.len(), 20);
        assert!(
            valuable
                .plays
                .iter()
                .all(|p| p.gain_per_100 >= VALUABLE_PER_100)
        );
        // A play with no count worth asking on one side of its index is not asked: indices of
        // −13 and +13 have only counts past ±10 on one side.
        let askable = askable_plays(&QuizSettings {
            indices: table.clone(),
            set: IndexSet::Valuable,
            ..settings()
        });
        assert!(askable.len() < 20);
        assert!(
            askable
                .iter()
                .all(|a| a.play.index.is_some_and(|i| (-12..=12).contains(&i)))
        );
    }

    #[test]
    fn a_deviation_question_offers_the_hands_own_plays_and_split_only_for_a_pair() {
        let settings = QuizSettings {
            indices: computed_looking(120),
            set: IndexSet::Valuable,
            ..settings()
        };
        let rules = settings.rules.clone();
        let mut quiz = Quiz::new(QuizKind::Deviations, settings, 4).expect("plays to ask");
        let (mut pairs, mut others) = (0, 0);
        for _ in 0..2_000 {
            let Prompt::Deviation { cards, .. } = quiz.prompt().clone() else {
                panic!("a deviation question");
            };
            let legal = quiz.legal();
            assert_eq!(legal, fresh_hand_actions(&rules, &cards));
            let pair = cards.is_pair();
            assert_eq!(legal.contains(Action::Split), pair, "{cards:?}");
            assert_eq!(quiz.question_text().contains("split"), pair);
            if pair {
                pairs += 1;
            } else {
                others += 1;
                let asked = quiz.asked;
                let refused = quiz.answer("p", 0.0).expect_err("no split for a non-pair");
                assert!(refused.contains("cannot split"), "{refused}");
                assert_eq!(quiz.asked, asked, "a refused play is not counted");
            }
            answer_right(&mut quiz);
        }
        assert!(
            pairs > 100 && others > 100,
            "{pairs} pairs, {others} others"
        );
    }

    /// The variance of the Hi-Lo running count of `n` cards drawn from a full shoe of `size`:
    /// `n · σ² · (size − n) / (size − 1)`, σ² = 40/52 (20 of every 52 cards count +1, 20
    /// count −1).
    fn running_count_variance(n: usize, size: usize) -> f64 {
        n as f64 * (40.0 / 52.0) * (size - n) as f64 / (size - 1) as f64
    }

    #[test]
    fn a_dealt_shoe_is_dealt_uniformly_before_its_cut_card_and_counted() {
        for rules in [
            Rules::default(),
            Rules {
                decks: 2,
                penetration: 0.6,
                ..Rules::default()
            },
        ] {
            let mut rng = GameRng::seed_from_u64(8);
            let shoes: Vec<DealtShoe> = (0..10_000)
                .map(|_| deal_before_cut(&rules, &mut rng))
                .collect();
            let size = usize::from(rules.decks) * 52;
            let cut = (size as f64 * rules.penetration).round() as usize;
            assert!(shoes.iter().all(|s| s.size == size && s.cut == cut));
            assert!(shoes.iter().all(|s| (1..cut).contains(&s.dealt)));
            // Uniform depth: each quarter of 1..cut holds its share of the shoes (a quarter's
            // count of depths over all `cut - 1`), within four binomial standard deviations.
            for quarter in 0..4 {
                let range = 1 + quarter * (cut - 1) / 4..1 + (quarter + 1) * (cut - 1) / 4;
                let share = shoes.iter().filter(|s| range.contains(&s.dealt)).count();
                let p = range.len() as f64 / (cut - 1) as f64;
                let n = shoes.len() as f64;
                let z = (share as f64 - n * p) / (n * p * (1.0 - p)).sqrt();
                assert!(z.abs() < 4.0, "{range:?}: {share} (z {z:.1})");
            }
            // The running count of a real shoe: standardised by its depth, mean 0, variance 1,
            // nothing beyond five standard deviations.
            let z: Vec<f64> = shoes
                .iter()
                .map(|s| f64::from(s.running) / running_count_variance(s.dealt, size).sqrt())
                .collect();
            let mean = z.iter().sum::<f64>() / z.len() as f64;
            let variance = z.iter().map(|z| (z - mean).powi(2)).sum::<f64>() / z.len() as f64;
            let extreme = z.iter().fold(0.0f64, |m, z| m.max(z.abs()));
            assert!(mean.abs() < 0.04, "mean z {mean}");
            assert!((0.95..1.05).contains(&variance), "variance of z {variance}");
            assert!(
                extreme < 5.0,
                "a running count {extreme} standard deviations out"
            );
        }
    }

    #[test]
    fn true_count_questions_come_from_real_shoes_before_the_cut_card() {
        let mut quiz = Quiz::new(QuizKind::TrueCount, settings(), 12).expect("a quiz");
        let rules = Rules::default();
        let size = usize::from(rules.decks) * 52;
        let cut = (size as f64 * rules.penetration).round() as usize;
        // The fewest decks a question may show: the cards left at the cut card, read.
        let fewest = Resolution::Half.decks(size - cut);
        let (mut runnings, mut decks_seen) = (Vec::new(), Vec::new());
        for _ in 0..10_000 {
            let Prompt::TrueCount { running, decks } = quiz.prompt().clone() else {
                panic!("a true-count question");
            };
            assert!((fewest..=6.0).contains(&decks), "{decks} decks left");
            runnings.push(f64::from(running));
            decks_seen.push(decks);
            answer_right(&mut quiz);
        }
        // The spread of a real shoe's running count over the depths before the cut card.
        let expected = (1..cut)
            .map(|n| running_count_variance(n, size))
            .sum::<f64>()
            / (cut - 1) as f64;
        let n = runnings.len() as f64;
        let mean = runnings.iter().sum::<f64>() / n;
        let variance = runnings.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n;
        assert!(mean.abs() < 4.0 * (expected / n).sqrt(), "mean {mean}");
        assert!(
            (variance / expected - 1.0).abs() < 0.05,
            "variance {variance}, a real shoe's {expected}"
        );
        // Deep and shallow both asked: the decks shown run from the cut card to the top.
        assert_eq!(decks_seen.iter().copied().fold(f64::MAX, f64::min), fewest);
        assert_eq!(decks_seen.iter().copied().fold(0.0, f64::max), 6.0);
    }

    #[test]
    fn decks_questions_are_dealt_within_the_range_before_the_cut_card() {
        let rules = Rules {
            decks: 8,
            penetration: 0.8,
            ..Rules::default()
        };
        let mut quiz = Quiz::new(
            QuizKind::Decks,
            QuizSettings::for_rules(&rules, IndexTable::default()),
            3,
        )
        .expect("a quiz");
        let cut = (416.0f64 * 0.8).round() as usize;
        let mut dealts = Vec::new();
        for _ in 0..10_000 {
            let Prompt::Decks { dealt, shoe } = *quiz.prompt() else {
                panic!("a decks question");
            };
            assert_eq!(shoe, 416);
            assert!((1..cut).contains(&dealt), "{dealt} dealt, cut at {cut}");
            dealts.push(dealt);
            answer_right(&mut quiz);
        }
        let (least, most) = (
            dealts.iter().copied().min().unwrap_or(0),
            dealts.iter().copied().max().unwrap_or(0),
        );
        assert!(
            least <= 5 && most >= cut - 5,
            "{least}…{most} of 1…{}",
            cut - 1
        );
        let mean = dealts.iter().sum::<usize>() as f64 / dealts.len() as f64;
        assert!((mean - cut as f64 / 2.0).abs() < 4.0, "mean depth {mean}");
    }

    #[test]
    fn a_paced_countdown_reports_no_speed_of_the_persons() {
        let mut run = Countdown::new(1, 1, false, 7);
        while run.flash().is_some() {}
        let paced = run.grade(run.running(), 26.0, true, None);
        assert!(paced.right && paced.paced);
        assert_eq!(
            paced.text(),
            "Right: +0 after 52 cards, turned at the pace set."
        );
        let wrong = run.grade(2, 26.0, true, None);
        assert!(!wrong.text().contains("a second"), "{}", wrong.text());
        assert!(wrong.text().contains("pace set"), "{}", wrong.text());
        let turned = run.grade(run.running(), 26.0, false, None);
        assert!(
            turned.text().contains("2.0 cards a second"),
            "{}",
            turned.text()
        );
    }
}
