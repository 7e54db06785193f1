use super::help::{help_for, info_reply, rules_text};
use super::table::examples;
use super::*;
use crate::ai::roster::BotKind;
use crate::app::session::CommandError;
use crate::app::session::Session;
use crate::core::{Game, NewGame, Options};

/// The protocol's defaults: no seats, the session's own bot.
struct Protocol;

impl Front for Protocol {}
use crate::core::Notation;
use crate::games::nardy::Nardy;

fn parsed(line: &str) -> Result<Command, CommandError> {
    parse(line, &Nardy::default_game())
}

/// Why `line` is refused, as the player reads it.
fn refusal(line: &str) -> String {
    parsed(line).unwrap_err().to_string()
}

#[test]
fn commands_and_bare_moves() {
    assert_eq!(parsed("roll"), Ok(Command::Roll));
    assert_eq!(parsed("  DICE 6 3 "), Ok(Command::Dice(vec![6, 3])));
    assert_eq!(parsed("dice 6-3"), Ok(Command::Dice(vec![6, 3])));
    assert_eq!(parsed("24/18 18/15"), Ok(Command::Play("24/18 18/15".into())));
    assert_eq!(parsed("pass"), Ok(Command::Play("pass".into())));
    assert_eq!(parsed("showboard"), Ok(Command::Board));
    assert_eq!(
        parsed("new nardy koks=on"),
        Ok(Command::New {
            game: Some(GameKind::Nardy),
            options: vec!["koks=on".into()]
        })
    );
    assert_eq!(
        parsed("newgame match=3"),
        Ok(Command::New {
            game: None,
            options: vec!["match=3".into()]
        })
    );
    assert_eq!(parsed("set bot random"), Ok(Command::SetBot(BotKind::Random)));
    assert_eq!(
        parsed("seat black engine:python3 bot.py"),
        Ok(Command::Seat {
            seat: "black".into(),
            player: "engine:python3 bot.py".parse().unwrap()
        })
    );
    assert_eq!(parsed("resign"), Ok(Command::Resign));
    assert!(refusal("seat black").contains("seat 2 human"));
}

#[test]
fn table_commands_are_not_offered_to_engine_controllers() {
    let listed = info_reply(&Command::ListCommands).unwrap();
    assert!(listed.lines().any(|l| l == "undo"));
    assert!(!listed.lines().any(|l| l == "seat" || l == "resign"));
    assert_eq!(
        info_reply(&Command::IsKnown("resign".into())),
        Some("false".to_string())
    );
}

#[test]
fn a_move_word_of_the_game_is_a_move_with_a_mistake_not_an_unknown_command() {
    use crate::games::mnogoboy::Mnogoboy;
    // Before the roll-off no move is legal, yet 'take', 'swap' and 'move' are
    // Mnogoboy's moves: the reply is their syntax, not "unknown command".
    let game = Mnogoboy::default_game();
    for line in ["move foo", "take foo", "swap", "move 99"] {
        let error = parse(line, &game).unwrap_err().to_string();
        assert!(error.starts_with("syntax error:"), "{line}: {error}");
    }
    assert!(
        parse("xyzzy", &game)
            .unwrap_err()
            .to_string()
            .starts_with("unknown command: xyzzy")
    );
}

#[test]
fn unknown_words_suggest_the_nearest_command() {
    for (typed, said) in [
        ("rol", "unknown command: rol (did you mean 'roll'?)"),
        ("lgeal", "unknown command: lgeal (did you mean 'legal'?)"),
        ("dance", "unknown command: dance (did you mean 'dice'?)"),
        ("saev x", "unknown command: saev (did you mean 'save'?)"),
        // Four letters are two edits from many words: no guess for 'swap'.
        (
            "swap",
            "unknown command: swap (type 'help' for the list of commands)",
        ),
        (
            "xyzzy",
            "unknown command: xyzzy (type 'help' for the list of commands)",
        ),
    ] {
        assert_eq!(refusal(typed), said);
    }
    assert!(refusal("24/30").starts_with("syntax error:"));
}

#[test]
fn bad_arguments_say_what_to_type() {
    assert!(refusal("dice six").contains("e.g. 'dice 6 3'"));
    assert!(refusal("roll now").contains("takes no arguments; to enter your own dice, type 'dice 6 3'"));
    assert!(refusal("roll 5 2").contains("takes no arguments; to enter your own dice, type 'dice 5 2'"));
    assert!(refusal("save").contains("needs a file name"));
    assert!(parsed("seed x").is_err());
    assert!(parsed("set colour red").is_err());
}

#[test]
fn help_covers_every_listed_command() {
    let text = help_for(None, GameKind::ALL[0]);
    for spec in COMMANDS.iter().filter(|s| s.audience != Audience::Protocol) {
        assert!(text.contains(spec.name), "{}", spec.name);
        assert_eq!(
            parsed(&format!("help {}", spec.name)),
            Ok(Command::Help(Some(spec)))
        );
    }
    assert!(parsed("help fly").is_err());
}

#[test]
fn file_names_take_quotes_and_the_home_folder() {
    assert_eq!(parsed("save game.txt"), Ok(Command::Save("game.txt".into())));
    assert_eq!(
        parsed("save \"my game.txt\""),
        Ok(Command::Save("my game.txt".into()))
    );
    use crate::app::record::LoadRequest;
    assert_eq!(parsed("load 'a b'"), Ok(Command::Load(LoadRequest::file("a b"))));
    let home = dirs::home_dir().unwrap();
    assert_eq!(
        parsed("load ~/games/a.txt"),
        Ok(Command::Load(LoadRequest::file(
            &home.join("games/a.txt").to_string_lossy()
        )))
    );
    assert_eq!(
        parsed("load --force games.txt 7"),
        Ok(Command::Load(LoadRequest {
            path: "games.txt".into(),
            game: Some(7),
            force: true,
        }))
    );
    assert!(refusal("load games.txt seven").contains("not a game number"));
    assert!(refusal("load a b c").contains("load FILE GAME"));
    assert!(refusal("save my game.txt").contains("quote"));
    assert!(refusal("save \"open").contains("quote"));
}

#[test]
fn help_speaks_the_notation_of_the_game() {
    let ur = help_for(find_command("play"), GameKind::Ur);
    assert!(ur.contains("'play in-c1'"), "{ur}");
    assert!(!ur.contains("24/18"), "{ur}");
    let aeroplane = help_for(None, GameKind::Aeroplane);
    assert!(aeroplane.contains("'play r2'"), "{aeroplane}");
    assert!(aeroplane.contains("'dice 5'"), "{aeroplane}");
    let mnogoboy = help_for(find_command("play"), GameKind::Mnogoboy);
    assert!(mnogoboy.contains("'play swap green'"), "{mnogoboy}");
    assert!(help_for(find_command("dice"), GameKind::Ur).contains("'dice 2'"));
    assert!(!help_for(None, GameKind::Nardy).contains('{'));
}

#[test]
fn every_example_is_written_in_its_game() {
    for &kind in GameKind::ALL {
        // The examples are for the game proper, past the roll-off.
        let options = crate::core::Options::defaults(kind.info().options);
        let mut session = crate::app::session::Session::new(kind, &options, 1).unwrap();
        while session.status().ends_with("rolloff") {
            session.roll().unwrap();
        }
        let game = session.game();
        let examples = examples(kind);
        for text in examples.moves {
            assert!(game.parse_move(text).is_ok(), "{}: {text}", kind.info().id);
        }
        let dice: Vec<u8> = examples.dice.split(' ').map(|d| d.parse().unwrap()).collect();
        assert!(
            game.parse_dice(&dice).is_ok(),
            "{}: {}",
            kind.info().id,
            examples.dice
        );
        let words: Vec<String> = examples.new.split(' ').map(String::from).collect();
        assert_eq!(words[1], kind.info().id);
        let mut fresh = crate::app::session::Session::new(
            GameKind::Nardy,
            &Options::defaults(GameKind::Nardy.info().options),
            1,
        )
        .unwrap();
        let new = parse(examples.new, fresh.game()).unwrap();
        assert!(matches!(
            execute(&mut fresh, new, &mut Protocol),
            Ok(Done::NewGame)
        ));
        assert_eq!(fresh.game().kind(), kind);
        assert!(!fresh.game().options().non_default(kind.info().options).is_empty());
    }
}

#[test]
fn help_lines_fit_80_columns() {
    for &kind in GameKind::ALL {
        let mut texts = vec![help_for(None, kind)];
        texts.extend(COMMANDS.iter().map(|c| help_for(Some(c), kind)));
        for line in texts.iter().flat_map(|t| t.lines()) {
            assert!(
                line.chars().count() <= 80,
                "{} columns: {line}",
                line.chars().count()
            );
        }
    }
}

#[test]
fn view_and_rules() {
    assert_eq!(parsed("view compact"), Ok(Command::View(ViewChoice::Compact)));
    assert_eq!(parsed("VIEW board"), Ok(Command::View(ViewChoice::Board)));
    assert!(parsed("view").is_err());
    assert_eq!(parsed("rules"), Ok(Command::Rules(None)));
    assert!(rules_text(GameKind::Ur).contains("Ur"));
    assert_eq!(
        parsed("rules mnogoboy"),
        Ok(Command::Rules(Some(GameKind::Mnogoboy)))
    );
    assert!(rules_text(GameKind::Mnogoboy).starts_with("MNOGOBOY"));
    assert_eq!(refusal("rules chess"), refusal("new chess"));
    assert!(refusal("rules chess").starts_with("bad argument:"));
}

/// A front end that lets nothing change the game.
struct Refusing;

impl Front for Refusing {
    fn permit(&self, _session: &Session, command: &Command) -> Result<(), CommandError> {
        match command {
            Command::Status => Ok(()),
            _ => Err(CommandError::Refused("not now".into())),
        }
    }
}

#[test]
fn the_executor_asks_the_front_end_first_and_then_changes_the_session_once() {
    let kind = GameKind::Nardy;
    let mut session = Session::new(kind, &Options::defaults(kind.info().options), 3).unwrap();
    let run = |session: &mut Session, line: &str, front: &mut dyn Front| {
        let command = parse(line, session.game()).unwrap();
        execute(session, command, front)
    };
    assert_eq!(
        run(&mut session, "roll", &mut Refusing).unwrap_err(),
        CommandError::Refused("not now".into())
    );
    assert_eq!(session.actions().count(), 0);
    assert!(matches!(
        run(&mut session, "status", &mut Refusing),
        Ok(Done::Status(_))
    ));
    assert!(matches!(
        run(&mut session, "play roll", &mut Protocol),
        Ok(Done::Rolled(_))
    ));
    assert!(matches!(
        run(&mut session, "roll", &mut Protocol),
        Ok(Done::Rolled(_))
    ));
    // The protocol's undo takes back one action, a roll included.
    assert!(matches!(run(&mut session, "undo", &mut Protocol), Ok(Done::Undone(taken)) if taken.len() == 1));
    assert_eq!(session.actions().count(), 1);
    // Seats and the board's view are the table's: the protocol refuses them.
    assert!(run(&mut session, "resign", &mut Protocol).is_err());
    assert!(run(&mut session, "view board", &mut Protocol).is_err());
    assert_eq!(session.actions().count(), 1);
}

/// A game loaded with `load` plays on the networks the session was given (`--net`), not
/// on the shipped ones.
#[test]
fn a_loaded_game_keeps_the_networks_the_session_was_given() {
    use crate::ai::learn::{NetInfo, Nets, Network, weights};
    use crate::games::nardy::encode::{ENCODING_VERSION, INPUTS};
    let folder = std::env::temp_dir().join(format!("tabula-load-nets-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let net_file = folder.join("own.net");
    let own = Network::random(INPUTS, 4, 3);
    let info = NetInfo {
        game: "nardy".into(),
        encoding: ENCODING_VERSION,
        ..NetInfo::default()
    };
    weights::save(&net_file, &own, &info).unwrap();
    let nets = Nets::with_file(Some(&net_file)).unwrap();
    let mut session = Session::with_nets(GameKind::Nardy, &Options::default(), 5, nets).unwrap();
    let saved = folder.join("game.txt");
    let saved_text = saved.to_str().unwrap().to_string();
    for line in [
        "roll",
        &format!("save {saved_text}"),
        &format!("load {saved_text}"),
    ] {
        let command = parse(line, session.game()).unwrap();
        execute(&mut session, command, &mut Protocol).unwrap();
    }
    let nardy = <crate::games::nardy::Nardy as crate::core::NewGame>::default_game();
    assert_eq!(*session.nets().for_game(&nardy).unwrap(), own);
    assert_ne!(*Nets::shipped().for_game(&nardy).unwrap(), own);
    std::fs::remove_dir_all(&folder).unwrap();
}
