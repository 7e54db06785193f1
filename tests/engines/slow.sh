#!/bin/sh
# Plays by the rules of the protocol but thinks for two seconds over every genmove.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 1\n\n' "$id" ;;
    name) printf '=%s sloth\n\n' "$id" ;;
    genmove) sleep 2; printf '=%s pass\n\n' "$id" ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
