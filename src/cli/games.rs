//! `tabula games` and `tabula rules`: what can be played.

use crate::games::GameKind;

/// The `tabula games` text: a table of ids, seats, options and summaries.
pub fn games_listing() -> String {
    let mut text = String::from("GAME       SEATS  OPTIONS (first value is the default)\n");
    for kind in GameKind::ALL {
        let info = kind.info();
        // Long option lists go on under the OPTIONS column, so the table fits 80 columns.
        let options = crate::core::wrap_words(&info.options_text(), 80 - 18);
        for (i, line) in options.iter().enumerate() {
            let (id, seats) = if i == 0 {
                (info.id.to_string(), info.seats_text())
            } else {
                (String::new(), String::new())
            };
            text.push_str(format!("{id:<10} {seats:<6} {line}").trim_end());
            text.push('\n');
        }
        text.push_str(&format!("{:<17} {}: {}\n", "", info.title, info.summary));
    }
    text.push_str(
        "\nPlay one with 'tabula play GAME [KEY=VALUE...]';\n'tabula rules GAME' prints its rules.",
    );
    text
}
