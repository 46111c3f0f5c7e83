#!/bin/sh
# Claims a protocol version from the future.
while IFS= read -r line; do
  case "$line" in
    *'"type":"hello"'*) echo '{"type":"hello","protocol":99}' ;;
  esac
done
