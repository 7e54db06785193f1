#!/bin/sh
# A wrapper that starts a helper child (its pid written to $CHILD_PIDS) and then the
# engine 'tabula engine' as another child: both must end with the engine.
sleep 300 &
echo $! >> "$CHILD_PIDS"
"$TABULA" engine --bot random --seed 1
