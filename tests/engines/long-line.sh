#!/bin/sh
# Answers the handshake, then answers newgame with one line that never ends.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s longliner\n\n' "$id" ;;
    newgame) printf '=%s ' "$id"; exec tr '\0' 'x' < /dev/zero ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
