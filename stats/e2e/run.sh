#!/bin/sh
# make e2e: the statistics report in a real browser.
#
# Builds arbiter, checks the bundled sample games (testdata/demo and the
# hostile event names of stats/e2e/testdata) into Parquet tables, writes the
# report in every format, opens the HTML page in headless Chromium (installed
# from Debian when missing) and fails on any console message (the page has
# no script, so any message is a fault: a blocked load, an injected handler),
# then compares the charts of the rendered DOM with the JSON summary.
# Everything lands in stats/e2e/out/, the screenshot as report.png.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/stats/e2e/out"
GO=${GO:-go}
cd "$root"

fail() {
	echo "e2e: $*" >&2
	exit 1
}

rm -rf "$out"
mkdir -p "$out"

echo "e2e: building arbiter"
"$GO" build -o "$out/arbiter" ./cmd/arbiter

echo "e2e: arbiter check --out"
status=0
"$out/arbiter" check --quiet --format none --out "$out/tables" testdata/demo stats/e2e/testdata || status=$?
# 1 means findings, which the samples are there to have.
[ "$status" -le 1 ] || fail "arbiter check exited with $status"
ls "$out"/tables/games/*.parquet >/dev/null 2>&1 || fail "arbiter check wrote no games table"

echo "e2e: arbiter stats"
"$out/arbiter" stats -o "$out/report.html" "$out/tables"
"$out/arbiter" stats --format json -o "$out/report.json" "$out/tables"
"$out/arbiter" stats --format markdown -o "$out/report.md" "$out/tables"
"$out/arbiter" stats "$out/tables" | tee "$out/report.txt"
[ -s "$out/report.html" ] || fail "no HTML report"

browser=""
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		browser=$b
		break
	fi
done
if [ -z "$browser" ]; then
	echo "e2e: installing chromium"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
	browser=chromium
fi

# A fresh profile each time, and nothing that reaches the network.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
run_browser() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --enable-logging=stderr --v=0 "$@"
}

echo "e2e: opening the report in $browser"
run_browser --window-size=1200,2000 --screenshot="$out/report.png" "file://$out/report.html" \
	>"$out/browser.log" 2>&1 || fail "$browser failed: see $out/browser.log"
# Console messages are logged as INFO:CONSOLE (or ERROR:CONSOLE); uncaught
# exceptions as "Uncaught ...".
if grep -E ':CONSOLE|Uncaught' "$out/browser.log"; then
	fail "console messages while loading the report (above)"
fi
[ -s "$out/report.png" ] || fail "no screenshot"

run_browser --dump-dom "file://$out/report.html" >"$out/dom.html" 2>"$out/browser-dom.log" ||
	fail "$browser --dump-dom failed: see $out/browser-dom.log"
if grep -E ':CONSOLE|Uncaught' "$out/browser-dom.log"; then
	fail "console messages while rendering the DOM (above)"
fi
"$GO" run ./stats/e2e/domcheck "$out/report.json" "$out/dom.html"

echo "e2e: ok; screenshot at $out/report.png"
