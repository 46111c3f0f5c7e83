#!/bin/sh
# Shakes hands, then always tries to take the tanks, which is never legal.
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*) echo '{"action":"T"}' ;;
  esac
done
