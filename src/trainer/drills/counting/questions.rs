//! Where the drills' questions come from: shoes dealt to a depth before the cut card, and the
//! index plays worth asking about at counts near their index.

use rand::{RngExt, SeedableRng};

use super::{Prompt, QuizKind, QuizSettings};
use crate::analysis::counts::{CountSystem, HI_LO};
use crate::analysis::deviation::{IndexPlay, IndexTable};
use crate::engine::shoe::Shoe;
use crate::engine::{ActionSet, Card, GameRng, Rank, Rules, Suit};
use crate::trainer::drills::kinds::{build_hand, drillable, fresh_hand_actions, random_card};

/// The least an index play may be worth, in bets per 100 rounds, to be in
/// [`IndexSet::Valuable`]: 0.001 would take the top 18 again; 0.0002 takes 44.
pub const VALUABLE_PER_100: f64 = 0.0002;

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
            IndexSet::Valuable => "this game's index plays worth ≥ 0.0002 bets per 100 rounds",
        }
    }

    /// The plays of `table` in the set, most valuable first (a published table has no values:
    /// [`IndexSet::Valuable`] takes none of it).
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

/// A shoe dealt to some depth before its cut card: what a counter sees when a round starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealtShoe {
    /// Cards dealt (in the discard tray).
    pub dealt: usize,
    /// Cards in the full shoe.
    pub size: usize,
    /// Where the cut card is: a shoe is reshuffled once this many cards are dealt.
    pub cut: usize,
    /// The running count of the cards dealt (the count's, from its initial running count).
    pub running: i32,
}

impl DealtShoe {
    /// Cards not yet dealt.
    pub fn left(&self) -> usize {
        self.size - self.dealt
    }
}

/// Shuffles a shoe of `rules` and deals it to a depth drawn uniformly from 1 up to its cut
/// card (excluded), counting the cards dealt in Hi-Lo: every depth a round can start at.
pub fn deal_before_cut(rules: &Rules, rng: &mut GameRng) -> DealtShoe {
    deal_before_cut_counting(rules, &HI_LO, rng)
}

/// [`deal_before_cut`], the cards dealt counted in `system` (suits included).
pub fn deal_before_cut_counting(
    rules: &Rules,
    system: &CountSystem,
    rng: &mut GameRng,
) -> DealtShoe {
    let mut shoe = Shoe::new(rules.decks, rules.penetration);
    let (size, cut) = (shoe.size(), shoe.until_cut());
    let dealt = rng.random_range(1..cut.max(2)).min(size);
    let mut running = system.initial_running_count(rules.decks);
    for _ in 0..dealt {
        running += system.card_tag(shoe.draw(rng).0);
    }
    DealtShoe { dealt, size, cut, running }
}

/// Whether the two plays of `play` differ at `tc` by a gain that prints (0.001 bets or more);
/// a published table, with no gains, is taken at its word.
fn gain_shows(play: &IndexPlay, tc: i32) -> bool {
    if play.gain_by_tc.is_empty() {
        return true;
    }
    play.gain_at(tc).is_some_and(|g| (g.abs() * 1000.0).round() >= 1.0)
}

/// The floored true counts a question about `play` may be asked at: within
/// [`DEVIATION_SPREAD`] of its index, within ±[`MAX_ASKED_TRUE_COUNT`], where the gain shows.
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
pub(super) struct Askable {
    /// The play.
    pub(super) play: IndexPlay,
    /// Counts where the deviation is made.
    pub(super) on: Vec<i32>,
    /// Counts where it is not.
    pub(super) off: Vec<i32>,
}

/// The plays of `settings.set` that a question can be asked about: a cell a two-card hand
/// makes, both plays legal for it, and a count worth asking on each side of the index.
pub(super) fn askable_plays(settings: &QuizSettings) -> Vec<Askable> {
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

/// The next question of a `kind` drill and the plays it takes (a deviation question's; empty
/// otherwise). `plays`: what a deviations drill asks about.
pub(super) fn ask(
    kind: QuizKind,
    settings: &QuizSettings,
    plays: &[Askable],
    rng: &mut GameRng,
) -> (Prompt, ActionSet) {
    let prompt = match kind {
        QuizKind::Pairs => {
            // Two cards as often as three or four: the pairs that cancel, then the groups a
            // round leaves on the felt.
            let n = rng.random_range(2..=4usize);
            let cards = (0..n)
                .map(|_| {
                    let rank = Rank::ALL[rng.random_range(0..Rank::ALL.len())];
                    Card::new(rank, Suit::ALL[rng.random_range(0..4usize)])
                })
                .collect();
            Prompt::Pairs { cards }
        }
        QuizKind::TrueCount => {
            let shoe = deal_before_cut_counting(&settings.rules, &settings.system, rng);
            let decks = settings.resolution.decks(shoe.left());
            Prompt::TrueCount { running: shoe.running, decks }
        }
        QuizKind::Decks => {
            let shoe = deal_before_cut(&settings.rules, rng);
            Prompt::Decks { dealt: shoe.dealt, shoe: shoe.size }
        }
        QuizKind::Ramp => {
            let top = i32::try_from(settings.ramp.bets().len()).unwrap_or(7) + 1;
            Prompt::Ramp { tc: rng.random_range(-3..=top) }
        }
        QuizKind::Deviations => {
            let Some(askable) = plays.get(rng.random_range(0..plays.len().max(1))) else {
                // No play to ask about: `Quiz::new` refuses such a drill.
                return (Prompt::Ramp { tc: 0 }, ActionSet::EMPTY);
            };
            // On both sides of the index, as often; on a side, any count worth asking.
            let side = if rng.random::<bool>() { &askable.on } else { &askable.off };
            let tc = side[rng.random_range(0..side.len())];
            let play = askable.play.clone();
            let cards = build_hand(rng, play.cell.kind, play.cell.row);
            let up = random_card(rng, play.cell.up);
            let legal = fresh_hand_actions(&settings.rules, &cards);
            return (Prompt::Deviation { play, cards, up, tc }, legal);
        }
    };
    (prompt, ActionSet::EMPTY)
}
