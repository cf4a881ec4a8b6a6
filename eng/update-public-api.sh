#!/usr/bin/env bash
# Brings the PublicAPI.*.txt files of the packable projects (eng/PublicApi.props) up to date with their code, from the
# public API analyzer's own findings: the projects build with those findings as warnings, every undeclared public
# symbol (RS0016, whose message quotes the exact line to declare) is added to PublicAPI.Unshipped.txt, and every declared
# one that is gone (RS0017) is dropped from Unshipped, or, when it had shipped, recorded there as a *REMOVED* line.
# Then they build again, until the analyzer has nothing more to say. Read the diff of the files before committing it.
#
#   eng/update-public-api.sh                      every packable project under src/ and tools/
#   eng/update-public-api.sh src/X/X.csproj ...   only these (their references build too, but keep their files)
#   eng/update-public-api.sh --shipped            record the changes in PublicAPI.Shipped.txt instead (a baseline)
#   eng/update-public-api.sh --promote            a release: move Unshipped into Shipped, applying its *REMOVED* lines
#
# Other findings (RS0026 and RS0027 on optional parameters, RS0041 on oblivious types, ...) need a change to the code;
# they are listed at the end and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_UI_LANGUAGE=en DOTNET_NOLOGO=1

mode=unshipped
projects=()
for argument in "$@"; do
    case "$argument" in
        --shipped) mode=shipped ;;
        --promote) mode=promote ;;
        -h|--help) awk 'NR > 1 { if (!/^#/) exit; print substr($0, 3) }' "$0"; exit 0 ;;
        -*) echo "unknown option $argument" >&2; exit 2 ;;
        *) projects+=("$argument") ;;
    esac
done
if [ ${#projects[@]} -eq 0 ]; then
    mapfile -t projects < <(grep -rl --include='*.csproj' '<IsPackable>true' src tools | LC_ALL=C sort)
fi

header='#nullable enable'

# Rewrites a PublicAPI file as its header and its other lines sorted (ordinal) without blanks or duplicates.
normalize() {
    local file=$1 body
    body=$(grep -vxF -e "$header" -e '' "$file" | LC_ALL=C sort -u || true)
    { echo "$header"; [ -z "$body" ] || printf '%s\n' "$body"; } > "$file"
}

for project in "${projects[@]}"; do
    directory=$(dirname "$project")
    for file in "$directory/PublicAPI.Shipped.txt" "$directory/PublicAPI.Unshipped.txt"; do
        [ -f "$file" ] || echo "$header" > "$file"
        if [ "$(head -n 1 "$file")" != "$header" ]; then
            echo "$file does not start with '$header'" >&2
            exit 1
        fi
    done
done

if [ "$mode" = promote ]; then
    for project in "${projects[@]}"; do
        directory=$(dirname "$project")
        shipped="$directory/PublicAPI.Shipped.txt" unshipped="$directory/PublicAPI.Unshipped.txt"
        while IFS= read -r line; do
            case "$line" in
                "$header" | "") ;;
                '*REMOVED*'*) grep -vxF -e "${line#\*REMOVED\*}" "$shipped" > "$shipped.new" || true; mv "$shipped.new" "$shipped" ;;
                *) echo "$line" >> "$shipped" ;;
            esac
        done < "$unshipped"
        echo "$header" > "$unshipped"
        normalize "$shipped"
    done
    echo "Promoted PublicAPI.Unshipped.txt into PublicAPI.Shipped.txt for ${#projects[@]} projects."
    exit 0
fi

log=$(mktemp)
trap 'rm -f "$log" "$log.findings"' EXIT
pass=0
while true; do
    pass=$((pass + 1))
    : > "$log"
    for project in "${projects[@]}"; do
        # The files are inputs of the compiler: touched, they make it run, and the analyzer report, even in a built tree.
        touch "$(dirname "$project")"/PublicAPI.*.txt
    done
    for project in "${projects[@]}"; do
        if ! dotnet build "$project" -c Release -nologo -clp:NoSummary \
            -p:PerfAssertPublicApiAsWarnings=true -p:TreatWarningsAsErrors=false >> "$log" 2>&1; then
            grep -E ': error ' "$log" | LC_ALL=C sort -u >&2 || tail -n 40 "$log" >&2
            echo "Building $project failed; fix that first." >&2
            exit 1
        fi
    done

    # "<file>(<line>,<column>): warning RS0016: Symbol '<API line>' is not part of the declared public API (<help>) [<project>]"
    perl -ne '
        if (/warning (RS0016): Symbol \x27(.*)\x27 is not part of the declared public API.*\[([^\]]+?\.csproj)(?:::[^\]]*)?\]\s*$/
            || /warning (RS0017): Symbol \x27(.*)\x27 is part of the declared API, but is either not public or could not be found.*\[([^\]]+?\.csproj)(?:::[^\]]*)?\]\s*$/) {
            print "$1\t$3\t$2\n";
        }' "$log" | LC_ALL=C sort -u > "$log.findings"
    if [ ! -s "$log.findings" ]; then
        break
    elif [ "$pass" -gt 3 ]; then
        echo "The analyzer still reports missing or stale entries after three passes:" >&2
        cut -f 2- "$log.findings" >&2
        exit 1
    fi
    echo "Pass $pass: $(grep -c $'^RS0016\t' "$log.findings" || true) to declare, $(grep -c $'^RS0017\t' "$log.findings" || true) gone."

    for project in "${projects[@]}"; do
        directory=$(dirname "$project")
        shipped="$directory/PublicAPI.Shipped.txt" unshipped="$directory/PublicAPI.Unshipped.txt"
        target=$unshipped
        [ "$mode" = shipped ] && target=$shipped
        full=$(realpath "$project")
        while IFS=$'\t' read -r id where line; do
            [ "$(realpath "$where")" = "$full" ] || continue
            if [ "$id" = RS0016 ]; then
                echo "$line" >> "$target"
            elif grep -qxF -e "$line" "$unshipped"; then
                grep -vxF -e "$line" "$unshipped" > "$unshipped.new" || true; mv "$unshipped.new" "$unshipped"
            elif [ "$mode" = shipped ]; then
                grep -vxF -e "$line" "$shipped" > "$shipped.new" || true; mv "$shipped.new" "$shipped"
            else
                echo "*REMOVED*$line" >> "$unshipped"
            fi
        done < "$log.findings"
        normalize "$shipped"
        normalize "$unshipped"
    done
done

others=$(grep -E 'warning RS00[0-9][0-9]:' "$log" | LC_ALL=C sort -u || true)
if [ -n "$others" ]; then
    echo "$others" >&2
    echo "The public API analyzer reports the above; they need a change to the code, not to the PublicAPI files." >&2
    exit 1
fi
git status --short | grep -F PublicAPI. || true
echo "The PublicAPI files of ${#projects[@]} projects declare their public API."
