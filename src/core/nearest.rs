//! "Did you mean" hints: the known word nearest to a mistyped one, for commands in the
//! REPL and game names on the command line alike.

/// Edits between two words, for "did you mean" hints: insertions, deletions,
/// substitutions and swaps of two neighbours (`saev` is one edit from `save`).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // table[i][j]: edits between a[..i] and b[..j].
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = table[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(table[i - 1][j] + 1).min(table[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[a.len()][b.len()]
}

/// The known word close enough to `typed` (ignoring case) to be what was meant: at most
/// two edits away, and fewer than half its length, since two edits turn any four-letter
/// word into many others. Of equally near words the first in
/// alphabetical order wins.
pub fn nearest_word<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = typed.to_ascii_lowercase();
    let (distance, word) = known
        .into_iter()
        .map(|word| (edit_distance(&lower, word), word))
        .min()?;
    (distance <= 2 && distance * 2 < lower.len()).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("roll", "roll"), 0);
        assert_eq!(edit_distance("rol", "roll"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("saev", "save"), 1);
        assert_eq!(edit_distance("swap", "seat"), 2);
    }

    #[test]
    fn only_a_near_word_is_suggested() {
        let games = ["nardy", "ur", "aeroplane", "microbes", "mnogoboy"];
        assert_eq!(nearest_word("nardi", games), Some("nardy"));
        assert_eq!(nearest_word("Aeroplan", games), Some("aeroplane"));
        assert_eq!(nearest_word("microbe", games), Some("microbes"));
        // Two edits from "ur" is anything of two letters: no hint.
        assert_eq!(nearest_word("go", games), None);
        assert_eq!(nearest_word("chess", games), None);
    }
}
