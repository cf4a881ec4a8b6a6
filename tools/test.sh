#!/usr/bin/env bash
# The README's test command, and what CI runs (.ci/run): installs the independent protocol peers the conformance tests
# talk to when they are missing (Debian packages, with apt-get) while the solution builds once with every core, then runs
# the test projects that time nothing two at a time while the reference commit's targets host builds (the performance
# tests measure it beside the working tree; cached under artifacts/baseline-builds/), and then the ones whose verdicts
# rest on timings one after another, so they never measure while anything else loads the machine. One TRX file per
# project in TestResults/, and a [time] line per stage. An xUnit v3 project is an executable and runs as one, with
# xUnit's own runner (its -trx report); the xUnit v2 project runs through dotnet test. Extra arguments make every
# project run through dotnet test, which gets them.
set -uo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
stage=$started
# Busy and total CPU jiffies so far (all cores), from /proc/stat where there is one.
cpu() { awk '/^cpu /{ print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat 2>/dev/null || echo "0 0"; }
read -r stage_busy stage_all < <(cpu)
# One line per stage, so a slow run says where its time went, and how many of the machine's cores it kept busy.
took() {
    local now busy all cores=""
    now=$(date +%s)
    read -r busy all < <(cpu)
    if [ "$all" -gt "$stage_all" ]; then
        cores=$(awk -v b=$(( busy - stage_busy )) -v a=$(( all - stage_all )) -v n="$(nproc)" 'BEGIN { printf ", %.1f of %d cores busy", n * b / a, n }')
    fi
    echo "[time] $1: $(( now - stage )) s (total $(( now - started )) s$cores)"
    stage=$now; stage_busy=$busy; stage_all=$all
}

# Test projects that time nothing (functional checks, protocol peers, allocation budgets, which are counted exactly) run
# two at a time; the ones whose verdicts rest on timings run after them, one at a time, alone on the machine. A test
# project in the solution that is on neither list stops the run here: say where it belongs.
# PerfAssert.Hosting.Tests times nothing since its last latency verdict moved to the Performance project, but it runs with
# the timed ones: beside the untimed projects it took as long as alone (a clean-clone run, 2026-11-29: 108 s for both
# stages against 59 + 48 s), since both keep the two cores busy, and the stage it joined waits for it.
untimed=(tests/Functional/Functional.csproj tests/Conformance/Conformance.csproj
    tests/PerfAssert.Xunit.V2.Tests/PerfAssert.Xunit.V2.Tests.csproj
    tests/PerfAssert.FluentAssertions.Tests/PerfAssert.FluentAssertions.Tests.csproj
    tests/PerfAssert.AwesomeAssertions.Tests/PerfAssert.AwesomeAssertions.Tests.csproj
    tests/PerfAssert.History.Tests/PerfAssert.History.Tests.csproj)
timed=(tests/PerfAssert.Tests/PerfAssert.Tests.csproj tests/Performance/Performance.csproj
    tests/PerfAssert.Hosting.Tests/PerfAssert.Hosting.Tests.csproj tests/Embedding.Tests/Embedding.Tests.csproj
    tests/PerfAssert.BenchmarkDotNet.Tests/PerfAssert.BenchmarkDotNet.Tests.csproj)
not_tests=(tests/InvoiceBenchmarks/InvoiceBenchmarks.csproj tests/PerfAssert.Hosting.Tests/SampleApp/SampleApp.csproj)
listed=" ${untimed[*]} ${timed[*]} ${not_tests[*]} "
for project in $(dotnet sln PerfAssert.sln list | grep '\.csproj$' | grep '^tests/'); do
    if [[ "$listed" != *" $project "* ]]; then
        echo "tools/test.sh: $project is in PerfAssert.sln but on none of its lists (untimed, timed, not_tests); add it to one" >&2
        exit 1
    fi
done

# The peers: Debian's python3-msgpack (MessagePack), python3-grpcio with python3-protobuf and protoc (gRPC), python3-zeep (SOAP from the served WSDL), Mono's runtime, compiler and WCF (NetTcp, BasicHttp and WebHttp, the WCF of mono-complete without the rest of it), and wrk (the reference suite's outside load generator) with GNU time (which measures wrk's CPU time); headless Chromium, which renders a report chart for the screenshot test; and PostgreSQL (Debian's postgresql), which the history store tests start as a private server on a free port. A test whose peer is missing fails and names the package.
# They install in the background while the solution builds (apt-get waits on the network and dpkg, the build on the
# CPU); the tests start only once they are in.
peers=(python3 python3-msgpack python3-grpcio python3-protobuf protobuf-compiler libprotobuf-dev python3-zeep mono-runtime mono-mcs libmono-system-servicemodel4.0a-cil libmono-system-servicemodel-web4.0-cil wrk time chromium-headless-shell postgresql)
install_peers() {
    local missing=() package sudo=""
    for package in "${peers[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "warning: no apt-get here; install ${missing[*]} (or your system's equivalents) for the conformance tests" >&2
        return 0
    fi
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "Installing what the tests need: ${missing[*]}"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/dev/null; then
        echo "warning: apt-get could not install ${missing[*]}; the tests that need them will fail and name the package" >&2
    fi
}
# speedscope, the viewer a diagnosis's profile file is written for: a test checks the file against the JSON schema its npm
# package ships and opens it in its web app in headless Chromium. Installed with npm (Debian's nodejs and npm when there is
# no npm), after the Debian packages.
speedscope=1.25.0
install_speedscope() {
    local root sudo=""
    root=$(npm root -g 2>/dev/null)
    if [ -n "$root" ] && grep -q "\"version\": \"$speedscope\"" "$root/speedscope/package.json" 2>/dev/null; then
        return 0
    fi
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    if ! command -v npm >/dev/null 2>&1; then
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nodejs npm; } >/dev/null \
            || echo "warning: apt-get could not install nodejs and npm; the speedscope tests will fail and name the command" >&2
    fi
    echo "Installing speedscope $speedscope with npm"
    $sudo npm install -g --silent "speedscope@$speedscope" >/dev/null \
        || echo "warning: npm could not install speedscope@$speedscope; the speedscope tests will fail and name the command" >&2
}
{ install_peers; install_speedscope; } &
peers_pid=$!

# Every build of the run (the solution's, and the tests' own builds of scratch services and consumers, which PerfAssert
# makes without a compiler server unless asked) shares one warm compiler server; it is shut down when the run ends.
export UseSharedCompilation=true
trap 'dotnet build-server shutdown >/dev/null 2>&1' EXIT

# Build everything once with both cores, then test without building: `dotnet test -m:1` would build the solution one
# project at a time as well, about a minute longer here.
if ! dotnet build PerfAssert.sln -c Release; then
    wait $peers_pid
    exit 1
fi
took "build"

# The reference build (baselines/reference.json) of the targets host, which the performance tests measure beside the
# working tree: made by the tool just built, while the projects that time nothing run. A shallow clone or a commit that
# does not build says so here, and the tests report the same; failing here does not stop the tests.
(
    if ! dotnet run -c Release --no-build --project tools/PerfAssert.Tool -- baseline build --project src/Targets/Targets.csproj; then
        echo "warning: the reference build of src/Targets could not be made; the performance tests judged against it will fail and say why" >&2
    fi
) &
reference_pid=$!
wait $peers_pid
took "peers (installed beside the build)"

# What dotnet test would set from the run settings every test project names (tests/Directory.Build.props): its
# environment variables, for the projects run as executables.
while IFS='=' read -r variable value; do
    [ -n "$variable" ] && export "$variable=$value"
done < <(sed -n 's:^ *<\([A-Z_][A-Z0-9_]*\)>\(.*\)</\1> *$:\1=\2:p' tests/perfassert.runsettings)

status=0
run() {
    local name directory results
    name=$(basename "$1" .csproj)
    directory="$(dirname "$1")/bin/Release/$framework"
    results="$PWD/TestResults"
    # dotnet test would start VSTest, which starts the xUnit v3 executable through its adapter: 2.5 s more per project
    # here and up to 8 s for one with hundreds of tests, for the same tests, results and exit code.
    if [ $# -eq 1 ] && [ -f "$directory/xunit.v3.core.dll" ]; then
        (cd "$directory" && dotnet exec "$name.dll" -noLogo -noColor -trx "$results/$name.trx")
    else
        dotnet test "$1" -c Release --no-build --logger "trx;LogFileName=$name.trx" --results-directory TestResults "${@:2}"
    fi
}
framework=$(sed -n 's:.*<TargetFramework>\(.*\)</TargetFramework>.*:\1:p' Directory.Build.props | head -n 1)
export framework
export -f run
mkdir -p TestResults
printf '%s\0' "${untimed[@]}" | xargs -0 -P 2 -I {} bash -c 'run "$@"' _ {} "$@" || status=1
took "untimed projects, two at a time"
wait $reference_pid
took "reference build (beside the untimed projects)"
for project in "${timed[@]}"; do
    run "$project" "$@" || status=1
    took "$(basename "$project" .csproj)"
done

# The slowest tests of the run, from the TRX files, so the next test that slows the loop is seen the day it lands. A TRX
# duration is the test's own: a class or assembly fixture's time (builds, packing, hosts) shows in its project's [time]
# line instead.
slowest() {
    local trx
    for trx in TestResults/*.trx; do
        [ -f "$trx" ] || continue
        grep -o '<UnitTestResult [^>]*>' "$trx" | awk -v project="$(basename "$trx" .trx)" '
            function attribute(name,  value) { value = $0; if (!sub(".* " name "=\"", "", value)) return ""; sub(/".*/, "", value); return value }
            {
                n = split(attribute("duration"), part, ":"); seconds = part[n] + 60 * part[n - 1] + 3600 * part[n - 2]
                name = attribute("testName"); gsub(/&quot;/, "\"", name); gsub(/&apos;/, "\047", name); gsub(/&lt;/, "<", name); gsub(/&gt;/, ">", name); gsub(/&amp;/, "\\&", name)
                printf "%8.1f s  %s: %s\n", seconds, project, name
            }'
    done | sort -rn | head -n 10
}
echo "The 10 slowest tests (their own time, without fixtures):"
slowest
exit $status
