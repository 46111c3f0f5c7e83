#!/bin/sh
# Plays correctly (first legal action) but exits after its third decision: the host must restart
# it for the next game.
count=0
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*)
      count=$((count + 1))
      if [ "$count" -gt 3 ]; then exit 1; fi
      first=${line##*'"legal":["'}
      first=${first%%'"'*}
      echo "{\"action\":\"$first\"}" ;;
  esac
done
