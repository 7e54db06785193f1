use super::*;

/// Generous: the tests wait on events, never on a duration.
const DEADLINE: Duration = Duration::from_secs(20);

fn quick() -> Limits {
    Limits {
        connections: 4,
        bytes_per_pair: 10_000,
        idle: Duration::from_millis(300),
        pair_wait: Duration::from_millis(300),
        hello_wait: Duration::from_millis(500),
    }
}

/// A relay on `ip`, port 0, serving on a thread; `None` when the address cannot be bound
/// (a machine without IPv6 loopback).
fn started(ip: &str, limits: Limits) -> Option<(String, Stopper, thread::JoinHandle<()>)> {
    let addr: SocketAddr = format!("{ip}:0").parse().unwrap();
    let relay = Relay::bind(&[addr], limits).ok()?;
    let at = relay.local_addrs()[0].to_string();
    let stopper = relay.stopper();
    let serving = thread::spawn(move || relay.serve());
    Some((at, stopper, serving))
}

fn pair(at: &str, nameplate: u32) -> (TcpStream, TcpStream) {
    let host = {
        let at = at.to_string();
        thread::spawn(move || connect_via_relay(&at, nameplate, End::Host, DEADLINE))
    };
    let joiner = connect_via_relay(at, nameplate, End::Join, DEADLINE).unwrap();
    (host.join().unwrap().unwrap(), joiner)
}

fn echo_both_ways(a: &mut TcpStream, b: &mut TcpStream) {
    a.write_all(b"hello from the host\n").unwrap();
    let mut got = [0u8; 20];
    b.set_read_timeout(Some(DEADLINE)).unwrap();
    b.read_exact(&mut got).unwrap();
    assert_eq!(&got, b"hello from the host\n");
    b.write_all(b"and back").unwrap();
    let mut back = [0u8; 8];
    a.set_read_timeout(Some(DEADLINE)).unwrap();
    a.read_exact(&mut back).unwrap();
    assert_eq!(&back, b"and back");
}

/// Reads until the stream ends (the relay closed it), within the deadline.
fn closes(stream: &mut TcpStream) -> bool {
    stream.set_read_timeout(Some(DEADLINE)).unwrap();
    let mut buffer = [0u8; 1024];
    for _ in 0..10_000 {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) => return e.kind() != io::ErrorKind::WouldBlock && e.kind() != io::ErrorKind::TimedOut,
        }
    }
    false
}

fn stop(stopper: Stopper, serving: thread::JoinHandle<()>) {
    stopper.stop();
    serving.join().unwrap();
}

#[test]
fn two_sides_that_name_one_nameplate_are_paired_on_ipv4_and_ipv6() {
    let (at, stopper, serving) = started("127.0.0.1", Limits::default()).unwrap();
    let (mut a, mut b) = pair(&at, 7);
    let (mut c, mut d) = pair(&at, 8);
    echo_both_ways(&mut a, &mut b);
    echo_both_ways(&mut d, &mut c);
    drop(a);
    assert!(closes(&mut b), "one side leaving closes the other");
    stop(stopper, serving);
    match started("[::1]", Limits::default()) {
        Some((at, stopper, serving)) => {
            let (mut a, mut b) = pair(&at, 1234);
            echo_both_ways(&mut a, &mut b);
            stop(stopper, serving);
        }
        None => eprintln!("no IPv6 loopback here: its half of the test is skipped"),
    }
}

#[test]
fn a_side_without_a_partner_is_told_and_dropped() {
    let (at, stopper, serving) = started("127.0.0.1", quick()).unwrap();
    let error = connect_via_relay(&at, 5, End::Host, DEADLINE).unwrap_err();
    assert!(error.to_string().contains("no partner came in time"), "{error}");
    // Its place is free again: two more pair.
    let (mut a, mut b) = pair(&at, 5);
    echo_both_ways(&mut a, &mut b);
    stop(stopper, serving);
}

#[test]
fn a_connection_that_speaks_nonsense_is_dropped_and_the_relay_serves_on() {
    let (at, stopper, serving) = started("127.0.0.1", quick()).unwrap();
    let mut stray = TcpStream::connect(&at).unwrap();
    stray.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    let mut answer = String::new();
    stray.set_read_timeout(Some(DEADLINE)).unwrap();
    let _ = stray.read_to_string(&mut answer);
    assert!(
        answer.starts_with("error say 'tabula-relay 1 NAMEPLATE' first"),
        "{answer}"
    );
    let (mut a, mut b) = pair(&at, 9);
    echo_both_ways(&mut a, &mut b);
    stop(stopper, serving);
}

#[test]
fn the_relay_bounds_connections_bytes_and_idle_time() {
    let mut limits = quick();
    limits.idle = Duration::from_secs(60);
    limits.connections = 2;
    let (at, stopper, serving) = started("127.0.0.1", limits).unwrap();
    let (mut a, mut b) = pair(&at, 1);
    let error = connect_via_relay(&at, 2, End::Join, DEADLINE).unwrap_err();
    assert!(error.to_string().contains("the relay is full"), "{error}");
    // More than the pair's 10,000 bytes: the relay ends the pair.
    let flood = vec![b'x'; 4096];
    for _ in 0..10 {
        if a.write_all(&flood).is_err() {
            break;
        }
    }
    assert!(closes(&mut b));
    stop(stopper, serving);

    let (at, stopper, serving) = started("127.0.0.1", quick()).unwrap();
    let (_a, mut b) = pair(&at, 3);
    assert!(closes(&mut b), "a silent pair is dropped");
    stop(stopper, serving);
}

#[test]
fn a_host_with_several_joiners_waits_at_one_nameplate_and_its_connections_never_pair() {
    let (at, stopper, serving) = started("127.0.0.1", Limits::default()).unwrap();
    // Two of the host's connections wait side by side...
    let hosts: Vec<_> = (0..2)
        .map(|_| {
            let at = at.clone();
            thread::spawn(move || connect_via_relay(&at, 42, End::Host, DEADLINE))
        })
        .collect();
    // ...and each joiner meets one of them, never another joiner.
    let mut joiners: Vec<TcpStream> = (0..2)
        .map(|_| connect_via_relay(&at, 42, End::Join, DEADLINE).unwrap())
        .collect();
    let mut hosts: Vec<TcpStream> = hosts.into_iter().map(|h| h.join().unwrap().unwrap()).collect();
    for joiner in &mut joiners {
        joiner.write_all(b"j").unwrap();
    }
    let mut heard = 0;
    for host in &mut hosts {
        let mut byte = [0u8];
        host.set_read_timeout(Some(DEADLINE)).unwrap();
        host.read_exact(&mut byte).unwrap();
        heard += usize::from(&byte == b"j");
    }
    assert_eq!(heard, 2);
    // A line with neither end pairs with either, as before; a wrong word is refused.
    assert_eq!(hello_of("tabula-relay 1 7"), Some((7, None)));
    assert_eq!(hello_of("tabula-relay 1 7 join"), Some((7, Some(End::Join))));
    assert_eq!(hello_of("tabula-relay 1 7 both"), None);
    stop(stopper, serving);
}
