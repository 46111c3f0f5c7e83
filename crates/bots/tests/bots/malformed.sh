#!/bin/sh
# Shakes hands, then answers every decision with a line that is not JSON.
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*) echo 'take the humans, please' ;;
  esac
done
