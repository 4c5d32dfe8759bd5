#!/bin/bash
# Both cores kept busy by another process while the simulations run.
python3 -c "while True: pass" & a=$!
python3 -c "while True: pass" & b=$!
for m in simple advanced; do AGENT_AVENUE_HOME=$(mktemp -d) /work/main/.venv/bin/agent-avenue simulate --games 200 --mode $m search:normal greedy > /tmp/sim/loaded-$m.txt 2>&1; done
kill $a $b
