#!/bin/sh
# Accepts everything and always answers genmove with a move that is never legal early on.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s cheat\n\n' "$id" ;;
    genmove) printf '=%s 1/off\n\n' "$id" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
