#!/bin/sh
# Answers the handshake, then begins a reply to newgame that goes on a line at a time,
# slowly, for ever: the deadline must hold however many lines keep coming.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s trickle\n\n' "$id" ;;
    newgame)
      printf '=%s\n' "$id"
      while :; do echo 'still thinking'; sleep 0.01; done ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
