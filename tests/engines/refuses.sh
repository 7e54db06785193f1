#!/bin/sh
# Refuses every move it is told about, as if its rules were different.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s contrarian\n\n' "$id" ;;
    play) printf '?%s illegal move: I do not believe it\n\n' "$id" ;;
    genmove) printf '=%s pass\n\n' "$id" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
