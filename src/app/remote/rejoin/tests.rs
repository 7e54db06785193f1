use std::net::TcpListener;
use std::thread;

use super::*;

const LIMIT: Duration = Duration::from_secs(30);

/// Two ends (host, joiner) of an open channel keyed by `code`, on the loopback address.
pub(in crate::app::remote) fn linked(code: JoinCode) -> (Channel, Channel) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let joiner = thread::spawn(move || {
        let stream = TcpStream::connect(address).unwrap();
        Channel::open(stream, &code, Role::Join, LIMIT).unwrap()
    });
    let (stream, _) = listener.accept().unwrap();
    let host = Channel::open(stream, &code, Role::Host, LIMIT).unwrap();
    (host, joiner.join().unwrap())
}

#[test]
fn a_link_on_a_new_channel_sends_again_what_the_other_end_did_not_read() {
    let code = JoinCode::random().unwrap();
    let (host, joiner) = linked(code);
    let (mut host, mut joiner) = (Link::new(host), Link::new(joiner));
    for word in [b"one", b"two", b"six"] {
        host.send(word).unwrap();
    }
    assert_eq!(joiner.recv(LIMIT).unwrap(), b"one");
    // The connection drops with "two" and "six" on the way: they are lost with it.
    host.close();
    let (fresh_host, fresh_joiner) = linked(code);
    host.resume(fresh_host, joiner.received()).unwrap();
    joiner.resume(fresh_joiner, host.received()).unwrap();
    assert_eq!(joiner.recv(LIMIT).unwrap(), b"two");
    assert_eq!(joiner.recv(LIMIT).unwrap(), b"six");
    assert_eq!(joiner.received(), 3);
    // An end that claims to have read more than was sent is refused.
    let (again, _other) = linked(code);
    assert!(matches!(host.resume(again, 4), Err(ChannelError::Forged)));
}

#[test]
fn only_the_token_itself_fits_its_hash() {
    let token = ResumeToken::generate().unwrap();
    let other = ResumeToken::generate().unwrap();
    assert!(token_fits(&hex(&token.bytes()), &token.hash()));
    assert!(!token_fits(&hex(&other.bytes()), &token.hash()));
    assert!(!token_fits(&token.hash().to_string(), &token.hash()));
    assert!(!token_fits("not hex", &token.hash()));
}

#[test]
fn the_pause_between_tries_grows_and_stays_short() {
    assert!(backoff(0) < backoff(1));
    assert_eq!(backoff(40), MOST_BACKOFF);
    assert_eq!(minutes(Duration::from_secs(300)), "5:00");
    assert_eq!(minutes(Duration::from_secs(61)), "1:01");
}

#[test]
fn only_a_seated_joiner_with_its_own_token_may_come_back() {
    let (first, second) = (ResumeToken::generate().unwrap(), ResumeToken::generate().unwrap());
    // The host (side 0) has no token; joiner 2 sent none, so it cannot come back.
    let hashes = [None, Some(first.hash()), None, Some(second.hash())];
    let shown = |token: &ResumeToken| hex(&token.bytes());
    assert!(may_return(&hashes, 3, 1, &shown(&first)));
    assert!(may_return(&hashes, 3, 3, &shown(&second)));
    // Someone who knows the code but holds another joiner's token, or none, is refused.
    assert!(!may_return(&hashes, 3, 1, &shown(&second)));
    assert!(!may_return(&hashes, 3, 2, &shown(&first)));
    assert!(!may_return(&hashes, 3, 0, &shown(&first)));
    assert!(!may_return(&hashes, 2, 3, &shown(&second)), "no such joiner");
    assert!(
        !may_return(&hashes, 3, 1, &first.hash().to_string()),
        "the hash is not the token"
    );
}
