#!/usr/bin/env bash
# Records a performance history with a known answer, from a scratch clone of this repository: the consumer sample's two
# tests against the reference build (GET /orders/{id} and POST /orders/quote) run at 12 commits on a branch named main,
# each run recorded with `perfassert history record`. Commit SLOW_AT (5) makes the service's v2 endpoints, both of them,
# do more work per request (Faults:ExtraCpuMicrosecondsPerRequest, set to a tenth of GET's time per call in the first
# run); commit ACCEPT_AT (9) makes them allocate 256 B more per request and accepts their new baseline entries with
# `perfassert accept` in the same commit; every other commit changes nothing. With SLOW_AT=0 ACCEPT_AT=0 no commit
# changes anything: an A/A history of the same length. Then `perfassert history report` and `history show` print what the
# history found (docs/history.md quotes them).
#
#   eng/history-known-answer.sh [WORK_DIR]                      (default: a new temp folder; about 15 minutes on 2 cores)
#   SLOW_AT=0 ACCEPT_AT=0 eng/history-known-answer.sh [WORK_DIR]   the A/A history
#
# Packages are packed from the clone under a version of their own, so the sample restores this commit's library.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mkdir -p "${1:-$(mktemp -d)}" && cd "${1:-$_}" && pwd)
runs=${RUNS:-12}
slow_at=${SLOW_AT:-5}
accept_at=${ACCEPT_AT:-9}
echo "work folder: $work"

label=history
source "$repo/eng/known-answer-clone.sh"
tests() {
    mkdir -p "$1"
    PERFASSERT_RESULTS="$1" dotnet test samples/OrdersService.PerfTests -c Release -p:PerfAssertVersion="$version" \
        --filter "FullyQualifiedName~AgainstTheReferenceBuild_StaysWithinIt" >"$1.log" 2>&1 || true
    grep -E "reference build .* mean|allocated in worker" "$1.log" | sed 's/^ *//' || true
}

extra=0
for i in $(seq 1 "$runs"); do
    if [ "$i" -eq "$slow_at" ]; then
        fault ExtraCpuMicrosecondsPerRequest "$extra"
        git commit -qam "v2 endpoints: $extra us more work per request (about 10% of GET /orders/{id})"
    elif [ "$i" -eq "$accept_at" ]; then
        fault ExtraBytesPerRequest 256
        tests "$work/candidates" >/dev/null
        (cd samples/OrdersService.PerfTests && tool accept)
        git add -A samples
        git commit -qm "v2 endpoints: 256 B more per request; baselines accepted"
    else
        git commit -q --allow-empty -m "commit $i: the service is unchanged"
    fi

    echo "== run $i at $(git rev-parse --short=10 HEAD): $(git log -1 --format=%s)"
    tests "$work/results/$i"
    tool history record --results "$work/results/$i" --store "$work/history.db" --branch main
    if [ "$i" -eq 1 ]; then
        extra=$(python3 - "$work/results/1" <<'PY'
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/*GetOrder_AgainstTheReferenceBuild*.json"):
    result = json.load(open(path))
    print(max(1, round(result["subject"]["meanNs"] / 1000 * 0.10)))
PY
)
        echo "GET /orders/{id} takes $(( extra * 10 )) us per call here; commit $slow_at (if any) adds $extra us of work"
    fi
done

tool history report --store "$work/history.db" --out "$work/report"
tool history show --store "$work/history.db" --test AgainstTheReferenceBuild
ls -l "$work/history.db"
