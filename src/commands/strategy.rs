//! `blackjack strategy`: the variant's exact basic-strategy chart and house edge.

use std::fmt::Write as _;
use std::time::Instant;

use crate::analysis::chart::{Cell, Chart, HandKind, PAIR_ROWS, UP_CARDS};
use crate::analysis::strategy::basic_strategy_on;
use crate::cli::StrategyArgs;
use crate::engine::Rules;
use crate::engine::card::value_label;
use crate::text::signed_decimals;

/// Runs `blackjack strategy`.
pub fn strategy(
    rules: &Rules,
    args: &StrategyArgs,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let s = basic_strategy_on(rules, super::analysis_threads());
    let elapsed = started.elapsed();
    if let Some(key) = &args.why {
        return why(&s, key, out);
    }
    if args.json {
        let chart: serde_json::Map<String, serde_json::Value> = Chart::printed_cells()
            .map(|cell| (cell.key(), serde_json::Value::from(s.chart.get(cell).label())))
            .collect();
        let value = serde_json::json!({
            "rules": rules,
            "house_edge": { "chart": s.return_chart, "optimal_first_decision": s.return_optimal },
            "chart": chart,
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&value)?)?;
        return Ok(());
    }
    write!(out, "{}", render_chart(&s.chart))?;
    writeln!(out)?;
    writeln!(out, "Codes: H hit, S stand, D double (else hit), Ds double (else stand), P split")?;
    writeln!(
        out,
        "Player's expected return per initial unit, following this chart: {}% (house edge {:.4}%)",
        signed_decimals(s.return_chart * 100.0, 4),
        -s.return_chart * 100.0
    )?;
    writeln!(
        out,
        "With composition-dependent best play on every decision:         {}%",
        signed_decimals(s.return_optimal * 100.0, 4)
    )?;
    writeln!(out, "(computed in {:.0} ms)", elapsed.as_secs_f64() * 1000.0)?;
    Ok(())
}

/// `--why CELL`: the cell's play, its EVs best first, and the reason.
fn why(
    s: &crate::analysis::Strategy,
    key: &str,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let cell = Cell::from_key(key).ok_or_else(|| {
        super::UsageError(format!(
            "--why {key:?} is not a chart cell: write it as `strategy --json` does, e.g. \
             hard:11:T, soft:18:9, pair:8:A"
        ))
    })?;
    let peek = crate::analysis::strategy::peek_strategy(&s.rules);
    let reason = crate::analysis::reasons::line(
        s,
        Some(&peek.chart),
        cell,
        crate::analysis::reasons::Figures::Chart,
    )
    .ok_or_else(|| {
        super::UsageError(format!("{} is not a hand that can be dealt", cell.label()))
    })?;
    writeln!(out, "{}: {}", cell.label(), s.chart.get(cell).preferred())?;
    for (action, ev) in s.cell_evs[&cell].ranked() {
        writeln!(out, "  {:<7}{}", action.name(), signed_decimals(ev, 4))?;
    }
    writeln!(out, "Why: {reason}")?;
    Ok(())
}

/// The three tables as text, columns 2–9, T, A.
pub fn render_chart(chart: &Chart) -> String {
    let mut out = String::new();
    let header = |out: &mut String, title: &str| {
        let _ = write!(out, "{title:<9}");
        for up in UP_CARDS {
            let _ = write!(out, "{up:>3}");
        }
        out.push('\n');
    };
    let row = |out: &mut String, label: String, kind: HandKind, r: u8| {
        let _ = write!(out, "{label:<9}");
        for up in UP_CARDS {
            let _ = write!(out, "{:>3}", chart.get(Cell { kind, row: r, up }).label());
        }
        out.push('\n');
    };
    header(&mut out, "Hard");
    for r in 5..=21 {
        row(&mut out, r.to_string(), HandKind::Hard, r);
    }
    out.push('\n');
    header(&mut out, "Soft");
    for r in 13..=21 {
        row(&mut out, format!("A,{}", value_label(r - 11)), HandKind::Soft, r);
    }
    out.push('\n');
    header(&mut out, "Pairs");
    for r in PAIR_ROWS {
        let v = value_label(r);
        row(&mut out, format!("{v},{v}"), HandKind::Pair, r);
    }
    out
}
