use super::*;
use crate::app::record::{parse_records, write_game};
use crate::app::remote::dice::Chain;
use crate::app::session::Session;
use crate::core::{Options, Phase};
use crate::games::GameKind;

const SECRETS: [[u8; 32]; 2] = [[0x11; 32], [0x22; 32]];

/// A game between two sides played as the table plays it: each roll is first thrown on
/// a copy of the game with the reveals in hand, one more throw's reveals fetched while
/// they run out; the first legal move is played. The record, with its proof.
pub(crate) fn remote_record(game: &str, options: &[&str], actions: usize) -> String {
    let kind = GameKind::from_id(game).unwrap();
    let options = Options::parse(kind.info().options, options).unwrap();
    let mut session = Session::new(kind, &options, 1).unwrap();
    let chains: Vec<Chain> = SECRETS
        .iter()
        .map(|s| Chain::from_secret(*s, 3000).unwrap())
        .collect();
    let commitments: Vec<Digest> = chains.iter().map(Chain::commitment).collect();
    let mut ledger = Ledger::new(&game_line(session.game()), commitments.clone()).unwrap();
    let mut proof = Proof::new(commitments);
    for _ in 0..actions {
        match session.phase() {
            Phase::Over => break,
            Phase::Roll(_) => {
                let mut pending: Vec<Vec<Digest>> = Vec::new();
                let dice = loop {
                    let mut source = RevealedDice::new(ledger.clone(), pending.clone());
                    let dice = session.game().roll(&mut source);
                    if !source.ran_out() {
                        ledger = source.ledger().clone();
                        break dice;
                    }
                    let throw = ledger.throws() + pending.len() as u64 + 1;
                    pending.push(chains.iter().map(|c| c.reveal(throw).unwrap()).collect());
                };
                pending.into_iter().for_each(|reveals| proof.push(reveals));
                session.set_dice(dice.values()).unwrap();
            }
            Phase::Move(_) => {
                let first = session.legal_moves()[0].clone();
                session.play(&first).unwrap();
            }
        }
    }
    write_game(&session, &proof.lines(), &[])
}

fn verify_text(text: &str) -> Result<Verdict, VerifyError> {
    let games = parse_records(text)
        .or_else(|_| crate::app::record::RecordStream::new(text.as_bytes()).collect::<Result<Vec<_>, _>>())
        .unwrap();
    verify(&games[0])
}

#[test]
fn the_untouched_record_of_every_game_checks() {
    for (game, options) in [
        ("nardy", &[][..]),
        ("ur", &[][..]),
        ("ur", &["rules=blitz"][..]),
        ("aeroplane", &["players=4"][..]),
        ("microbes", &[][..]),
        ("mnogoboy", &["players=4"][..]),
    ] {
        let text = remote_record(game, options, 300);
        match verify_text(&text) {
            Ok(Verdict::Checks { rolls, throws, sides }) => {
                assert!(rolls >= 20, "{game}: {rolls} rolls");
                assert!(throws >= rolls as u64, "{game}");
                assert_eq!(sides, 2);
            }
            other => panic!("{game} {options:?}: {other:?}\n{text}"),
        }
    }
}

/// The record with line `which` (the first that `pick` takes) changed by `change`.
fn changed(text: &str, pick: impl Fn(&str) -> bool, change: impl Fn(&str) -> String) -> (String, usize) {
    let mut at = 0;
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(number, line)| {
            if at == 0 && pick(line) {
                at = number + 1;
                change(line)
            } else {
                line.to_string()
            }
        })
        .collect();
    assert!(at > 0, "no line to change");
    (lines.join("\n") + "\n", at)
}

#[test]
fn a_changed_roll_is_refused_and_named() {
    let text = remote_record("nardy", &[], 200);
    let dice_lines: Vec<&str> = text.lines().filter(|l| l.starts_with("dice ")).collect();
    let target = dice_lines[6];
    let (forged, line) = changed(
        &text,
        |l| l == target,
        |l| {
            let values: Vec<u8> = l[5..].split(' ').map(|v| v.parse().unwrap()).collect();
            let other: Vec<String> = values.iter().map(|v| (v % 6 + 1).to_string()).collect();
            format!("dice {}", other.join(" "))
        },
    );
    match verify_text(&forged) {
        Err(VerifyError::Roll {
            roll,
            line: at,
            fault: RollFault::Differs { .. },
            ..
        }) => {
            assert_eq!(roll, 7);
            assert_eq!(at, line);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_changed_reveal_is_refused_naming_the_roll_and_the_side() {
    let text = remote_record("nardy", &[], 200);
    let (forged, _) = changed(
        &text,
        |l| l.starts_with("remote reveal 9 "),
        |l| {
            let mut words: Vec<String> = l.split(' ').map(String::from).collect();
            let last = words.last_mut().unwrap();
            let flipped = if last.starts_with('0') { "1" } else { "0" };
            last.replace_range(..1, flipped);
            words.join(" ")
        },
    );
    let error = verify_text(&forged).unwrap_err();
    match &error {
        VerifyError::Roll {
            fault: RollFault::Dice(dice),
            ..
        } => match **dice {
            DiceError::Mismatch { side, throw, .. } => assert_eq!((side, throw), (1, 9)),
            ref other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    assert!(
        error.to_string().contains("side 1's reveal for throw 9"),
        "{error}"
    );
}

#[test]
fn a_record_of_a_game_at_one_keyboard_has_nothing_to_verify() {
    let kind = GameKind::from_id("microbes").unwrap();
    let mut session = Session::new(kind, &Options::default(), 3).unwrap();
    session.roll().unwrap();
    let text = write_game(&session, &[], &[]);
    assert_eq!(verify_text(&text), Ok(Verdict::NotRemote));
}

#[test]
fn proof_lines_read_back_and_bad_ones_are_named() {
    let a = Digest::of(&[b"a"]);
    let b = Digest::of(&[b"b"]);
    let mut proof = Proof::new(vec![a, b]);
    proof.push(vec![b, a]);
    let mut lines = proof.lines();
    lines.push("seats white=human".into());
    assert_eq!(lines[0], "remote dice tabula-dice-v1 sides=2");
    assert_eq!(lines[1], format!("remote commit 0 {a}"));
    assert_eq!(lines[3], format!("remote reveal 1 {b} {a}"));
    assert_eq!(Proof::read(&lines), Ok(Some(proof)));
    assert_eq!(Proof::read(&lines[4..]), Ok(None));

    let with = |index: usize, line: &str| {
        let mut lines = lines.clone();
        lines[index] = line.to_string();
        Proof::read(&lines).unwrap_err().to_string()
    };
    assert_eq!(
        with(0, "remote dice tabula-dice-v9 sides=2"),
        "the dice are 'tabula-dice-v9', and this version of tabula checks 'tabula-dice-v1' only"
    );
    assert!(with(1, &format!("remote commit 1 {a}")).contains("the next commitment is side 0's"));
    assert!(with(3, &format!("remote reveal 2 {b} {a}")).contains("the next reveals are throw 1's"));
    assert!(with(3, "remote reveal 1 xyz").contains("64 hex digits"));
    assert!(with(0, "remote dice tabula-dice-v1 sides=0").contains("sides=N"));
    assert!(with(2, "remote what").contains("cannot read 'remote what'"));
    assert!(
        Proof::read(&lines[1..])
            .unwrap_err()
            .to_string()
            .ends_with("after the 'remote dice' line'")
    );
    assert_eq!(
        Proof::read(&lines[..2]).unwrap_err(),
        ProofError::Commitments { sides: 2, got: 1 }
    );
}

#[test]
fn the_game_line_is_the_one_the_record_writes() {
    let kind = GameKind::from_id("ur").unwrap();
    let options = Options::parse(kind.info().options, &["rules=blitz"]).unwrap();
    let session = Session::new(kind, &options, 1).unwrap();
    let text = write_game(&session, &[], &[]);
    assert_eq!(text.lines().next(), Some(game_line(session.game()).as_str()));
    assert_eq!(game_line(session.game()), "game ur rules=blitz");
}
