# Sourced by the known-answer scripts (eng/history-known-answer.sh, eng/bisect-known-answer.sh): a scratch clone of this
# repository in "$work/repo" on a branch named main, its packages packed under a version of their own (so the consumer
# sample restores this commit's library: "$version"), the perfassert tool built (`tool`), and `fault KEY VALUE`, which
# sets one of the sample service's fault switches in its appsettings.json. Needs $repo, $work and $label set.
git clone -q "$repo" "$work/repo"
cd "$work/repo"
git checkout -q -B main
git config user.email "$label@perfassert.invalid"
git config user.name "known-answer $label"
version=0.1.0-$label.$(date +%s)
for project in src/PerfAssert src/PerfAssert.Xunit src/PerfAssert.Hosting src/PerfAssert.Load; do
    dotnet pack "$project" -c Release -o artifacts/packages -p:Version="$version" >/dev/null
done
dotnet build tools/PerfAssert.Tool -c Release >/dev/null
tool() { dotnet "$work/repo/tools/PerfAssert.Tool/bin/Release/net10.0/PerfAssert.Tool.dll" "$@"; }

settings=samples/OrdersService/appsettings.json
fault() {
    python3 - "$settings" "$1" "$2" <<'PY'
import json, sys
path, key, value = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path) as f:
    settings = json.load(f)
settings.setdefault("Faults", {})[key] = value
with open(path, "w") as f:
    json.dump(settings, f, indent=2)
    f.write("\n")
PY
}
