#!/bin/sh
# Answers the handshake, then prints chatter instead of replies.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s chatterbox\n\n' "$id" ;;
    *) printf 'thinking about %s...\n\n' "$cmd" ;;
  esac
done
