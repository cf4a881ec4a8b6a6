#!/usr/bin/env bash
# Known answers for the diagnosis, in a scratch clone of this repository, on the consumer sample from packed packages, in two
# arrangements (ARRANGEMENTS, both by default): "builds", the sample's test of GET /orders/{id} against the reference build
# with a change in the working tree only; "process", its comparison of GET /orders/{id} with GET /v1/orders/{id} in one
# process (ServiceHost), with a change in the subject only (v1 calls no fault switch), diagnosed whatever the verdict
# (PERFASSERT_DIAGNOSE=always: the question is where, not whether). Each run RUNS times (10), each diagnosis checked.
#   (a) CPU: the sample's fault switch Faults:ExtraCpuMicrosecondsPerRequest set to 15% of the call's time (measured
#       first), busy work in FaultInjection.Work: right when that method is the top CPU row, marked, its difference within
#       30% of the microseconds injected.
#   (b) allocations: Faults:ExtraBytesPerRequest = 4000, a byte[4000] (4,024 bytes with its header) made in
#       FaultInjection.OnRequest: right when the marked "System.Byte[] in ...FaultInjection.OnRequest()" row adds
#       4,024 B per call within 10%.
#   (c) a lock, under load ("load", the third arrangement): the sample's test whose working tree's workers hold one
#       process-wide lock for 100 us on every request, loaded against the reference build's: right when the top row of the
#       waiting threads the working tree added is a wait in System.Threading.Lock called from FaultInjection.OnRequest
#       (the line says whether it is marked as more than noise).
#   (c) the same lock in a comparison of two plans ("plans", not in the default arrangements): the sample's same-run test
#       that loads a second host of the service with the lock switched on against the healthy one; right as in "load".
#   A/A under load ("load-aa", not in the default arrangements): the sample's load test against its own commit's build,
#       diagnosed whatever the verdict; right when no row of any table is marked.
#   A/A of two plans ("plans-aa", not in the default arrangements): GET /orders/42 loaded against itself on the sample's
#       ServiceHost (a test written into the scratch clone only), diagnosed whatever the verdict; right when no row is marked.
#   A/A in one process ("process-aa", not in the default arrangements): GET /orders/42 compared with itself on the
#       sample's ServiceHost (a test written into the scratch clone only), diagnosed whatever the verdict; right when no
#       row is marked.
#
#   eng/diagnosis-known-answer.sh [WORK_DIR]   (default: a new temp folder; RUNS=10, CASES="cpu alloc", ARRANGEMENTS="builds process load")
#
# Prints one line per run and a tally per case; each run's console output is kept under WORK_DIR/runs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mkdir -p "${1:-$(mktemp -d)}" && cd "${1:-$_}" && pwd)
runs=${RUNS:-10}
cases=${CASES:-cpu alloc}
arrangements=${ARRANGEMENTS:-builds process load}
echo "work folder: $work"

label=diagnosis
source "$repo/eng/known-answer-clone.sh"
export PerfAssertVersion="$version"
tests=samples/OrdersService.PerfTests
mkdir -p "$work/runs"

# An A/A arrangement: the sample's test $2, $runs times as arrangement $1, diagnosed whatever its verdict
# (PERFASSERT_DIAGNOSE=always); right when no row of any table is marked as more than noise.
unmarked() {
    local name=$1 test=$2 right=0 run log verdict
    for run in $(seq 1 "$runs"); do
        log="$work/runs/$name-$run.log"
        PERFASSERT_DIAGNOSE=always PERFASSERT_RESULTS="$work/runs/$name-$run" dotnet test "$tests" -c Release --filter "FullyQualifiedName~$test" --logger "console;verbosity=detailed" >"$log" 2>&1 || true
        verdict=$(python3 - "$log" <<'PY'
import re, sys
log = open(sys.argv[1]).read()
where = log.find("Where (profiled")
if where < 0:
    print("wrong: no diagnosis" + (" (" + log[log.find("No diagnosis"):].split("\n")[0] + ")" if "No diagnosis" in log else "")); sys.exit()
block = log[where:log.find("files:", where)]
marked = [l.strip() for l in block.split("\n") if l.strip().startswith("* ")]
ratio = re.search(r"(?:mean|requests/s ratio) = ([\d.]+ \[[\d.]+, [\d.]+\])", log)
print(("right: no row marked" if not marked else f"wrong: {len(marked)} marked, first {marked[0][:140]}") + f" (ratio {ratio.group(1) if ratio else '?'})")
PY
)
        echo "$name run $run: $verdict"
        [[ "$verdict" == right* ]] && right=$((right + 1))
    done
    echo "$name: right in $right of $runs runs"
}

# A lock arrangement: the sample's test $2, $runs times as arrangement $1, diagnosed on its Regression (the default); right
# when the top row of the waiting threads the judged side added is a wait in System.Threading.Lock called from
# FaultInjection.OnRequest (the line says whether it is marked as more than noise).
lock_on_top() {
    local name=$1 test=$2 right=0 run log verdict
    for run in $(seq 1 "$runs"); do
        log="$work/runs/$name-$run.log"
        PERFASSERT_RESULTS="$work/runs/$name-$run" dotnet test "$tests" -c Release --filter "FullyQualifiedName~$test" --logger "console;verbosity=detailed" >"$log" 2>&1 || true
        verdict=$(python3 - "$log" <<'PY'
import re, sys
log = open(sys.argv[1]).read()
where = log.find("threads waiting, by where they wait")
if where < 0:
    print("wrong: no waiting-threads table" + (" (" + log[log.find("No diagnosis"):].split("\n")[0] + ")" if "No diagnosis" in log else ""))
    sys.exit()
rows = re.findall(r"(\*?) +([\d.]+) -> ([\d.]+) \(([+-][\d.]+)\)(?: \((?:new|gone)\))?  ([^\n]+)", log[where:where + 4000])
if not rows:
    print("wrong: no thread-time rows"); sys.exit()
mark, _, _, difference, method = rows[0]
ok = method.startswith("System.Threading.Lock.") and method.endswith(" from OrdersService.Faults.FaultInjection.OnRequest()")
print(f"{'right' if ok else 'wrong'}: top waiting row {mark or '-'} {difference} threads {method[:120]}")
PY
)
        echo "$name run $run: $verdict"
        [[ "$verdict" == right* ]] && right=$((right + 1))
    done
    echo "$name: right in $right of $runs runs"
}

for arrangement in $arrangements; do
# Every arrangement starts from the sample's own settings: a fault the one before switched on stays off.
git checkout -q -- "$settings"
if [ "$arrangement" = plans ]; then
    # The sample's own test: a second host of the service with the lock switched on, loaded against the healthy one.
    lock_on_top plans-lock GetOrder_LockHeldOnEveryRequest_FailsItsLoadBudget
    continue
elif [ "$arrangement" = plans-aa ]; then
    # A/A of two plans: a test written into this scratch clone only loads GET /orders/42 against itself under two names.
    cat > samples/OrdersService.PerfTests/SameLoadTests.cs <<'CS'
using PerfAssert.Load.Testing;

namespace OrdersService.PerfTests;

[Collection(OrdersServiceCollection.Name)]
public sealed class SameLoadTests(OrdersServiceFixture service)
{
    [Fact]
    public async Task GetOrder_LoadedAgainstItself()
    {
        var result = await LoadTest.Of(await OrderLoad.GetAsync(service.Address, "/orders/42"))
            .ComparedTo(await OrderLoad.GetAsync(service.Address, "/orders/42", "GET /orders/42 again"))
            .RequestsPerSecondAtLeast(0.90)
            .RunAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);
    }
}
CS
    unmarked plans-aa SameLoadTests
    rm samples/OrdersService.PerfTests/SameLoadTests.cs
    continue
elif [ "$arrangement" = process-aa ]; then
    # A/A in one process: a test written into this scratch clone only (never into the sample) compares GET /orders/42 with
    # itself on the sample's ServiceHost, under two names, diagnosed whatever its verdict; right when no row is marked.
    cat > samples/OrdersService.PerfTests/SameCallTests.cs <<'CS'
using PerfAssert;
using PerfAssert.Xunit;

namespace OrdersService.PerfTests;

[Collection(OrdersServiceCollection.Name)]
public sealed class SameCallTests(OrdersServiceFixture service)
{
    [Fact]
    public async Task GetOrder_ComparedWithItself()
    {
        var result = await Perf.Measure("GET /orders/42", service.Client.GetOrderAsync)
            .ComparedTo("GET /orders/42 again", service.Client.GetOrderAsync)
            .MeanAtMost(1.10)
            .RunAsync(TestContext.Current.CancellationToken);
        PerfTestBuilderExtensions.Report(result, TestContext.Current);
    }
}
CS
    unmarked process-aa SameCallTests
    rm samples/OrdersService.PerfTests/SameCallTests.cs
    continue
elif [ "$arrangement" = load-aa ]; then
    # A/A under load: the reference is this clone's own commit (the sample's service unchanged in the working tree), and the
    # sample's load test against it is diagnosed whatever its verdict; right when no row of any table is marked.
    python3 - "$(git rev-parse HEAD)" <<'PY'
import json, sys
with open("samples/OrdersService.PerfTests/baselines/reference.json", "w") as f:
    json.dump({"schemaVersion": 1, "commit": sys.argv[1]}, f, indent=2)
    f.write("\n")
PY
    unmarked load-aa GetOrder_UnderLoad_ServesAtLeastNinetyPercentOfTheReferenceBuild
    git checkout -q -- samples/OrdersService.PerfTests/baselines/reference.json
    continue
elif [ "$arrangement" = load ]; then
    # The lock is the test's own fault switch, set for the working tree's workers only; the default diagnoses its Regression.
    lock_on_top load-lock GetOrder_LockHeldOnEveryRequestInTheWorkingTree_FailsItsLoadBudgetAgainstTheReferenceBuild
    continue
elif [ "$arrangement" = builds ]; then
    test=GetOrder_AgainstTheReferenceBuild_StaysWithinIt; diagnose=regression
else
    test=GetOrder_SourceGeneratedJson_AtMostTenPercentSlowerThanV1; diagnose=always
fi

# The call's time, to size the CPU work: one run of the unchanged sample (the working tree's, or the subject's, mean).
git checkout -q -- "$settings"
PERFASSERT_RESULTS="$work/sizing-$arrangement" dotnet test "$tests" -c Release --filter "FullyQualifiedName~$test" >"$work/sizing-$arrangement.log" 2>&1 || true
extra=$(python3 - "$work/sizing-$arrangement" "$test" <<'PY'
import glob, json, sys
for path in glob.glob(sys.argv[1] + "/*.json"):
    result = json.load(open(path))
    if sys.argv[2] in result.get("test", ""):
        print(max(1, round(result["subject"]["meanNs"] / 1000 * 0.15)))
PY
)
echo "$arrangement, GET /orders/42: the CPU case adds $extra us of work per request (15% of the call)"

for case in $cases; do
    git checkout -q -- "$settings"
    if [ "$case" = cpu ]; then fault ExtraCpuMicrosecondsPerRequest "$extra"; else fault ExtraBytesPerRequest 4000; fi
    right=0
    for run in $(seq 1 "$runs"); do
        log="$work/runs/$arrangement-$case-$run.log"
        PERFASSERT_DIAGNOSE=$diagnose PERFASSERT_RESULTS="$work/runs/$arrangement-$case-$run" dotnet test "$tests" -c Release --filter "FullyQualifiedName~$test" --logger "console;verbosity=detailed" >"$log" 2>&1 || true
        verdict=$(python3 - "$log" "$case" "$extra" <<'PY'
import re, sys
log, case, extra = open(sys.argv[1]).read(), sys.argv[2], float(sys.argv[3])
where = log.find("Where (profiled")
if where < 0:
    regression = "Regression" in log
    print(f"wrong: no diagnosis (the verdict {'was' if regression else 'was not'} a Regression)")
    sys.exit()
table = log[where:where + 6000]
if case == "cpu":
    rows = re.findall(r"(\*?) +([\d.]+) -> ([\d.]+) \(([+-][\d.]+) us\)(?: \((?:new|gone)\))?  (\S+)", table.split("allocated bytes")[0])
    if not rows:
        print("wrong: no CPU rows"); sys.exit()
    mark, _, _, difference, method = rows[0]
    share = float(difference) / extra
    ok = mark == "*" and "FaultInjection.Work" in method and abs(share - 1) <= 0.30
    print(f"{'right' if ok else 'wrong'}: top CPU row {mark or '-'} {difference} us ({share:.0%} of {extra:.0f}) {method[:90]}")
else:
    rows = re.findall(r"(\*?) +([\d,]+) -> ([\d,]+) \(([+-][\d,]+) B \+- ([\d,]+)\)  (System\.Byte\[\]) in (\S+)", table)
    match = [r for r in rows if "FaultInjection.OnRequest" in r[6]]
    if not match:
        print("wrong: no System.Byte[] row in FaultInjection.OnRequest"); sys.exit()
    mark, _, _, difference, interval, _, method = match[0]
    added = float(difference.replace(",", ""))
    ok = mark == "*" and abs(added / 4024 - 1) <= 0.10
    print(f"{'right' if ok else 'wrong'}: System.Byte[] in {method} {mark or '-'} {difference} B +- {interval} ({added / 4024:.0%} of 4,024)")
PY
)
        echo "$arrangement $case run $run: $verdict"
        [[ "$verdict" == right* ]] && right=$((right + 1))
    done
    echo "$arrangement $case: right in $right of $runs runs"
done
done
git checkout -q -- "$settings"
