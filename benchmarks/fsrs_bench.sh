#!/usr/bin/env bash
# The FSRS optimizer bar of issue 32: `vault fsrs optimize --revlog` on a
# review log of 100,000 reviews (simulated learners,
# Tests/oracles/fsrs_optimizer_oracle.py) <= 1 s on two cores with peak
# memory <= 200 MB, against fsrs-rs (PyPI's fsrs-rs-python 0.9.3) fitting
# the same file in the same run. Also prints both fits' log loss and
# RMSE(bins), as fsrs-rs evaluates them. benchmarks/run.sh (make bench)
# runs the same rows.
#
#   VAULT_BENCH_DIR   where the log and the oracle's venv are cached (default ~/.cache/vault-bench)
#   VAULT_BIN         the binary to time (default .build/release/vault)
#   BENCH_RUNS        runs per row, medians reported (default 5)
#   FSRS_REVIEWS      reviews in the log (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
VAULT=${VAULT_BIN:-$ROOT/.build/release/vault}
BENCH_DIR=${VAULT_BENCH_DIR:-$HOME/.cache/vault-bench}
RUNS=${BENCH_RUNS:-5}
REVIEWS=${FSRS_REVIEWS:-100000}
ORACLE="$ROOT/Tests/oracles/fsrs_optimizer_oracle.py"
[ -x "$VAULT" ] || { echo "error: $VAULT is missing; run 'swift build -c release' first." >&2; exit 1; }
mkdir -p "$BENCH_DIR"
venv="$BENCH_DIR/fsrs-oracle-venv"
if ! "$venv/bin/python" -c 'import fsrs, fsrs_rs_python' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q 'fsrs>=6,<7' 'fsrs-rs-python==0.9.3'
fi
csv="$BENCH_DIR/fsrs-revlog-$REVIEWS.csv"
[ -f "$csv" ] || "$venv/bin/python" "$ORACLE" simulate "$REVIEWS" 5 "$csv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
times=()
peaks=()
for i in $(seq "$RUNS"); do
  # Outside any vault: the fit is printed, nothing is written.
  out=$( { (cd "$work" && /usr/bin/time -f '%e %M' "$VAULT" fsrs optimize --revlog "$csv" --timezone UTC --json >"$work/fit.json"); } 2>&1 | tail -1)
  times+=("$(awk '{printf "%.0f", $1 * 1000}' <<<"$out")")
  peaks+=("$(awk '{printf "%.0f", $2 / 1024}' <<<"$out")")
done
oracle=()
for i in $(seq "$RUNS"); do
  "$venv/bin/python" "$ORACLE" fit "$csv" UTC 4 >"$work/oracle.json"
  oracle+=("$(python3 -c 'import json,sys; print("%.0f" % (json.load(open(sys.argv[1]))["seconds"]*1000))' "$work/oracle.json")")
done
weights=$(python3 -c 'import json,sys; print(",".join(str(w) for w in json.load(open(sys.argv[1]))["weights"]))' "$work/fit.json")
"$venv/bin/python" "$ORACLE" evaluate "$csv" UTC 4 "$weights" >"$work/mine.json"
vault_ms=$(median "${times[@]}")
oracle_ms=$(median "${oracle[@]}")
echo "vault fsrs optimize --revlog ($REVIEWS reviews), whole command: median $vault_ms ms (bar 1000 ms)"
echo "  peak memory: median $(median "${peaks[@]}") MB (bar 200 MB)"
echo "fsrs-rs compute_parameters on the same items (fit only): median $oracle_ms ms; ratio $(awk -v a="$vault_ms" -v b="$oracle_ms" 'BEGIN {printf "%.2f", a / b}')x"
python3 - "$work/mine.json" "$work/oracle.json" <<'PY'
import json, sys
mine, oracle = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
f, d = oracle["fitted"], oracle["default"]
print("log loss (fsrs-rs evaluate): vault %.5f, fsrs-rs %.5f (%+.2f%%), defaults %.5f"
      % (mine["log_loss"], f["log_loss"], 100 * (mine["log_loss"] / f["log_loss"] - 1), d["log_loss"]))
print("RMSE(bins): vault %.4f, fsrs-rs %.4f (%+.1f%%), defaults %.4f"
      % (mine["rmse_bins"], f["rmse_bins"], 100 * (mine["rmse_bins"] / f["rmse_bins"] - 1), d["rmse_bins"]))
PY

# The learners of issue 46 (Tests/oracles/fsrs_optimizer_oracle.py `learner`):
# each kind at FSRS_LEARNER_CARDS cards (default 50,000; the unit tests run
# 200 and 3,000), fitted by vault and by fsrs-rs, both fits evaluated by
# fsrs-rs. The bar: log loss within 0.5% and RMSE(bins) within 8% of
# fsrs-rs's, and `better: true` wherever fsrs-rs beats the defaults.
LEARNER_CARDS=${FSRS_LEARNER_CARDS:-50000}
for kind in ${FSRS_LEARNERS:-realistic high-retention low-retention lapses long-breaks same-day}; do
  csv="$BENCH_DIR/fsrs-learner-$kind-$LEARNER_CARDS.csv"
  [ -f "$csv" ] || "$venv/bin/python" "$ORACLE" learner "$kind" "$LEARNER_CARDS" 1 "$csv"
  start=$(date +%s%N)
  (cd "$work" && "$VAULT" fsrs optimize --revlog "$csv" --timezone UTC --json >"$work/learner.json")
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  "$venv/bin/python" "$ORACLE" fit "$csv" UTC 4 >"$work/learner-oracle.json"
  weights=$(python3 -c 'import json,sys; print(",".join(str(w) for w in json.load(open(sys.argv[1]))["weights"]))' "$work/learner.json")
  "$venv/bin/python" "$ORACLE" evaluate "$csv" UTC 4 "$weights" >"$work/learner-mine.json"
  python3 - "$kind" "$ms" "$work/learner.json" "$work/learner-mine.json" "$work/learner-oracle.json" <<'PY'
import json, sys
kind, ms = sys.argv[1], sys.argv[2]
report, mine, oracle = (json.load(open(p)) for p in sys.argv[3:6])
f, d = oracle["fitted"], oracle["default"]
ok = (mine["log_loss"] <= f["log_loss"] * 1.005 and mine["rmse_bins"] <= f["rmse_bins"] * 1.08
      and (report["better"] or f["log_loss"] >= d["log_loss"]))
print("learner %s (%d items): vault %s ms; log loss %.5f vs fsrs-rs %.5f (%+.2f%%), RMSE(bins) %.4f vs %.4f (%+.1f%%), defaults %.5f/%.4f, better %s: %s"
      % (kind, len(oracle["items"]), ms, mine["log_loss"], f["log_loss"], 100 * (mine["log_loss"] / f["log_loss"] - 1),
         mine["rmse_bins"], f["rmse_bins"], 100 * (mine["rmse_bins"] / f["rmse_bins"] - 1), d["log_loss"], d["rmse_bins"],
         str(report["better"]).lower(), "ok" if ok else "FAILS the bar"))
PY
done
