use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use super::*;

const LIMIT: Duration = Duration::from_secs(10);

/// A listener on the loopback address and a connection to it.
fn pair() -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let client = TcpStream::connect(address).unwrap();
    let (server, _) = listener.accept().unwrap();
    (server, client)
}

/// Opens both ends, the joiner typing `typed`.
fn open_both(
    code: JoinCode,
    typed: JoinCode,
) -> (Result<Channel, HandshakeError>, Result<Channel, HandshakeError>) {
    let (server, client) = pair();
    let host = thread::spawn(move || Channel::open(server, &code, Role::Host, LIMIT));
    let join = Channel::open(client, &typed, Role::Join, LIMIT);
    (host.join().unwrap(), join)
}

#[test]
fn the_same_code_opens_a_channel_both_ways() {
    let code = JoinCode::random().unwrap();
    let (host, join) = open_both(code, code);
    let (mut host, mut join) = (host.unwrap(), join.unwrap());
    host.send(b"to the joiner").unwrap();
    join.send(b"to the host").unwrap();
    assert_eq!(join.recv(LIMIT).unwrap(), b"to the joiner");
    assert_eq!(host.recv(LIMIT).unwrap(), b"to the host");
    for i in 0..20u8 {
        host.send(&[i; 100]).unwrap();
        assert_eq!(join.recv(LIMIT).unwrap(), vec![i; 100]);
    }
}

#[test]
fn another_code_is_told_apart_from_garbage() {
    let code = JoinCode::random().unwrap();
    let wrong: JoinCode = if code.to_string().ends_with("adroitness") {
        "1-aardvark-adviser".parse().unwrap()
    } else {
        "1-aardvark-adroitness".parse().unwrap()
    };
    let (host, join) = open_both(code, wrong);
    assert!(matches!(host, Err(HandshakeError::WrongCode)), "{:?}", host.err());
    assert!(matches!(join, Err(HandshakeError::WrongCode)), "{:?}", join.err());
}

#[test]
fn a_peer_that_speaks_nonsense_is_not_tabula() {
    let (server, mut client) = pair();
    client.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let code = JoinCode::random().unwrap();
    let host = Channel::open(server, &code, Role::Host, LIMIT);
    assert!(
        matches!(host, Err(HandshakeError::NotTabula { .. })),
        "{:?}",
        host.err()
    );
}

#[test]
fn a_peer_that_says_nothing_stalls() {
    let (server, _client) = pair();
    let code = JoinCode::random().unwrap();
    let host = Channel::open(server, &code, Role::Host, Duration::from_millis(300));
    assert!(
        matches!(host, Err(HandshakeError::Channel(ChannelError::Stalled { .. }))),
        "{:?}",
        host.err()
    );
}

/// A raw peer that completes the exchange honestly, then writes `after` unencrypted.
fn raw_peer_then(after: Vec<u8>) -> Result<Vec<u8>, ChannelError> {
    let code = JoinCode::random().unwrap();
    let (server, client) = pair();
    let mut raw = client.try_clone().unwrap();
    let join = thread::spawn(move || {
        let channel = Channel::open(client, &code, Role::Join, LIMIT).unwrap();
        raw.write_all(&after).unwrap();
        thread::sleep(Duration::from_millis(200));
        drop(channel);
    });
    let mut host = Channel::open(server, &code, Role::Host, LIMIT).unwrap();
    let got = host.recv(LIMIT);
    join.join().unwrap();
    got
}

#[test]
fn an_oversized_frame_is_refused_before_it_is_read() {
    let got = raw_peer_then(u32::MAX.to_be_bytes().to_vec());
    assert!(
        matches!(got, Err(ChannelError::TooLong { len }) if len == u32::MAX as usize),
        "{got:?}"
    );
}

#[test]
fn a_changed_or_injected_frame_fails_authentication() {
    let mut frame = 40u32.to_be_bytes().to_vec();
    frame.extend_from_slice(&[7u8; 40]);
    let got = raw_peer_then(frame);
    assert!(matches!(got, Err(ChannelError::Forged)), "{got:?}");
}

#[test]
fn a_closed_connection_is_told() {
    let got = raw_peer_then(Vec::new());
    assert!(matches!(got, Err(ChannelError::Closed)), "{got:?}");
}

/// Keepalives many to a silence (a busy machine may hold some back), and a silence far
/// below the tests' limits.
const QUICK: Timing = Timing {
    keepalive: Duration::from_millis(50),
    silence: Duration::from_secs(2),
};

/// Opens a channel on each of `server` (the host) and `client` (the joiner).
fn open_timed(server: TcpStream, client: TcpStream, timing: Timing) -> (Channel, Channel) {
    let code = JoinCode::random().unwrap();
    let host = thread::spawn(move || Channel::open_timed(server, &code, Role::Host, LIMIT, timing));
    let join = Channel::open_timed(client, &code, Role::Join, LIMIT, timing).unwrap();
    (host.join().unwrap().unwrap(), join)
}

#[test]
fn keepalives_keep_an_idle_channel_alive_and_are_never_returned() {
    let (server, client) = pair();
    let (mut host, mut join) = open_timed(server, client, QUICK);
    // The joiner sends nothing for three silences, its own thread blocked meanwhile:
    // its keepalives tell the host it lives, so the host's wait ends as a stall.
    let limit = QUICK.silence * 3;
    let got = host.recv(limit);
    assert!(
        matches!(got, Err(ChannelError::Stalled { limit: l }) if l == limit),
        "{got:?}"
    );
    let keepalives = host.recv.counter - 1;
    assert!(keepalives >= 3, "only {keepalives} keepalives came");
    join.send(b"a move").unwrap();
    assert_eq!(host.recv(LIMIT).unwrap(), b"a move");
    host.send(b"and back").unwrap();
    assert_eq!(join.recv(LIMIT).unwrap(), b"and back");
    // Nothing else is returned: the keepalives after the move are read past.
    let got = host.recv(QUICK.silence / 2);
    assert!(matches!(got, Err(ChannelError::Stalled { .. })), "{got:?}");
}

/// A forwarder between two loopback connections that passes bytes both ways until
/// `frozen` is set; then it passes nothing more, but keeps both connections open (as a
/// network that silently lost them), until each end closes. Returns the host's end and
/// the joiner's.
fn freezable_pair(frozen: &Arc<std::sync::atomic::AtomicBool>) -> (TcpStream, TcpStream) {
    use std::sync::atomic::Ordering;
    let (host_end, near) = pair();
    let (far, join_end) = pair();
    let pipe = |mut from: TcpStream, mut to: TcpStream, frozen: Arc<std::sync::atomic::AtomicBool>| {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = from.read(&mut buffer) {
            // Frozen, the bytes read are thrown away: the far end hears nothing.
            if n == 0 || (!frozen.load(Ordering::SeqCst) && to.write_all(&buffer[..n]).is_err()) {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    };
    let (near_back, far_back) = (near.try_clone().unwrap(), far.try_clone().unwrap());
    let (one, other) = (Arc::clone(frozen), Arc::clone(frozen));
    thread::spawn(move || pipe(near, far_back, one));
    thread::spawn(move || pipe(far, near_back, other));
    (host_end, join_end)
}

#[test]
fn a_connection_that_falls_silent_is_presumed_dead_after_the_silence_not_stalled() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let frozen = Arc::new(AtomicBool::new(false));
    let (server, client) = freezable_pair(&frozen);
    let (mut host, mut join) = open_timed(server, client, QUICK);
    host.send(b"before").unwrap();
    assert_eq!(join.recv(LIMIT).unwrap(), b"before");
    frozen.store(true, Ordering::SeqCst);
    // A limit shorter than the silence still ends as a stall: the silence was not long
    // enough to tell.
    let got = join.recv(QUICK.silence / 4);
    assert!(matches!(got, Err(ChannelError::Stalled { .. })), "{got:?}");
    for side in [&mut host, &mut join] {
        let started = Instant::now();
        let got = side.recv(LIMIT);
        // A lower bound only, which no slow machine can break.
        assert!(started.elapsed() >= QUICK.silence, "{got:?}");
        let Err(ChannelError::Io(error)) = got else {
            panic!("not presumed dead: {got:?}")
        };
        assert!(
            error
                .to_string()
                .contains("nothing heard for 2 s: the connection is presumed dead"),
            "{error}"
        );
    }
}

#[test]
fn closing_or_dropping_a_channel_ends_its_keepalives_and_the_connection() {
    let (server, client) = pair();
    let (mut host, mut join) = open_timed(server, client, QUICK);
    host.close();
    let keeper = host.keeper.as_ref().unwrap();
    for _ in 0..2000 {
        if keeper.is_finished() {
            break;
        }
        thread::sleep(Duration::from_millis(10));
    }
    assert!(
        keeper.is_finished(),
        "the keepalive thread still runs after close"
    );
    assert!(matches!(host.send(b"after"), Err(ChannelError::Closed)));
    let got = join.recv(LIMIT);
    assert!(matches!(got, Err(ChannelError::Closed)), "{got:?}");
    // Dropping waits for its keepalive thread: a dropped channel leaves none behind.
    drop(join);
    drop(host);
}

#[test]
fn an_empty_message_is_refused_for_it_would_read_as_a_keepalive() {
    let (server, client) = pair();
    let (_host, mut join) = open_timed(server, client, QUICK);
    let got = join.send(b"");
    assert!(
        matches!(&got, Err(ChannelError::Io(e)) if e.kind() == io::ErrorKind::InvalidInput),
        "{got:?}"
    );
}

#[test]
fn a_tabula_of_another_version_is_told_apart() {
    let (server, mut client) = pair();
    let mut older = b"tabula-remote-v1\n".to_vec();
    older.extend_from_slice(&(EXCHANGE_LEN as u32).to_be_bytes());
    older.extend_from_slice(&[1u8; EXCHANGE_LEN]);
    client.write_all(&older).unwrap();
    let code = JoinCode::random().unwrap();
    let host = Channel::open(server, &code, Role::Host, LIMIT);
    let Err(error) = host else {
        panic!("a channel opened with an older tabula")
    };
    assert!(matches!(error, HandshakeError::OtherVersion), "{error:?}");
    assert_eq!(
        error.to_string(),
        "the other side runs a different version of tabula: both need the same"
    );
}

#[test]
fn keepalives_keep_a_quiet_game_through_a_relay_whose_idle_bound_is_shorter() {
    use crate::app::remote::relay::{End, Limits, Relay, connect_via_relay};
    let limits = Limits {
        idle: Duration::from_millis(500),
        ..Limits::default()
    };
    let relay = Relay::bind(&["127.0.0.1:0".parse().unwrap()], limits).unwrap();
    let at = relay.local_addrs()[0].to_string();
    let stopper = relay.stopper();
    let serving = thread::spawn(move || relay.serve());
    let through = |nameplate: u32| {
        let to = at.clone();
        let host = thread::spawn(move || connect_via_relay(&to, nameplate, End::Host, LIMIT).unwrap());
        let join = connect_via_relay(&at, nameplate, End::Join, LIMIT).unwrap();
        (host.join().unwrap(), join)
    };
    // Quiet for many idle bounds, but keepalives pass: the relay keeps the pair.
    let (server, client) = through(1);
    let (mut host, mut join) = open_timed(server, client, QUICK);
    let got = host.recv(limits.idle * 5);
    assert!(matches!(got, Err(ChannelError::Stalled { .. })), "{got:?}");
    join.send(b"a slow move").unwrap();
    assert_eq!(host.recv(LIMIT).unwrap(), b"a slow move");
    // A pair whose keepalives are far apart is as silent as one without: dropped.
    let (server, client) = through(2);
    let (mut host, _join) = open_timed(server, client, Timing::STANDARD);
    let got = host.recv(LIMIT);
    assert!(matches!(got, Err(ChannelError::Closed)), "{got:?}");
    stopper.stop();
    serving.join().unwrap();
}

#[test]
fn the_whole_program_tests_name_the_same_silence_variable() {
    let remote = include_str!("../../../../tests/all/remote.rs");
    let line = format!("const SILENCE_VAR: &str = \"{SILENCE_VAR}\";");
    assert!(remote.contains(&line), "tests/all/remote.rs lacks {line}");
}

#[test]
fn the_silence_may_be_shortened_to_a_second_never_lengthened() {
    let timing = |text| Timing::with_silence_from(text);
    assert_eq!(timing(None), Timing::STANDARD);
    assert_eq!(timing(Some("soon")), Timing::STANDARD);
    let two = timing(Some("2"));
    assert_eq!(two.silence, Duration::from_secs(2));
    assert_eq!(two.keepalive, Duration::from_millis(500));
    assert_eq!(timing(Some("0")).silence, Duration::from_secs(1));
    assert_eq!(timing(Some("3600")), Timing::STANDARD);
}
