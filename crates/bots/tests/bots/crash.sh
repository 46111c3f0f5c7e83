#!/bin/sh
# Shakes hands, then dies at the first decision with a message on stderr.
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*) echo 'segmentation fault (pretend)' >&2; exit 3 ;;
  esac
done
