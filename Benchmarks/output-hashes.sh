#!/usr/bin/env bash
# Benchmarks/output-hashes.sh RENDER_BINARY OUT_FILE
#
# The bytes every output writes today, at full rate: every scene in Scenes/ at its own fps and scale with --jobs 1
# and --jobs 2 (PNG frames, manifest.json, events.json), and for Scenes/unlock.json also the mp4 (both --jobs), the
# strip and the preview (its page with its frames, and its APNG, preview.png), with the defaults of each command.
# One line an output:
#
#   SCENE OUTPUT JOBS FILES SHA256
#
# FILES counts the files in the output; SHA256 is the sha256 of the sorted lines "PATH SHA256-OF-THE-FILE" of every
# one of them (PATH relative to the output folder). JOBS is "-" for commands that take no --jobs.
#
# Run it with the binary before a change and after it and diff the two files: every line must stay unless the
# change is meant to change the picture. Benchmarks/output-hashes.baseline.txt holds the lines of the main branch
# before the frame pump (issue: one frame pump, every output a sink). The outputs of --jobs 1 and 2 must be the
# same; the script says so on stderr and exits 1 when they are not (after writing OUT_FILE).
# The picture changed on purpose after that baseline: shadows blur with σ = 0.95·r (issue 28), so the lines of
# scenes with shadows differ from it; run the script on the commit before a change to get its own before-picture. ffmpeg is needed for
# the mp4. Renders go to a temporary folder, removed at the end; 5 to 6 minutes with a release build on 2 shared cores.
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 RENDER_BINARY OUT_FILE" >&2
    exit 2
fi
RENDER=$(realpath "$1")
OUT=$(realpath -m "$2")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/render-output-hashes-XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT

# "FILES SHA256" of a folder: every file below it, by path relative to it.
digest() {
    (cd "$1" && find . -type f -printf '%P\n' | LC_ALL=C sort | while IFS= read -r f; do
        printf '%s %s\n' "$f" "$(sha256sum < "$f" | cut -d' ' -f1)"
    done) > "$SCRATCH/list"
    printf '%s %s\n' "$(wc -l < "$SCRATCH/list")" "$(sha256sum < "$SCRATCH/list" | cut -d' ' -f1)"
}

# run COMMAND…: runs it, quietly unless it fails.
run() {
    if ! "$@" > "$SCRATCH/log" 2>&1; then
        echo "output-hashes: failed: $*" >&2
        cat "$SCRATCH/log" >&2
        exit 1
    fi
}

# line SCENE OUTPUT JOBS PATH: the output's line, into the result and on stderr.
line() { echo "$1 $2 $3 $(digest "$4")" | tee -a "$SCRATCH/lines" >&2; }

: > "$SCRATCH/lines"
cd "$ROOT"
for file in Scenes/*.json; do
    # Not scenes: the JSON Schema, and each scene's expectations (`render test` reads X.test.json beside X.json).
    [ "$file" = Scenes/scene.schema.json ] && continue
    case "$file" in *.test.json) continue ;; esac
    scene=$(basename "$file" .json)
    for jobs in 1 2; do
        dir="$SCRATCH/$scene-png-$jobs"
        run "$RENDER" "$file" --out "$dir" --jobs "$jobs" --quiet
        line "$scene" png "$jobs" "$dir"
    done
done
# A single file is written alone into a folder of its own, under the same name at both --jobs (the name is part of
# the digest).
for jobs in 1 2; do
    mkdir "$SCRATCH/mp4-$jobs"
    run "$RENDER" Scenes/unlock.json --format mp4 --out "$SCRATCH/mp4-$jobs/unlock.mp4" --jobs "$jobs" --quiet
    line unlock mp4 "$jobs" "$SCRATCH/mp4-$jobs"
done
mkdir "$SCRATCH/strip"
run "$RENDER" strip Scenes/unlock.json --out "$SCRATCH/strip/strip.png" --quiet
line unlock strip - "$SCRATCH/strip"
# The preview folder: its page and frames on one line, its APNG (preview.png) on the next.
preview="$SCRATCH/unlock-preview"
run "$RENDER" preview Scenes/unlock.json --out "$preview" --quiet
mkdir "$SCRATCH/apng"
mv "$preview/preview.png" "$SCRATCH/apng/preview.png"
line unlock preview - "$preview"
line unlock apng - "$SCRATCH/apng"

cp "$SCRATCH/lines" "$OUT"
# Every (scene, output) must have the same line at --jobs 1 and 2.
mismatch=$(awk '$3 != "-" { key = $1 " " $2; v = $4 " " $5; if (key in seen && seen[key] != v) print key; seen[key] = v }' "$OUT")
if [ -n "$mismatch" ]; then
    echo "output-hashes: --jobs 1 and --jobs 2 wrote different bytes for: $mismatch" >&2
    exit 1
fi
echo "output-hashes: $(wc -l < "$OUT") outputs → $OUT" >&2
