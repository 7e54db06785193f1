use std::io::Write;
use std::net::{TcpListener, TcpStream};
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
