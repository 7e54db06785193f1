use super::*;

fn hex(byte: u8) -> String {
    format!("{byte:02x}").repeat(32)
}

#[test]
fn every_message_reads_back_as_sent() {
    let messages = [
        Message::Hello {
            version: VERSION,
            game: "nardy koks=on".into(),
            sides: vec![0, 1],
            players: vec!["bot:best".into(), String::new()],
            commitment: hex(1),
            clock: "60+1".into(),
            you: 2,
        },
        Message::Start {
            sides: vec![0, 1, 2, 1],
            players: vec!["bot:best".into(), "human".into(), "human".into(), "human".into()],
            commitments: vec![hex(1), hex(2), hex(4)],
        },
        Message::Reveals {
            throw: 7,
            values: vec![hex(3), hex(5)],
        },
        Message::Forfeit {
            seat: 1,
            reason: "timeout".into(),
            detail: "nothing arrived within 5 seconds".into(),
        },
        Message::Accept {
            players: vec![String::new(), "human".into()],
            commitment: hex(2),
            resume: hex(4),
        },
        Message::Rejoin {
            side: 1,
            token: hex(6),
            received: 12,
        },
        Message::Rejoined { received: 9 },
        Message::Away { side: 2, back: true },
        Message::Decline { reason: "no".into() },
        Message::Reveal {
            throw: 7,
            value: hex(3),
        },
        Message::Move {
            ply: 3,
            text: "24/18 13/10".into(),
        },
        Message::Undo { ply: 4 },
        Message::UndoAnswer { ply: 4, yes: false },
        Message::Resign { seat: 1 },
        Message::Clock { left_ms: 5000 },
        Message::Bye {
            reason: "game over".into(),
        },
    ];
    for message in messages {
        assert_eq!(Message::decode(&message.encode()), Ok(message));
    }
}

#[test]
fn unknown_kinds_and_fields_are_refused() {
    for text in [
        r#"{"kind":"run","command":"rm -rf /"}"#,
        r#"{"kind":"move","ply":1,"text":"8/4","file":"x"}"#,
        r#"{"kind":"move","ply":-1,"text":"8/4"}"#,
        "not json",
        "",
    ] {
        let error = Message::decode(text.as_bytes()).unwrap_err();
        assert!(matches!(error, WireError::Unknown { .. }), "{text}: {error}");
    }
}

#[test]
fn control_characters_and_long_texts_are_refused() {
    let bell = Message::Move {
        ply: 1,
        text: "8/4\u{7}".into(),
    };
    assert_eq!(
        Message::decode(&bell.encode()),
        Err(WireError::BadText { field: "text" })
    );
    let escape_sequence = Message::Bye {
        reason: "\u{1b}[2J".into(),
    };
    assert!(Message::decode(&escape_sequence.encode()).is_err());
    let long = Message::Move {
        ply: 1,
        text: "x".repeat(MAX_TEXT + 1),
    };
    assert!(Message::decode(&long.encode()).is_err());
    let short_digest = Message::Reveal {
        throw: 1,
        value: "ab".into(),
    };
    assert_eq!(
        Message::decode(&short_digest.encode()),
        Err(WireError::BadDigest { field: "value" })
    );
    let many = Message::Accept {
        players: vec![String::new(); MAX_SEATS + 1],
        commitment: hex(0),
        resume: String::new(),
    };
    assert!(matches!(
        Message::decode(&many.encode()),
        Err(WireError::TooManySeats { .. })
    ));
}

#[test]
fn escape_shows_what_a_terminal_would_act_on() {
    assert_eq!(escape("ok 13/7", 50), "ok 13/7");
    assert_eq!(escape("\u{1b}[2J\u{7}", 50), "\\u{1b}[2J\\u{7}");
    assert_eq!(escape("abcdef", 3), "abc...");
}

#[test]
fn a_game_line_names_a_game_or_says_why_not() {
    let game = read_game_line("mnogoboy players=4").unwrap();
    assert_eq!(game_line(&game), "mnogoboy players=4");
    let unknown = read_game_line("chess").unwrap_err();
    assert!(unknown.to_string().contains("'chess'"), "{unknown}");
    let option = read_game_line("nardy koks=maybe").unwrap_err();
    assert!(option.to_string().contains("koks"), "{option}");
}

#[test]
fn a_story_names_a_message_with_its_article() {
    assert_eq!(Message::Undo { ply: 3 }.a_kind(), "an undo request");
    assert_eq!(
        Message::Bye {
            reason: String::new()
        }
        .a_kind(),
        "a bye"
    );
    assert_eq!(crate::core::with_article("accept"), "an accept");
}
