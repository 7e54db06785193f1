#!/bin/sh
# Answers the handshake, then replies in bytes that are not UTF-8.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s mojibake\n\n' "$id" ;;
    *) printf '=%s caf\351\n\n' "$id" ;;
  esac
done
