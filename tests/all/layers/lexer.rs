//! A small lexer of Rust source for the layer checks and the one-place check
//! (`one_place.rs`): identifiers, `::`, punctuation, strings with their text, and other
//! literals and lifetimes as opaque tokens; comments dropped. It knows strings with
//! escapes, byte, C and raw strings (`r#"..."#`), characters told from lifetimes and
//! labels, nested block comments and raw identifiers, which is all the checks need to
//! read paths and names exactly.

/// One token of Rust source, with the line it starts on. Strings keep their text as
/// written (escapes left as they are), where a game's id may be named; other literals
/// keep none.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Token {
    /// An identifier or keyword (`r#type` as `type`).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character.
    Punct(char),
    /// A string, byte string, C string or raw string: the text between its quotes.
    Str(String),
    /// A character or number.
    Literal,
    /// A lifetime or label: `'a`.
    Lifetime,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Reads Rust source into tokens, dropping comments (doc comments included).
pub(crate) fn tokenize(text: &str) -> Vec<(usize, Token)> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // Moves past `chars[from..to]`, counting the lines it crosses.
    let advance = |line: &mut usize, from: usize, to: usize| {
        *line += chars[from..to.min(chars.len())]
            .iter()
            .filter(|&&c| c == '\n')
            .count();
        to
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let start_line = line;
        let end = if c.is_whitespace() {
            i + 1
        } else if c == '/' && next == Some('/') {
            (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len())
        } else if c == '/' && next == Some('*') {
            block_comment_end(&chars, i)
        } else if let Some((body, close, end)) = raw_string_end(&chars, i) {
            tokens.push((start_line, Token::Str(chars[body..close].iter().collect())));
            end
        } else if c == '"' || (matches!(c, 'b' | 'c') && next == Some('"')) {
            let quote = if c == '"' { i } else { i + 1 };
            let end = quoted_end(&chars, quote, '"');
            let close = end.saturating_sub(1).max(quote + 1).min(chars.len());
            tokens.push((start_line, Token::Str(chars[quote + 1..close].iter().collect())));
            end
        } else if c == '\'' || (c == 'b' && next == Some('\'')) {
            let quote = if c == '\'' { i } else { i + 1 };
            match char_end(&chars, quote) {
                Some(end) => {
                    tokens.push((start_line, Token::Literal));
                    end
                }
                None => {
                    tokens.push((start_line, Token::Lifetime));
                    (quote + 1..chars.len())
                        .find(|&j| !is_ident_char(chars[j]))
                        .unwrap_or(chars.len())
                }
            }
        } else if c == 'r' && next == Some('#') && chars.get(i + 2).is_some_and(|&c| is_ident_start(c)) {
            let end = (i + 2..chars.len())
                .find(|&j| !is_ident_char(chars[j]))
                .unwrap_or(chars.len());
            tokens.push((start_line, Token::Ident(chars[i + 2..end].iter().collect())));
            end
        } else if is_ident_start(c) {
            let end = (i..chars.len())
                .find(|&j| !is_ident_char(chars[j]))
                .unwrap_or(chars.len());
            tokens.push((start_line, Token::Ident(chars[i..end].iter().collect())));
            end
        } else if c.is_ascii_digit() {
            tokens.push((start_line, Token::Literal));
            (i..chars.len())
                .find(|&j| {
                    !(is_ident_char(chars[j])
                        || chars[j] == '.' && chars.get(j + 1).is_some_and(char::is_ascii_digit))
                })
                .unwrap_or(chars.len())
        } else if c == ':' && next == Some(':') {
            tokens.push((start_line, Token::PathSep));
            i + 2
        } else {
            tokens.push((start_line, Token::Punct(c)));
            i + 1
        };
        i = advance(&mut line, i, end);
    }
    tokens
}

/// Where the block comment opening at `start` ends: they nest.
fn block_comment_end(chars: &[char], start: usize) -> usize {
    let mut depth = 0;
    let mut i = start;
    while i + 1 < chars.len() {
        match (chars[i], chars[i + 1]) {
            ('/', '*') => {
                depth += 1;
                i += 2;
            }
            ('*', '/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    chars.len()
}

/// Where the text of the raw string starting at `start` (`r"`, `r#"`, `br##"`, `cr"`...)
/// begins and stops, and where the literal ends, if one starts there.
fn raw_string_end(chars: &[char], start: usize) -> Option<(usize, usize, usize)> {
    let mut i = start;
    if matches!(chars.get(i), Some('b' | 'c')) {
        i += 1;
    }
    if chars.get(i) != Some(&'r') {
        return None;
    }
    i += 1;
    let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
    i += hashes;
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    let body = i;
    while i < chars.len() {
        if chars[i] == '"' && chars[i + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes {
            return Some((body, i, i + 1 + hashes));
        }
        i += 1;
    }
    Some((body, chars.len(), chars.len()))
}

/// Where the literal quoted by `quote` and opening at `start` ends, escapes skipped.
fn quoted_end(chars: &[char], start: usize, quote: char) -> usize {
    let mut i = start + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            c if c == quote => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

/// Where the character literal opening at `start` ends, or `None` where the quote
/// opens a lifetime or label instead (`'a` with no closing quote right after).
fn char_end(chars: &[char], start: usize) -> Option<usize> {
    match chars.get(start + 1)? {
        '\\' => Some(quoted_end(chars, start, '\'')),
        _ if chars.get(start + 2) == Some(&'\'') => Some(start + 3),
        _ => None,
    }
}

/// The tokens of a file without its `#[cfg(test)]` items, and the names of the modules
/// it declares as test-only (`#[cfg(test)] mod same_runs;`), whose files are left out too.
pub(crate) fn without_tests(tokens: &[(usize, Token)]) -> (Vec<(usize, Token)>, Vec<String>) {
    let cfg_test: Vec<Token> = "# [ cfg ( test ) ]"
        .split(' ')
        .map(|t| match t {
            "cfg" | "test" => Token::Ident(t.into()),
            _ => Token::Punct(t.chars().next().unwrap_or(' ')),
        })
        .collect();
    let mut kept = Vec::new();
    let mut test_modules = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let at_cfg_test = tokens[i..]
            .iter()
            .map(|(_, t)| t)
            .take(cfg_test.len())
            .eq(cfg_test.iter());
        if !at_cfg_test {
            kept.push(tokens[i].clone());
            i += 1;
            continue;
        }
        // Skip the item: to its first `;` outside brackets, or its closing brace.
        i += cfg_test.len();
        let mut depth = 0usize;
        let mut words = Vec::new();
        while i < tokens.len() {
            let token = &tokens[i].1;
            i += 1;
            match token {
                Token::Punct('{' | '(' | '[') => depth += 1,
                Token::Punct('}' | ')' | ']') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && *token == Token::Punct('}') {
                        break;
                    }
                }
                Token::Punct(';') if depth == 0 => {
                    if let [.., Token::Ident(m), Token::Ident(name)] = words.as_slice()
                        && m == "mod"
                    {
                        test_modules.push(name.clone());
                    }
                    break;
                }
                Token::Ident(_) if depth == 0 => words.push(token.clone()),
                _ => {}
            }
        }
    }
    (kept, test_modules)
}

/// The paths tokens name, from `crate`, `$crate` or `super`: `crate::a::b`, and each
/// leaf of a `use` tree (`use crate::{a::{b, c}, d}` names `a::b`, `a::c` and `d`).
pub(super) fn paths_in(tokens: &[(usize, Token)]) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    for (i, (line, token)) in tokens.iter().enumerate() {
        let Token::Ident(word) = token else { continue };
        let follows_path = i > 0 && tokens[i - 1].1 == Token::PathSep;
        // `pub(crate)` and `pub(super)` name no path: one is followed by `::`.
        let leads_path = tokens.get(i + 1).is_some_and(|t| t.1 == Token::PathSep);
        if !(word == "crate" || word == "super") || follows_path || !leads_path {
            continue;
        }
        let mut paths = Vec::new();
        use_tree(tokens, i, vec![], &mut paths);
        found.extend(paths.into_iter().map(|path| (*line, path)));
    }
    found
}

/// Reads the path (or `use` tree) starting at token `i` below `prefix` into `out`;
/// returns the index after it.
fn use_tree(
    tokens: &[(usize, Token)],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut path = prefix;
    loop {
        match tokens.get(i).map(|t| &t.1) {
            Some(Token::Ident(word)) => {
                if word != "self" || path.is_empty() {
                    path.push(word.clone());
                }
                i += 1;
            }
            Some(Token::Punct('{')) => {
                i += 1;
                while let Some((_, token)) = tokens.get(i) {
                    match token {
                        Token::Punct('}') => return i + 1,
                        Token::Punct(',') => i += 1,
                        // Each item moves on by at least one token, whatever it holds.
                        _ => i = use_tree(tokens, i, path.clone(), out).max(i + 1),
                    }
                }
                return i;
            }
            Some(Token::Punct('*')) => {
                out.push(path);
                return i + 1;
            }
            _ => {
                out.push(path);
                return i;
            }
        }
        match tokens.get(i).map(|t| &t.1) {
            Some(Token::PathSep) => i += 1,
            Some(Token::Ident(word)) if word == "as" => {
                out.push(path);
                return i + 2;
            }
            _ => {
                out.push(path);
                return i;
            }
        }
    }
}

/// The paths of `code`, as `crate::a::b` strings.
pub(super) fn shown_paths(code: &str) -> Vec<String> {
    let (tokens, _) = without_tests(&tokenize(code));
    paths_in(&tokens)
        .into_iter()
        .map(|(_, path)| path.join("::"))
        .collect()
}

#[test]
fn the_reader_skips_what_is_not_code() {
    // Strings, comments and characters hide nothing and show nothing.
    let code = r###"
        let url = "http://x"; use crate::a;
        let s = "crate::not_a // \" crate::not_b";
        /* crate::not_c /* nested crate::not_d */ still crate::not_e */ use crate::b;
        let raw = r#"a "quoted" crate::not_f"#; use crate::c;
        let c = '"'; use crate::d; let e = '\''; use crate::e;
        fn f<'a>(x: &'a str) -> crate::g::G<'a> { 'outer: loop { break 'outer; } }
        let bytes = b"crate::not_g"; let raw_bytes = br"crate::not_h"; let r#type = 1;
        // crate::not_i
        /// crate::not_j
    "###;
    assert_eq!(
        shown_paths(code),
        [
            "crate::a",
            "crate::b",
            "crate::c",
            "crate::d",
            "crate::e",
            "crate::g::G"
        ]
    );
    // Lines are counted through multi-line literals and comments.
    let (tokens, _) = without_tests(&tokenize("/*\n\n*/ \"a\nb\" r\"\n\"\nuse crate::x;"));
    assert_eq!(paths_in(&tokens)[0].0, 6);
}

#[test]
fn the_reader_leaves_out_unit_tests() {
    let code = "use crate::a;\n#[cfg(test)]\nmod tests { use crate::b; fn f() { {} } }\n\
                use crate::c;\n#[cfg(test)]\nmod same_runs;\n#[cfg(test)]\nuse crate::d;\n";
    let (tokens, test_modules) = without_tests(&tokenize(code));
    let found: Vec<String> = paths_in(&tokens).into_iter().map(|(_, p)| p.join("::")).collect();
    assert_eq!(found, ["crate::a", "crate::c"]);
    assert_eq!(test_modules, ["same_runs"]);
}
