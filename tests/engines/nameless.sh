#!/bin/sh
# Answers protocol_version, then hangs at name.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    *) exec sleep 60 ;;
  esac
done
