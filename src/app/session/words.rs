//! The legal moves in words, for the messages that say what may be typed.

/// The distinct first words of `moves`, in order, when every move begins with a word
/// (`take`, `swap`, `pass`) and there are few of them.
pub(super) fn verbs(moves: &[String]) -> Option<Vec<&str>> {
    let mut verbs: Vec<&str> = Vec::new();
    for text in moves {
        let first = text.split_whitespace().next()?;
        if !first.chars().all(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        if !verbs.contains(&first) {
            verbs.push(first);
        }
    }
    (!verbs.is_empty() && verbs.len() <= 3).then_some(verbs)
}

/// The moves in words for a message: a few named whole, else grouped by their first word
/// (`'swap ...' or 'pass'`), else one for example.
pub(super) fn choice_words(moves: &[String]) -> String {
    let quoted = |words: Vec<String>| -> String {
        if words.is_empty() {
            "nothing".into()
        } else {
            crate::core::list_words(&words, " or ")
        }
    };
    if moves.len() <= 3 {
        return format!(
            "type {}",
            quoted(moves.iter().map(|m| format!("'{m}'")).collect())
        );
    }
    if let Some(verbs) = verbs(moves) {
        let groups = verbs
            .iter()
            .map(|verb| {
                let many = moves
                    .iter()
                    .filter(|m| m.split_whitespace().next() == Some(verb))
                    .count()
                    > 1;
                if many {
                    format!("'{verb} ...'")
                } else {
                    format!("'{verb}'")
                }
            })
            .collect();
        return format!("type {} (see 'legal')", quoted(groups));
    }
    format!(
        "type a move such as '{}' ('legal' lists all {})",
        moves[0],
        moves.len()
    )
}
