//! The scenario card (`votg print --side S --scenario`): one page for the
//! table, printed by one side, so it holds that side's own OBA, air and
//! entry and nothing secret of the other's.

use super::esc;
use crate::rules::scenario_card::Card;

const CSS: &str = r#"
@page { size: portrait; margin: 12mm; }
body { margin: 0; font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #000; }
.card { max-width: 180mm; margin: 0 auto; }
h1 { font-size: 14pt; margin: 0 0 1mm 0; }
.sub { font-size: 9pt; margin: 0 0 4mm 0; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.3mm solid #000; padding: 1.5mm 2mm; vertical-align: top; text-align: left; }
th { width: 42mm; background: #ddd; }
"#;

/// The whole HTML document of the card.
pub fn document(card: &Card) -> String {
    let mut rows = String::new();
    for (head, text) in &card.lines {
        rows.push_str(&format!(
            "<tr><th>{}</th><td>{}</td></tr>\n",
            esc(head),
            esc(text)
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<section class=\"card\">\n<h1>{title}</h1>\n<p class=\"sub\">Scenario card printed by the {side} player: his own entry, OBA and air; both sides' public facts.</p>\n<table>\n{rows}</table>\n</section>\n</body>\n</html>\n",
        title = esc(&card.title),
        side = card.side.name(),
    )
}
