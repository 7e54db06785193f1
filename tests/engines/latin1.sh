#!/bin/sh
# Plays through 'tabula engine' (the program in $TABULA), writing a Latin-1 line to
# standard error for every command it gets.
while IFS= read -r line; do
  printf 'got a command, caf\351\n' >&2
  printf '%s\n' "$line"
done | "$TABULA" engine --bot random
