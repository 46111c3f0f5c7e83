#!/bin/sh
# Shakes hands, then answers a decision with a 1 MB line.
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*) head -c 1000000 /dev/zero | tr '\0' 'x'; echo ;;
  esac
done
