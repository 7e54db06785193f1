use super::*;

#[test]
fn records_are_known_by_their_first_bytes_alone() {
    let text = TEXT.begins;
    assert!(text(b"game nardy\nseal fnv1a-64\n"));
    assert!(text(b"\xEF\xBB\xBFgame ur\n"));
    assert!(text(b"gam"), "the first line of a game torn while written");
    assert!(!text(b"my notes, no newline"));
    assert!(!text(b"\0game nardy\n"));
    assert!(!text(&[0u8; PREFIX_BYTES]));
    assert!(!text(b"# tabula record: load it with 'load FILE'\ngame nardy\n"));
    let jsonl = JSONL.begins;
    assert!(jsonl(b"{\"format\":\"tabula-match-game-1\",\"game\":\"ur\"}\n"));
    assert!(jsonl(b"{\"form"));
    assert!(!jsonl(b"{\"other\":1}\n"));
    assert!(!jsonl(b"game nardy\n"));
}

#[test]
fn the_dropped_lines_are_left_out_and_the_rest_copied_byte_for_byte() {
    let input = b"game a\nx\nend\ngame b\ny\r\nend\ngame c\nz";
    let mut output = Vec::new();
    copy_kept_lines(&mut &input[..], &mut output, &[(4, Some(6))]).unwrap();
    assert_eq!(output, b"game a\nx\nend\ngame c\nz");
    let mut output = Vec::new();
    copy_kept_lines(&mut &input[..], &mut output, &[(1, Some(3)), (7, None)]).unwrap();
    assert_eq!(output, b"game b\ny\r\nend\n");
}

/// A reader that hands out one byte at a time, so lines span many buffers.
struct Trickle<'a>(&'a [u8]);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn lines_read_in_pieces_are_dropped_whole() {
    let input = b"keep 1\ndrop 2 a longer line\nkeep 3\n";
    let mut reader = std::io::BufReader::with_capacity(2, Trickle(input));
    let mut output = Vec::new();
    copy_kept_lines(&mut reader, &mut output, &[(2, Some(2))]).unwrap();
    assert_eq!(output, b"keep 1\nkeep 3\n");
}
