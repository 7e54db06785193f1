#!/bin/sh
# Like wrapper.sh, but thinks for a long time over every genmove, in a child process.
sleep 300 &
echo $! >> "$CHILD_PIDS"
echo $$ >> "$CHILD_PIDS"
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s ponderer\n\n' "$id" ;;
    genmove) sleep 60; printf '=%s pass\n\n' "$id" ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
