#!/bin/sh
# Speaks the protocol correctly: answers the first legal action. The host's legal list is the
# last field of a decide message, so its first entry follows "legal":[".
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1,"name":"first-legal"}' ;;
    *'"type":"decide"'*)
      first=${line##*'"legal":["'}
      first=${first%%'"'*}
      echo "{\"action\":\"$first\"}" ;;
    *'"type":"bye"'*) exit 0 ;;
  esac
done
