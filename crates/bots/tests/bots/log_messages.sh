#!/bin/sh
# Plays the first legal action and appends the type of every message it receives to the file
# named by its first argument.
while IFS= read -r line; do
  kind=${line#*'"type":"'}
  kind=${kind%%'"'*}
  echo "$kind" >> "$1"
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*)
      first=${line##*'"legal":["'}
      first=${first%%'"'*}
      echo "{\"action\":\"$first\"}" ;;
    *'"type":"bye"'*) exit 0 ;;
  esac
done
