#!/usr/bin/env python3
"""The trivial bot of the protocol benchmark: answers the last legal action (an earthling when it
can, and always "roll"), as fast as Python can read and write lines: no JSON parsing beyond
finding the legal list, which the host writes last."""
import sys

out = sys.stdout
for line in sys.stdin:
    if '"type":"decide"' in line:
        last = line.rsplit('"', 2)[1]
        out.write('{"action":"%s"}\n' % last)
        out.flush()
    elif '"type":"hello"' in line:
        out.write('{"type":"hello","protocol":1}\n')
        out.flush()
    elif '"type":"bye"' in line:
        break
