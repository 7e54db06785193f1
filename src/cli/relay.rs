//! `tabula relay`: a meeting point for players who cannot open a port.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use crate::app::remote::relay::{DEFAULT_PORT, Limits, Relay};

/// `tabula relay`'s options.
#[derive(Debug, clap::Args)]
pub(super) struct RelayArgs {
    /// The port to listen on (0: any free port, printed)
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// An address to listen on, IPv4 or IPv6 (again for more; default: every
    /// address, IPv6 and IPv4)
    #[arg(long, value_name = "ADDR")]
    listen: Vec<IpAddr>,
    /// Connections held at once, waiting or paired
    #[arg(long, value_name = "N", default_value_t = Limits::default().connections)]
    max_connections: usize,
    /// Bytes a pair may send, both ways together
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().bytes_per_pair)]
    max_bytes: u64,
    /// Seconds a pair may stay silent before it is dropped
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().idle.as_secs())]
    idle: u64,
    /// Seconds a connection waits for its partner
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().pair_wait.as_secs())]
    pair_wait: u64,
}

/// Listens and pairs until the process is stopped.
pub(super) fn relay(args: RelayArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let ips = if args.listen.is_empty() {
        vec![
            IpAddr::V6(Ipv6Addr::UNSPECIFIED),
            IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        ]
    } else {
        args.listen
    };
    let addrs: Vec<SocketAddr> = ips.iter().map(|ip| SocketAddr::new(*ip, args.port)).collect();
    let limits = Limits {
        connections: args.max_connections.max(2),
        bytes_per_pair: args.max_bytes,
        idle: Duration::from_secs(args.idle.max(1)),
        pair_wait: Duration::from_secs(args.pair_wait.max(1)),
        ..Limits::default()
    };
    let relay = Relay::bind(&addrs, limits)?;
    let bound: Vec<String> = relay.local_addrs().iter().map(ToString::to_string).collect();
    let port = relay.local_addrs().first().map_or(args.port, SocketAddr::port);
    writeln!(out, "relay listening on {}", bound.join(" and "))?;
    writeln!(out, "players reach it with --relay HOST:{port} (Ctrl-C stops it)")?;
    out.flush()?;
    relay.serve();
    Ok(ExitCode::SUCCESS)
}
