//! A peer written here, over the loopback address, that cheats in one way each: the
//! honest side (bots only) must end the game as the cheater's forfeit, with the reason.

use std::io::Write as _;
use std::net::{TcpListener, TcpStream};
use std::thread;

use super::*;
use crate::app::protocol::client::TimeControl;
use crate::app::remote::channel::Role;
use crate::app::remote::code::JoinCode;
use crate::games::GameKind;

/// The honest host's seats are never played by a person.
struct NoKeyboard;

impl Keyboard for NoKeyboard {
    fn decide(&mut self, _session: &mut Session, _seat: Seat, _notes: &[String]) -> io::Result<Decision> {
        Err(io::Error::other("no person at this table"))
    }
}

/// What the cheater holds: its channel, the offer, its own ledger and chain, and a
/// copy of the raw stream to write bytes past the encryption.
struct Cheater {
    channel: Channel,
    raw: TcpStream,
    chain: Chain,
    ledger: Ledger,
}

impl Cheater {
    fn send(&mut self, message: Message) {
        // The honest side may already have hung up; the verdict is what counts.
        let _ = self.channel.send(&message.encode());
    }

    fn recv(&mut self) -> Message {
        Message::decode(&self.channel.recv(Duration::from_secs(20)).unwrap()).unwrap()
    }

    /// Plays `seat` honestly (its first legal move each time), with the host's moves and
    /// every throw kept in `session`, until `seat` is to act again after a move of its
    /// own: a game of Ur, whose moves both sides can see.
    fn play_until_moved(&mut self, session: &mut Session, seat: Seat) {
        loop {
            let ply = session.actions().count() as u32;
            match session.phase() {
                Phase::Roll(s) | Phase::Move(s) if s == seat && session.has_decision(|x| x == seat) => return,
                Phase::Roll(s) if s == seat => {
                    self.send(Message::Move {
                        ply,
                        text: "roll".into(),
                    });
                    self.roll(session);
                }
                Phase::Move(s) if s == seat => {
                    let text = session.legal_texts()[0].clone();
                    session.play_text(&text).unwrap();
                    self.send(Message::Move { ply, text });
                }
                Phase::Over => panic!("the game ended before {seat} moved"),
                _ => match self.recv() {
                    Message::Move { text, .. } if text == "roll" => self.roll(session),
                    Message::Move { text, .. } => {
                        session.play_text(&text).unwrap();
                    }
                    other => panic!("the host sent a {}", other.kind()),
                },
            }
        }
    }

    /// The seat to roll throws from every side's reveals, as the table does.
    fn roll(&mut self, session: &mut Session) {
        let mut pending: Vec<Vec<Digest>> = Vec::new();
        loop {
            let mut source = RevealedDice::new(self.ledger.clone(), pending.clone());
            let dice = session.game().roll(&mut source);
            if !source.ran_out() {
                self.ledger = source.ledger().clone();
                session.set_dice(dice.values()).unwrap();
                return;
            }
            let throw = self.ledger.throws() + pending.len() as u64 + 1;
            let value = self.chain.reveal(throw).unwrap().to_string();
            self.send(Message::Reveal { throw, value });
            match self.recv() {
                Message::Reveals { values, .. } => {
                    pending.push(values.iter().map(|v| Digest::from_hex(v).unwrap()).collect());
                }
                other => panic!("the host sent a {} for throw {throw}", other.kind()),
            }
        }
    }
}

/// Plays Ur with the honest host in the seats where `sides` says 0 (bot:greedy) and
/// `cheat` as the joiner; returns the host's ending and what it printed.
fn against(
    sides: Vec<u8>,
    limit: Duration,
    cheat: impl FnOnce(&mut Cheater) + Send + 'static,
) -> (Ending, String) {
    timed(sides, limit, None, cheat)
}

/// As [`against`], with a time control.
fn timed(
    sides: Vec<u8>,
    limit: Duration,
    clock: Option<TimeControl>,
    cheat: impl FnOnce(&mut Cheater) + Send + 'static,
) -> (Ending, String) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let code = JoinCode::random().unwrap();
    let joiner = thread::spawn(move || {
        let stream = TcpStream::connect(address).unwrap();
        let raw = stream.try_clone().unwrap();
        let mut channel = Channel::open(stream, &code, Role::Join, Duration::from_secs(20)).unwrap();
        let offer = read_offer(&mut channel, Duration::from_secs(20)).unwrap();
        // Every offer here names a clock of one second: the joiner reads it.
        assert_eq!(offer.clock.map(|c| c.base), Some(Duration::from_secs(1)));
        let chain = Chain::generate().unwrap();
        // Without a seat named, the joiner takes what the host left open.
        let mine: Vec<Option<PlayerSpec>> = offer
            .sides
            .iter()
            .map(|&s| (s == OPEN).then_some(PlayerSpec::Human))
            .collect();
        accept(&mut channel, &offer, &mine, &chain, None).unwrap();
        let (_, ledger, _) =
            await_start(&mut channel, &offer, &mine, &chain, Duration::from_secs(20)).unwrap();
        let mut cheater = Cheater {
            channel,
            raw,
            chain,
            ledger,
        };
        cheat(&mut cheater);
        // Stay until the honest side has given its verdict and hung up.
        let _ = cheater.channel.recv(Duration::from_secs(20));
    });
    let (stream, _) = listener.accept().unwrap();
    let mut channel = Channel::open(stream, &code, Role::Host, Duration::from_secs(20)).unwrap();
    let game = GameKind::from_id("ur").unwrap().default_game();
    let mine: Vec<PlayerSpec> = sides
        .iter()
        .map(|&side| {
            if side == 0 {
                PlayerSpec::Bot(crate::ai::roster::BotKind::Greedy)
            } else {
                PlayerSpec::Human
            }
        })
        .collect();
    let chain = Chain::generate().unwrap();
    let named: Vec<Option<PlayerSpec>> = sides
        .iter()
        .zip(&mine)
        .map(|(&s, p)| (s == 0).then(|| p.clone()))
        .collect();
    let mut seating = Seating::new(&game, &named, &chain);
    offer(&mut channel, &game, &mut seating, limit, "1+0").unwrap();
    assert_eq!(seating.sides, sides);
    let mut links = vec![channel];
    let (ledger, players) = start(&mut links, &game, &seating).unwrap();
    let setup = Setup {
        me: 0,
        limit,
        nets: Nets::shipped(),
        engines: EngineSettings::default(),
        clock,
    };
    let mut table = RemoteTable::new(&game, setup, sides, &mine, players, links, chain, ledger);
    let mut out = Vec::new();
    let ending = table.play(&mut NoKeyboard, &mut out).unwrap();
    joiner.join().unwrap();
    let record = table.record(Some(&ending));
    if let Ending::Forfeit(forfeit) = &ending {
        assert!(
            record.contains(&format!("\nforfeit {}", game.seat_name(forfeit.seat))),
            "{record}"
        );
    }
    (ending, String::from_utf8(out).unwrap())
}

fn forfeit_of(ending: &Ending) -> &Forfeit {
    match ending {
        Ending::Forfeit(forfeit) => forfeit,
        Ending::Over(summary) => panic!("the game ended without a forfeit: {summary}"),
    }
}

const LIMIT: Duration = Duration::from_secs(20);

/// The game ended as `seat`'s forfeit of `kind`, for a reason that says `words`.
fn assert_forfeit(ending: &Ending, seat: Seat, kind: ForfeitKind, words: &str) {
    let forfeit = forfeit_of(ending);
    assert_eq!((forfeit.seat, forfeit.kind), (seat, kind), "{}", forfeit.detail);
    assert!(forfeit.detail.contains(words), "{}", forfeit.detail);
}

#[test]
fn a_changed_reveal_is_caught() {
    // The host plays light, which rolls first: the cheater answers its reveal with one
    // that is not the next value of its chain.
    let (ending, out) = against(vec![0, 1], LIMIT, |cheater| {
        assert!(matches!(cheater.recv(), Message::Move { ply: 0, .. }));
        // The host waits for the joiner's reveal before it sends every side's.
        let forged = cheater.chain.reveal(2).unwrap();
        cheater.send(Message::Reveal {
            throw: 1,
            value: forged.to_string(),
        });
    });
    let forfeit = forfeit_of(&ending);
    assert_eq!((forfeit.seat, forfeit.kind), (1, ForfeitKind::Garbage), "{out}");
    assert!(
        forfeit
            .detail
            .contains("side 1's reveal for throw 1 does not match"),
        "{}",
        forfeit.detail
    );
}

#[test]
fn an_illegal_move_is_caught() {
    let (ending, out) = against(vec![1, 0], LIMIT, |cheater| {
        cheater.send(Message::Move {
            ply: 0,
            text: "a1-off".into(),
        });
    });
    let forfeit = forfeit_of(&ending);
    assert_eq!(
        (forfeit.seat, forfeit.kind),
        (0, ForfeitKind::IllegalMove),
        "{out}"
    );
    assert!(
        forfeit.detail.contains("'a1-off' is not a legal move here"),
        "{}",
        forfeit.detail
    );
}

#[test]
fn a_flood_is_caught_before_it_fills_memory() {
    let (ending, _) = against(vec![1, 0], LIMIT, |cheater| {
        // A frame that claims a gigabyte, then bytes without end (bounded here).
        let mut flood = (1u32 << 30).to_be_bytes().to_vec();
        flood.extend_from_slice(&[0x41; 64 * 1024]);
        let _ = cheater.raw.write_all(&flood);
    });
    let forfeit = forfeit_of(&ending);
    assert_eq!((forfeit.seat, forfeit.kind), (0, ForfeitKind::Garbage));
    assert!(
        forfeit.detail.starts_with("flooded the connection"),
        "{}",
        forfeit.detail
    );
}

#[test]
fn many_messages_out_of_turn_are_caught() {
    let (ending, _) = against(vec![1, 0], LIMIT, |cheater| {
        for _ in 0..1000 {
            cheater.send(Message::Move {
                ply: 0,
                text: "roll".into(),
            });
        }
    });
    let forfeit = forfeit_of(&ending);
    assert_eq!(forfeit.seat, 0);
    assert!(
        forfeit.detail.contains("when its reveal for throw 1 was due"),
        "{}",
        forfeit.detail
    );
}

#[test]
fn a_stall_past_the_limit_is_caught() {
    let (ending, _) = against(vec![1, 0], Duration::from_secs(1), |_| {
        // Says nothing until the host gives up.
        thread::sleep(Duration::from_secs(3));
    });
    let forfeit = forfeit_of(&ending);
    assert_eq!((forfeit.seat, forfeit.kind), (0, ForfeitKind::Timeout));
    assert!(
        forfeit.detail.contains("nothing arrived within 1 seconds"),
        "{}",
        forfeit.detail
    );
}

#[test]
fn control_characters_from_the_peer_never_reach_the_output() {
    let (ending, out) = against(vec![1, 0], LIMIT, |cheater| {
        // Not even a valid message: refused before it is shown.
        let _ = cheater
            .channel
            .send(br#"{"kind":"bye","reason":"\u001b[2Jgone"}"#);
    });
    assert_eq!(forfeit_of(&ending).kind, ForfeitKind::Garbage);
    assert!(!out.contains('\u{1b}'), "{out:?}");
}

#[test]
fn a_side_out_of_time_loses() {
    let clock = Some("1+0".parse().unwrap());
    let (ending, _) = timed(vec![1, 0], LIMIT, clock, |_| {
        // Thinks past its clock (and the network's grace).
        thread::sleep(Duration::from_secs(4));
    });
    let forfeit = forfeit_of(&ending);
    assert_eq!((forfeit.seat, forfeit.kind), (0, ForfeitKind::Time));
    assert_eq!(forfeit.detail, "ran out of time");
}

#[test]
fn a_resignation_from_the_other_side_ends_the_game() {
    let (ending, out) = against(vec![1, 0], LIMIT, |cheater| {
        cheater.send(Message::Resign { seat: 0 });
    });
    assert!(
        matches!(&ending, Ending::Over(summary) if summary.contains("dark wins")),
        "{ending:?}"
    );
    assert!(out.contains("light resigns"), "{out}");
}

/// Two ends of one encrypted connection on the loopback address: (host, joiner).
fn linked() -> (Channel, Channel) {
    crate::app::remote::rejoin::tests::linked(JoinCode::random().unwrap())
}

/// Mnogoboy for four, and the host's seating with a bot in the first seat, the other
/// three open.
fn mnogoboy_for_four() -> (AnyGame, Seating) {
    let kind = GameKind::from_id("mnogoboy").unwrap();
    let options = crate::core::Options::parse(kind.info().options, &["players=4"]).unwrap();
    let game = kind.new_game(&options).unwrap();
    let bot = Some(PlayerSpec::Bot(crate::ai::roster::BotKind::Greedy));
    let seating = Seating::new(&game, &[bot, None, None, None], &Chain::generate().unwrap());
    (game, seating)
}

#[test]
fn a_joiner_that_takes_a_seat_already_taken_is_not_seated() {
    let (game, mut seating) = mnogoboy_for_four();
    let (mut host, mut joiner) = linked();
    let answer = thread::spawn(move || {
        let offer = read_offer(&mut joiner, LIMIT).unwrap();
        assert_eq!(offer.open_seats(), vec![1, 2, 3]);
        // Seat 0 is the host's: a joiner that names it anyway is refused.
        joiner
            .send(
                &Message::Accept {
                    players: vec!["human".into(), "human".into(), String::new(), String::new()],
                    commitment: Chain::generate().unwrap().commitment().to_string(),
                    resume: String::new(),
                }
                .encode(),
            )
            .unwrap();
    });
    let error = offer(&mut host, &game, &mut seating, LIMIT, "").unwrap_err();
    answer.join().unwrap();
    assert!(error.to_string().contains("not open"), "{error}");
    assert_eq!(seating.sides, vec![0, OPEN, OPEN, OPEN]);
    assert_eq!(seating.next_side(), 1);
}

#[test]
fn two_joiners_are_seated_in_turn_and_a_start_that_moves_a_joiner_is_refused() {
    let (game, mut seating) = mnogoboy_for_four();
    let mut links = Vec::new();
    let mut joiners = Vec::new();
    for seats in [vec![2], vec![1, 3]] {
        let (mut host, mut joiner) = linked();
        let seated = thread::spawn(move || {
            let offer = read_offer(&mut joiner, LIMIT).unwrap();
            let mine: Vec<Option<PlayerSpec>> = (0..4)
                .map(|s| seats.contains(&s).then_some(PlayerSpec::Human))
                .collect();
            let chain = Chain::generate().unwrap();
            accept(&mut joiner, &offer, &mine, &chain, None).unwrap();
            (joiner, offer, mine, chain)
        });
        offer(&mut host, &game, &mut seating, LIMIT, "").unwrap();
        links.push(host);
        joiners.push(seated.join().unwrap());
    }
    assert_eq!(seating.sides, vec![0, 2, 1, 2]);
    // The second joiner saw the first one's seat taken.
    assert_eq!(joiners[1].1.sides, vec![0, OPEN, 1, OPEN]);
    assert_eq!(joiners[1].1.you, 2);
    // A start that gives the first joiner's seat to the second is refused by both.
    let mut forged = seating.clone();
    forged.sides = vec![0, 2, 2, 1];
    let (ledger, _) = start(&mut links, &game, &forged).unwrap();
    assert_eq!(ledger.sides(), 3);
    for (joiner, offer, mine, chain) in &mut joiners {
        let error = await_start(joiner, offer, mine, chain, LIMIT).unwrap_err();
        assert!(error.to_string().contains("does not match"), "{error}");
    }
    // The true one is taken by both, with every side's commitment in side order.
    start(&mut links, &game, &seating).unwrap();
    for (joiner, offer, mine, chain) in &mut joiners {
        let (sides, ledger, _) = await_start(joiner, offer, mine, chain, LIMIT).unwrap();
        assert_eq!(sides, seating.sides);
        assert_eq!(ledger.commitments(), seating.commitments.as_slice());
    }
}

#[test]
fn an_undo_request_with_nothing_to_take_back_is_a_forfeit() {
    // The joiner plays light, which acts first: it has no move to take back.
    let (ending, _) = against(vec![1, 0], LIMIT, |cheater| {
        cheater.send(Message::Undo { ply: 0 });
    });
    assert_forfeit(&ending, 0, ForfeitKind::Garbage, "no move to take back");
}

#[test]
fn an_undo_request_out_of_turn_is_a_forfeit() {
    // The host plays light and rolls first: the joiner's reveal is due, not a request.
    let (ending, _) = against(vec![0, 1], LIMIT, |cheater| {
        assert!(matches!(cheater.recv(), Message::Move { ply: 0, .. }));
        cheater.send(Message::Undo { ply: 0 });
    });
    let due = "sent an undo request when its reveal for throw 1 was due";
    assert_forfeit(&ending, 1, ForfeitKind::Garbage, due);
}

#[test]
fn an_undo_request_for_another_action_is_a_forfeit() {
    let (ending, _) = against(vec![1, 0], LIMIT, |cheater| {
        cheater.send(Message::Undo { ply: 7 });
    });
    assert_forfeit(&ending, 0, ForfeitKind::LostSync, "action 7");
}

#[test]
fn a_side_of_bots_declines_every_undo_and_a_flood_of_requests_is_a_forfeit() {
    let (ending, out) = against(vec![1, 0], LIMIT, |cheater| {
        let kind = GameKind::from_id("ur").unwrap();
        let mut session = Session::new(kind, kind.default_game().options(), 0).unwrap();
        cheater.play_until_moved(&mut session, 0);
        let ply = session.actions().count() as u32;
        for _ in 0..play::MAX_UNDO_REQUESTS {
            cheater.send(Message::Undo { ply });
            assert_eq!(cheater.recv(), Message::UndoAnswer { ply, yes: false });
        }
        cheater.send(Message::Undo { ply });
    });
    assert_forfeit(
        &ending,
        0,
        ForfeitKind::Garbage,
        "asked to undo more than 3 times",
    );
    assert_eq!(out.matches("the bots here decline").count(), 3, "{out}");
}
