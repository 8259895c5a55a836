#!/usr/bin/env bash
# The browser check: renders the HTML reports of known failures and looks at
# them in headless Chromium as a person would. For each page it
#   - takes a 1440x900 screenshot (kept in the output folder, to look at);
#   - loads the page with no console message (the page has no script, so any
#     message is an error: a resource it could not load, markup the browser
#     rejected) and no request for anything but the page itself;
#   - measures, in the browser's own layout, a copy of the page with a
#     measuring script added: no two labels of a picture overlap, the failing
#     cell's circle (an adapter timeline: its failing end of block) lies
#     inside the first 1440x900 screen, and the page is no wider than the
#     window.
# The pages: an R11 reload and move (validate), lcs-2013's C1 (check), a
# failure in the second of two stages (validate), a C1 in a case of 300
# rows (validate), and an adapter script's timeline (validate, A2). Fails when Chromium is missing: install Debian's
# `chromium` (apt-get install -y chromium), or set CHROMIUM to another binary.
#
# Usage: Scripts/browser-check.sh [OUTPUT_FOLDER]   (default .build/browser-check)
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM:-chromium}
if ! command -v "$chromium" >/dev/null 2>&1; then
  echo "error: browser check: '$chromium' not found; install it (apt-get install -y chromium) or set CHROMIUM" >&2
  exit 1
fi
out=${1:-.build/browser-check}
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
swift build --product batchcheck >/dev/null
batchcheck=(swift run --skip-build batchcheck)

# A command that reports a failure exits 1; anything else is an error here.
run_report() {
  local status=0
  "${batchcheck[@]}" "$@" >/dev/null || status=$?
  if [ "$status" -gt 1 ]; then
    echo "error: browser check: batchcheck $* exited $status" >&2
    exit 1
  fi
}
run_report check --generator lcs-2013 --html "$out/lcs-2013-C1.html"
run_report validate Scripts/browser-check/reload-and-move.jsonl --html "$out/reload-and-move-R11.html"
run_report validate Scripts/browser-check/staged-failure.jsonl --html "$out/staged-R11.html"
run_report validate Scripts/browser-check/large-300-rows.jsonl --html "$out/large-300-rows-C1.html"
# An adapter script's timeline: H3, a reload owed when the batch starts (A2).
run_report validate Scripts/browser-check/adapter-reload-owed.jsonl --html "$out/adapter-A2.html"

browser=("$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1440,900
  --no-first-run --disable-extensions --disable-background-networking --disable-sync
  --enable-logging=stderr --v=0)

# The measuring script, added to a copy of each page: errors are collected
# from the start, and the measurements written into the page, which
# --dump-dom then prints.
head_script='<script>window.bcErrors=[];addEventListener("error",function(e){bcErrors.push(String(e.message||e.target&&e.target.outerHTML))},true);</script>'
body_script=$(cat <<'EOF'
<script>(function(){
var r=function(e){var b=e.getBoundingClientRect();return {l:b.left,t:b.top,r:b.right,b:b.bottom,text:e.textContent};};
var pictures=document.querySelectorAll("svg.picture"),labels=0,overlaps=[];
pictures.forEach(function(svg){
  var boxes=Array.prototype.map.call(svg.querySelectorAll(".label"),r).filter(function(b){return b.r>b.l&&b.b>b.t;});
  labels+=boxes.length;
  for(var i=0;i<boxes.length;i++)for(var j=i+1;j<boxes.length;j++){var a=boxes[i],c=boxes[j];
    if(a.l<c.r-0.5&&c.l<a.r-0.5&&a.t<c.b-0.5&&c.t<a.b-0.5)overlaps.push(a.text+" | "+c.text);}
});
var m=document.querySelector(".bc-marker")||document.querySelector("tr.failing-end"),mb=m?r(m):null,p=document.createElement("pre");
p.id="bc-measure";
p.textContent=["pictures="+pictures.length,"labels="+labels,"overlaps="+overlaps.length,
 "overlap="+(overlaps[0]||""),"markers="+document.querySelectorAll(".bc-marker").length,
 "timelines="+document.querySelectorAll("table.timeline").length,
 "failingends="+document.querySelectorAll("tr.failing-end").length,
 "marker="+(mb?[mb.l,mb.t,mb.r,mb.b].map(Math.round).join(","):""),
 "viewport="+innerWidth+","+innerHeight,"scrollwidth="+document.documentElement.scrollWidth,
 "errors="+bcErrors.length].join("\n");
document.body.appendChild(p);})();</script>
EOF
)

# `text` on one line, ready for the replacement of a sed `s#...#...#`.
sed_text() { printf '%s' "$1" | tr '\n' ' ' | sed 's/[&#\\]/\\&/g'; }

failures=0
fail() {
  echo "FAIL $1: $2" >&2
  failures=$((failures + 1))
}

for page in "$out"/*.html; do
  name=$(basename "$page" .html)
  # Self-contained: nothing to fetch.
  if grep -Eq 'https?://|src=|@import' "$page"; then fail "$name" "the page refers to something outside it"; fi
  timeout 120 "${browser[@]}" --screenshot="$out/$name.png" "file://$page" >/dev/null 2>"$out/$name.log" || true
  if [ ! -s "$out/$name.png" ] || [ "$(head -c 4 "$out/$name.png" | tail -c 3)" != "PNG" ]; then
    fail "$name" "no screenshot"
  fi
  if grep -q "CONSOLE" "$out/$name.log"; then
    fail "$name" "console messages: $(grep "CONSOLE" "$out/$name.log" | head -3)"
  fi
  measured="$out/$name.measure.html"
  sed -e "s#<head>#<head>$(sed_text "$head_script")#" -e "s#</body>#$(sed_text "$body_script")</body>#" \
    "$page" >"$measured"
  timeout 120 "${browser[@]}" --dump-dom "file://$measured" >"$out/$name.dom" 2>/dev/null || true
  measure=$(sed -n '/<pre id="bc-measure">/,/<\/pre>/p' "$out/$name.dom" \
    | sed 's/.*<pre id="bc-measure">//; s/<\/pre>.*//')
  value() { printf '%s\n' "$measure" | grep "^$1=" | head -1 | cut -d= -f2-; }
  if [ -z "$measure" ]; then
    fail "$name" "the measuring script did not run"
    continue
  fi
  read -r width height <<<"$(value viewport | tr ',' ' ')"
  read -r left top right bottom <<<"$(value marker | tr ',' ' ')"
  [ "$(value errors)" = "0" ] || fail "$name" "$(value errors) errors while loading"
  if [[ "$name" == adapter-* ]]; then
    # A timeline, not a picture: one table, one failing end of block, marked.
    [ "$(value timelines)" = "1" ] || fail "$name" "$(value timelines) timelines, not 1"
    [ "$(value failingends)" = "1" ] || fail "$name" "$(value failingends) failing ends, not 1"
  else
    [ "$(value pictures)" -ge 1 ] || fail "$name" "no picture"
    [ "$(value labels)" -ge 3 ] || fail "$name" "only $(value labels) labels"
    [ "$(value overlaps)" = "0" ] || fail "$name" "$(value overlaps) overlapping labels, e.g. $(value overlap)"
    [ "$(value markers)" = "1" ] || fail "$name" "$(value markers) failing-cell markers, not 1"
  fi
  if [ -z "${left:-}" ] || [ "$left" -lt 0 ] || [ "$top" -lt 0 ] || [ "$right" -gt "$width" ] \
    || [ "$bottom" -gt "$height" ]; then
    fail "$name" "the failing cell's marker (${left:-?},${top:-?})-(${right:-?},${bottom:-?}) is not inside the ${width}x${height} window"
  fi
  [ "$(value scrollwidth)" -le "$width" ] || fail "$name" "the page is $(value scrollwidth) pixels wide, wider than the window"
  echo "$name: $(value labels) labels, none overlapping; marker at (${left},${top})-(${right},${bottom}) in ${width}x${height}; screenshot $out/$name.png"
done

if [ "$failures" -gt 0 ]; then
  echo "browser check: $failures problems" >&2
  exit 1
fi
echo "browser check: 5 pages pass"
