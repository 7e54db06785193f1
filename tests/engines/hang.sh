#!/bin/sh
# Plays by the protocol until it is asked for a move, then hangs in genmove for good. Its
# pid goes to $PID_FILE first; it stays the same when the shell becomes `sleep`.
echo $$ >> "$PID_FILE"
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s hangman\n\n' "$id" ;;
    genmove) exec sleep 300 ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
