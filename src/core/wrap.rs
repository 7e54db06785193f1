//! Word wrapping for text shown in an 80-column terminal: boards' side panels, help and
//! listings.

/// Splits `text` into lines of at most `width` characters, breaking between words; a
/// word longer than `width` gets a line of its own.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `items` as a list in words: `a`, `a or b`, `a, b or c` with `last_joint` " or "
/// (the joint before the last item, spaces included; `", and "` where items hold commas).
pub fn list_words<S: AsRef<str>>(items: &[S], last_joint: &str) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, rest)) => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{}{last_joint}{}", rest.join(", "), last.as_ref())
        }
    }
}

/// `word` with `a` or `an` before it, as it is read aloud: `a move`, `an error`.
pub fn with_article(word: &str) -> String {
    let vowel = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// `text` wrapped as [`wrap_words`] wraps it, each line ending in a line feed: ready to
/// print.
pub fn wrapped_lines(text: &str, width: usize) -> String {
    wrap_words(text, width)
        .into_iter()
        .map(|line| line + "\n")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{list_words, wrap_words, wrapped_lines};

    #[test]
    fn lists_are_joined_in_words() {
        assert_eq!(list_words::<&str>(&[], " or "), "");
        assert_eq!(list_words(&["a"], " or "), "a");
        assert_eq!(list_words(&["a", "b"], " or "), "a or b");
        assert_eq!(list_words(&["a", "b", "c"], ", and "), "a, b, and c");
    }

    #[test]
    fn wrapped_lines_end_each_line() {
        assert_eq!(
            wrapped_lines("game over: white wins", 10),
            "game over:\nwhite wins\n"
        );
        assert_eq!(wrapped_lines("", 10), "\n");
    }

    #[test]
    fn breaks_between_words_within_the_width() {
        assert_eq!(
            wrap_words("game over: white wins a mars (2 points)", 20),
            ["game over: white", "wins a mars (2", "points)"]
        );
        assert_eq!(wrap_words("short", 20), ["short"]);
        assert_eq!(wrap_words("", 20), [""]);
        assert_eq!(
            wrap_words("averyveryverylongword x", 5),
            ["averyveryverylongword", "x"]
        );
    }
}
