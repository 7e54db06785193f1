#!/bin/sh
# Answers the handshake, then answers newgame with a reply that never ends.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s flood\n\n' "$id" ;;
    newgame) printf '=%s\n' "$id"; exec yes 'more and more' ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
