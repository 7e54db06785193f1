#!/bin/sh
# Follows the game but answers genmove with something that is no move at all.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s poet\n\n' "$id" ;;
    genmove) printf '=%s %s\n\n' "$id" "${GENMOVE_REPLY:-hello world}" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
