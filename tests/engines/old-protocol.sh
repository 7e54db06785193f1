#!/bin/sh
# Speaks another protocol version.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 2\n\n' "$id" ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
