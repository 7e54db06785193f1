#!/bin/sh
# Plays through 'tabula engine' (the program in $TABULA) while flooding its standard
# error without end and writing Latin-1 there: neither may cost it the game.
yes "$(printf 'caf\351 cr\350me: debugging output that never stops')" >&2 &
exec "$TABULA" engine --bot random
