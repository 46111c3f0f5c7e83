#!/bin/sh
# Shakes hands, then never answers a decision.
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":1}' ;;
    *'"type":"decide"'*) sleep 47.25 ;;
  esac
done
