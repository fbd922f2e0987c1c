//! The count a count's index plays and bet ramp are read at (temporary: the generalised index
//! analysis replaces this file with its own `index_count`, of the same signature).

use super::CountSystem;

impl CountSystem {
    /// The count its index plays and ramp are read at, from the running count as the player
    /// keeps it (`running`, counting units, from the initial running count for an unbalanced
    /// count) with `cards_left` cards left: a balanced count's floored true count, an
    /// unbalanced one's running count in points (floored).
    pub fn index_count(&self, running: i32, cards_left: usize) -> i32 {
        if self.is_balanced() {
            self.floored_true_count(running, cards_left)
        } else {
            running.div_euclid(self.unit.per_point())
        }
    }
}
