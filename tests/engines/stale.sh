#!/bin/sh
# Sends a late reply to an earlier command before every answer: it must be ignored.
while read -r id cmd rest; do
  printf '=%s stale\n\n' "$((id - 1))"
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s fresh\n\n' "$id" ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
