//! Sizes that fit in a head: given every source file of `src/` outside the unit tests,
//! read by the layer checks' lexer, no function body runs over 100 lines and no file
//! over 800 lines before its `#[cfg(test)]` items.

use std::fs;
use std::path::PathBuf;

use super::lexer::{Token, tokenize, without_tests};
use super::{rust_files, source_root};

/// The longest function a reader should meet, in lines from `fn` to its closing brace.
const MOST_FUNCTION_LINES: usize = 100;
/// The longest file, in lines up to its last item outside the unit tests.
const MOST_FILE_LINES: usize = 800;

/// Every source file outside the unit-test folders, with its path under `src/`.
fn sources() -> Vec<(String, Vec<(usize, Token)>)> {
    let root = source_root();
    let mut files: Vec<PathBuf> = Vec::new();
    rust_files(&root, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(&root).expect("under src/").to_path_buf();
            if relative.iter().any(|part| part == "tests") {
                return None;
            }
            let text = fs::read_to_string(&file).expect("a source file is UTF-8");
            let (tokens, _) = without_tests(&tokenize(&text));
            Some((relative.display().to_string(), tokens))
        })
        .collect()
}

/// Each function with a body in `tokens`: its name, first line and number of lines.
fn functions(tokens: &[(usize, Token)]) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    for (i, (line, token)) in tokens.iter().enumerate() {
        let (Token::Ident(word), Some((_, Token::Ident(name)))) = (token, tokens.get(i + 1)) else {
            continue;
        };
        if word != "fn" {
            continue;
        }
        // The body is the first brace outside the signature's brackets; a `;` first
        // means a declaration without one.
        let mut depth = 0usize;
        let mut body = None;
        for (j, (_, t)) in tokens.iter().enumerate().skip(i + 2) {
            match t {
                Token::Punct('(' | '[') => depth += 1,
                Token::Punct(')' | ']') => depth = depth.saturating_sub(1),
                Token::Punct('{') if depth == 0 => {
                    body = Some(j);
                    break;
                }
                Token::Punct(';') if depth == 0 => break,
                _ => {}
            }
        }
        let Some(open) = body else { continue };
        let mut braces = 0usize;
        for (end_line, t) in &tokens[open..] {
            match t {
                Token::Punct('{') => braces += 1,
                Token::Punct('}') => {
                    braces -= 1;
                    if braces == 0 {
                        found.push((name.clone(), *line, end_line - line + 1));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    found
}

#[test]
fn no_function_is_longer_than_a_hundred_lines() {
    let mut long = Vec::new();
    for (file, tokens) in sources() {
        for (name, line, lines) in functions(&tokens) {
            if lines > MOST_FUNCTION_LINES {
                long.push(format!("{file}:{line} {name}: {lines} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MOST_FUNCTION_LINES} lines; split them into named steps:\n{}",
        long.join("\n")
    );
}

#[test]
fn no_file_is_longer_than_eight_hundred_lines_before_its_tests() {
    let long: Vec<String> = sources()
        .into_iter()
        .filter_map(|(file, tokens)| {
            let lines = tokens.last().map_or(0, |(line, _)| *line);
            (lines > MOST_FILE_LINES).then(|| format!("{file}: {lines} lines"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files over {MOST_FILE_LINES} lines before their tests; split them by topic:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_measure_counts_bodies_and_skips_declarations_and_fn_types() {
    let source = "trait T { fn declared(&self) -> u8; }\n\
                  fn takes(f: fn(u8) -> u8) -> Vec<u8> where u8: Copy {\n\
                  \x20   let s = \"{ not a brace\";\n\
                  \x20   vec![f(1)]\n\
                  }\n";
    let found = functions(&tokenize(source));
    assert_eq!(found, vec![("takes".to_string(), 2, 4)]);
}
