#!/usr/bin/env bash
# A bisect with a known answer, in a scratch clone of this repository: 16 commits on a branch named main, where commit
# SLOW_AT (11) makes the consumer sample's v2 endpoints do about 10% more work per request
# (Faults:ExtraCpuMicrosecondsPerRequest, sized from GET /orders/{id}'s time per call measured at the first commit),
# SECOND_AT (0: none) adds as much again, and BROKEN_AT (0: none) does not compile (the next commit mends it); every
# other commit changes nothing. Then `perfassert bisect` over the 16 commits, on the sample's test of GET /orders/{id}
# against the reference build, timed; with GIT_BISECT=1, `git bisect run` with `perfassert bisect step` too.
#
#   eng/bisect-known-answer.sh [WORK_DIR]                         (default: a new temp folder)
#   SECOND_AT=5 BROKEN_AT=8 eng/bisect-known-answer.sh [WORK_DIR]   two slowdowns and a commit that does not build
#   SLOW_AT=0 eng/bisect-known-answer.sh [WORK_DIR]                 no slowdown: "not reproducible", exit code 3
#
# Packages are packed from the clone under a version of their own, so the sample restores this commit's library.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mkdir -p "${1:-$(mktemp -d)}" && cd "${1:-$_}" && pwd)
commits=16
slow_at=${SLOW_AT:-11}
second_at=${SECOND_AT:-0}
broken_at=${BROKEN_AT:-0}
echo "work folder: $work"

label=bisect
source "$repo/eng/known-answer-clone.sh"
# Every build of the sample, in this clone and in the worktrees bisect checks commits out into, restores this version
# (an environment variable is an MSBuild property); once restored here it comes from the NuGet cache.
export PerfAssertVersion="$version"
tests=samples/OrdersService.PerfTests
test=GetOrder_AgainstTheReferenceBuild_StaysWithinIt

# Commit 1 is the good end: the sample as it is, with the reference build it names, measured once to size the slowdown.
git commit -q --allow-empty -m "commit 1: the service as it is"
PERFASSERT_RESULTS="$work/sizing" dotnet test "$tests" -c Release --filter "FullyQualifiedName~$test" >"$work/sizing.log" 2>&1 || true
extra=$(python3 - "$work/sizing" <<'PY'
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/*GetOrder_AgainstTheReferenceBuild*.json"):
    print(max(1, round(json.load(open(path))["subject"]["meanNs"] / 1000 * 0.10)))
PY
)
echo "GET /orders/42 took about $((extra * 10)) us a call: each slowdown adds $extra us of work per request"
first=$(git rev-parse HEAD)

for i in $(seq 2 "$commits"); do
    if [ "$i" -eq "$slow_at" ] || [ "$i" -eq "$second_at" ]; then
        current=$(python3 -c "import json; print(json.load(open('$settings')).get('Faults', {}).get('ExtraCpuMicrosecondsPerRequest', 0))")
        fault ExtraCpuMicrosecondsPerRequest $((current + extra))
        git commit -qam "commit $i: v2 endpoints do $extra us more work per request (about 10% of GET /orders/{id})"
    elif [ "$i" -eq "$broken_at" ]; then
        echo "this does not compile" > samples/OrdersService/Broken.cs
        git add samples/OrdersService/Broken.cs
        git commit -qm "commit $i: a file that does not compile"
    elif [ "$broken_at" -gt 0 ] && [ "$i" -eq $((broken_at + 1)) ]; then
        git rm -q samples/OrdersService/Broken.cs
        git commit -qm "commit $i: the file that did not compile is gone"
    else
        git commit -q --allow-empty -m "commit $i: the service is unchanged"
    fi
done
last=$(git rev-parse HEAD)
git log --first-parent --format='%h %s' "$first~1..$last" | tac

cd "$tests"
status=0
start=$(date +%s)
tool bisect --test "$test" --good "$first" --bad "$last" --out "$work/report" --store "$work/history.db" || status=$?
echo "perfassert bisect exited with $status after $(( $(date +%s) - start )) s"

if [ "${GIT_BISECT:-0}" = "1" ]; then
    cd "$work/repo"
    start=$(date +%s)
    git bisect start --term-old fast --term-new slow "$last" "$first"
    git bisect run dotnet "$work/repo/tools/PerfAssert.Tool/bin/Release/net10.0/PerfAssert.Tool.dll" bisect step \
        --test "$test" --against "$first" --project "$tests/OrdersService.PerfTests.csproj" --baselines "$tests/baselines" || true
    git bisect log | tail -n 3
    git bisect reset
    echo "git bisect run took $(( $(date +%s) - start )) s"
fi
exit $status
