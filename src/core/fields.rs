//! The reader of the one form every game writes its position string in: space-separated
//! `key=value` fields in any order, each key at most once. A game reads the value of each
//! field; this reader says which fields are missing, and refuses a field without `=` or a
//! key given twice in the same words for every game.

use std::marker::PhantomData;

use super::error::{PositionError, PositionMistake};

/// The `key=value` fields of a position string, read in the order written. Each item is a
/// field's key and value, or the error of a field that is not `key=value` or that repeats
/// a key; `F` is the game's [`crate::core::Notation::PositionFault`].
///
/// ```
/// use tabula::core::fields::PositionFields;
/// use tabula::core::PositionError;
///
/// let mut fields = PositionFields::<std::fmt::Error>::new("w=3 turn=w");
/// let read: Result<Vec<_>, PositionError<_>> = fields.by_ref().collect();
/// assert_eq!(read.unwrap(), [("w", "3"), ("turn", "w")]);
/// assert_eq!(fields.first_missing(["w", "b", "turn"]), Some("b"));
/// ```
pub struct PositionFields<'a, F> {
    words: std::str::SplitWhitespace<'a>,
    seen: Vec<&'a str>,
    looks_like: Option<String>,
    fault: PhantomData<fn() -> F>,
}

impl<'a, F> PositionFields<'a, F> {
    /// The fields of `text`.
    pub fn new(text: &'a str) -> Self {
        PositionFields {
            words: text.split_whitespace(),
            seen: Vec::new(),
            looks_like: None,
            fault: PhantomData,
        }
    }

    /// The same fields, with a field that is not `key=value` answered by what a position
    /// looks like (`an ur position looks like: ...`).
    pub fn looks_like(mut self, looks_like: String) -> Self {
        self.looks_like = Some(looks_like);
        self
    }

    /// The first of `keys` that no field read so far has given.
    pub fn first_missing(&self, keys: impl IntoIterator<Item = &'static str>) -> Option<&'static str> {
        keys.into_iter().find(|key| !self.seen.contains(key))
    }
}

impl<'a, F> Iterator for PositionFields<'a, F> {
    type Item = Result<(&'a str, &'a str), PositionError<F>>;

    fn next(&mut self) -> Option<Self::Item> {
        let field = self.words.next()?;
        let Some((key, value)) = field.split_once('=') else {
            return Some(Err(PositionMistake::NotKeyValue {
                field: field.to_string(),
                looks_like: self.looks_like.clone(),
            }
            .into()));
        };
        if self.seen.contains(&key) {
            return Some(Err(PositionMistake::GivenTwice { key: key.to_string() }.into()));
        }
        self.seen.push(key);
        Some(Ok((key, value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Fields<'a> = PositionFields<'a, std::fmt::Error>;

    fn read(fields: &mut Fields) -> Result<Vec<(String, String)>, String> {
        fields
            .map(|field| field.map(|(k, v)| (k.to_string(), v.to_string())))
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())
    }

    #[test]
    fn fields_come_in_the_order_written_with_what_is_missing() {
        let mut fields = Fields::new("  turn=w:3   w=1,2 b= ");
        let read = read(&mut fields).unwrap();
        assert_eq!(read[0], ("turn".to_string(), "w:3".to_string()));
        assert_eq!(read[2], ("b".to_string(), String::new()));
        assert_eq!(fields.first_missing(["w", "b", "turn"]), None);
        assert_eq!(fields.first_missing(["w", "score", "first"]), Some("score"));
    }

    #[test]
    fn a_field_without_equals_or_a_key_twice_is_refused_where_it_stands() {
        let mut fields = Fields::new("w=1 w=2 oops");
        assert_eq!(fields.next().unwrap().unwrap(), ("w", "1"));
        assert_eq!(
            read(&mut fields).unwrap_err(),
            "bad position: 'w=' is given twice"
        );
        let mut fields = Fields::new("w=1 oops");
        assert_eq!(
            read(&mut fields).unwrap_err(),
            "bad position: 'oops' is not key=value"
        );
        let mut fields = Fields::new("oops").looks_like("a game looks like: w=1".into());
        assert_eq!(
            read(&mut fields).unwrap_err(),
            "bad position: 'oops' is not key=value; a game looks like: w=1"
        );
    }
}
