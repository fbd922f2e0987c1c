//! This game's index table for any count (temporary: the generalised analysis replaces this
//! file with its own `index_table_for`, of the same signature).
//!
//! Until then: Hi-Lo's table for Hi-Lo and for any count read exactly as Hi-Lo is; an empty
//! table for every other count, which its callers read as "index plays for this count are being
//! worked out" and grade by the chart meanwhile — never Hi-Lo's plays under another count's
//! numbers.

use crate::analysis::counts::{CountSystem, HI_LO};
use crate::analysis::deviation::IndexTable;
use crate::engine::Rules;

/// The no-hole-card index table of `system` for `rules`: balanced counts' indices by true
/// count, unbalanced ones' by running count ([`CountSystem::index_count`]).
pub fn index_table_for(rules: &Rules, system: &CountSystem) -> IndexTable {
    if system.reads_as(&HI_LO) {
        super::index_table(rules)
    } else {
        IndexTable::default()
    }
}
