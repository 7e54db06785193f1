//! While another side is to act, this side's people may look at the game: the board, a
//! hint, the legal moves, `save`. The message is read on a thread of its own, and the
//! keyboard runs what is typed until it is in (see [`Keyboard::while_waiting`]).

use super::*;

impl RemoteTable {
    /// Reads one message on link `link`; with `watch`, this side's people may look at
    /// the game meanwhile.
    pub(super) fn recv_live<'k>(
        &mut self,
        link: usize,
        limit: Duration,
        watch: Option<&mut (dyn Keyboard + 'k)>,
    ) -> Result<Vec<u8>, ChannelError> {
        let open = self.links[link].is_open();
        let Some(keyboard) = watch.filter(|_| open) else {
            return self.links[link].recv(limit);
        };
        let notes = self.notes();
        let (links, session) = (&mut self.links, &mut self.session);
        std::thread::scope(|scope| {
            let channel = &mut links[link];
            let reading = scope.spawn(move || channel.recv(limit));
            // A keyboard that fails to show something finds out at its next decision.
            let _ = keyboard.while_waiting(session, &notes, &|| reading.is_finished());
            reading.join().unwrap_or(Err(ChannelError::Closed))
        })
    }
}
