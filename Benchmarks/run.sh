#!/usr/bin/env bash
# `make bench`: installs the peers' Python packages when missing, then runs Benchmarks/bench.py
# (arguments pass through, e.g. --frames 120 --jobs 1 --quick; BENCH_FRAMES / BENCH_JOBS too). With --test-vs-render
# (`make bench BENCH_ARGS=--test-vs-render`) it times only `render test` against `render` and needs no peers.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [[ " $* " != *" --test-vs-render "* ]] && ! "$PY" -c "import skia, cairo, numpy" 2>/dev/null; then
    echo "bench: installing skia-python, pycairo and numpy for the peers"
    "$PY" -m pip install --quiet skia-python pycairo numpy 2>/dev/null \
        || "$PY" -m pip install --quiet --break-system-packages skia-python pycairo numpy
fi
exec "$PY" Benchmarks/bench.py "$@"
