#!/bin/sh
# Dies at the handshake with a traceback on standard error, as a broken script does.
read -r id cmd rest
i=1
while [ $i -le 15 ]; do
  echo "traceback line $i" >&2
  i=$((i + 1))
done
echo "ValueError: the last line" >&2
exit 1
