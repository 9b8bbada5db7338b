"""The FSRS optimizer oracle: simulated review logs, and fsrs-rs (through
PyPI's fsrs-rs-python) fitting and evaluating them.

Usage:
  simulate REVIEWS SEED OUT.csv [KIND]   a review log of simulated learners (KIND: mixed,
                                          one-card, same-day, learning-only, resets)
  fit CSV [TIMEZONE HOUR]                 items, fsrs-rs's fitted weights and its metrics (JSON)
  evaluate CSV TIMEZONE HOUR WEIGHTS      fsrs-rs's metrics of WEIGHTS (comma-separated) (JSON)
  learner KIND CARDS SEED OUT.csv         a learner who studies day by day (KIND: realistic,
                                          high-retention, low-retention, lapses, long-breaks,
                                          same-day); see LEARNERS

The items are built from the CSV here, in Python, following Anki's
rslib/src/scheduler/fsrs/params.rs (reviews_for_fsrs, training): the card's
last run of learning entries starts its history, a manual entry (state 4)
before that run cuts what came before, days are whole days across HOUR in
TIMEZONE, same-day answers stay in the history but are never targets.
"""
import csv
import json
import random
import sys
import time
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo


def read_revlog(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [
        (row["card_id"], int(row["review_time"]), int(row["review_rating"]),
         int(row["review_state"]) if row.get("review_state", "") != "" else None)
        for row in rows
    ]


def build_items(rows, tz_name="UTC", hour=4):
    tz = ZoneInfo(tz_name)
    cards = {}
    for card, ms, rating, state in rows:
        cards.setdefault(card, []).append((ms, rating, state))
    targets = []
    for card, entries in cards.items():
        entries = sorted(entries, key=lambda e: e[0])  # stable
        if all(e[2] is None for e in entries):
            entries = [(ms, r, 0 if i == 0 else 1) for i, (ms, r, _) in enumerate(entries)]
        first = None
        dropped = False
        for i in range(len(entries) - 1, -1, -1):
            ms, rating, state = entries[i]
            if state == 0 and rating > 0:
                first = i
            elif state == 4:
                if first is None:
                    dropped = True
                break
            elif first is not None:
                break
        if dropped or first is None:
            continue
        kept = [e for e in entries[first:] if e[1] > 0 and e[2] != 4]
        reviews = []
        previous = None
        card_targets = []
        for ms, rating, state in kept:
            day = datetime.fromtimestamp((ms - hour * 3600 * 1000) / 1000, tz).date()
            delta = 0 if previous is None else max(0, (day - previous).days)
            previous = day
            reviews.append((rating, delta))
            if len(reviews) >= 2 and delta > 0:
                card_targets.append((ms, list(reviews)))
        for ms, item in card_targets:
            targets.append((ms, len(targets), card, item))
    targets.sort(key=lambda t: (t[0], t[1]))
    return [(t[2], t[3]) for t in targets]


def to_fsrs(items):
    import fsrs_rs_python as f
    return [f.FSRSItem([f.FSRSReview(r, d) for r, d in item]) for _, item in items]


def card_numbers(items, rows=None):
    """Each item's card as a number: the card's place in the log (its first
    row), as an Anki card id (its creation time) orders cards; without the
    rows, the order of the cards' first items."""
    numbers = {}
    for card, *_ in rows or []:
        numbers.setdefault(card, len(numbers))
    return [numbers.setdefault(card, len(numbers)) for card, _ in items]


def metrics(weights, fsrs_items):
    import fsrs_rs_python as f
    e = f.FSRS(list(weights)).evaluate(fsrs_items)
    return {"log_loss": e.log_loss, "rmse_bins": e.rmse_bins}


def fit(path, tz_name, hour):
    import fsrs_rs_python as f
    rows = read_revlog(path)
    items = build_items(rows, tz_name, hour)
    fsrs_items = to_fsrs(items)
    out = {"items": [item for _, item in items], "cards": [card for card, _ in items]}
    if fsrs_items:
        started = time.perf_counter()
        weights = f.FSRS(list(f.DEFAULT_PARAMETERS)).compute_parameters(
            fsrs_items, card_ids=card_numbers(items, rows))
        out["seconds"] = time.perf_counter() - started
        out["weights"] = list(weights)
        out["fitted"] = metrics(weights, fsrs_items)
        out["default"] = metrics(f.DEFAULT_PARAMETERS, fsrs_items)
    print(json.dumps(out))


def evaluate(path, tz_name, hour, weights):
    items = build_items(read_revlog(path), tz_name, hour)
    print(json.dumps(metrics(weights, to_fsrs(items))))


# A "true" learner: FSRS-6 memory with weights other than the defaults.
TRUE_WEIGHTS = (0.5, 2.1, 4.0, 15.0, 6.9, 0.55, 2.2, 0.02, 1.6, 0.12, 1.1, 1.8, 0.09, 0.3, 2.0,
                0.45, 2.4, 0.6, 0.2, 0.12, 0.3)


def simulate(reviews, seed, out, kind="mixed"):
    from fsrs import Card, Rating, Scheduler
    rng = random.Random(seed)
    scheduler = Scheduler(enable_fuzzing=False)
    truth = Scheduler(parameters=TRUE_WEIGHTS, enable_fuzzing=False)
    start = datetime(2025, 1, 1, 9, 0, 0, tzinfo=timezone.utc)
    horizon = start + timedelta(days=365 * 2)
    rows = []
    card_id = 0
    while len(rows) < reviews:
        card_id += 1
        card, true_card = Card(card_id=card_id, due=start), Card(card_id=card_id, due=start)
        now = start + timedelta(seconds=rng.randrange(0, 86400 * 400))
        reset_done = kind != "resets" or rng.random() < 0.5
        while now < horizon and len(rows) < reviews:
            if true_card.last_review is None:
                p = 1.0
            else:
                p = truth.get_card_retrievability(true_card, current_datetime=now)
            if rng.random() < p:
                rating = Rating(rng.choices([2, 3, 4], weights=[15, 75, 10])[0])
            else:
                rating = Rating.Again
            state = {1: 0, 2: 1, 3: 2}[int(card.state)]
            if kind == "learning-only":
                state = 0
            rows.append((card_id, int(now.timestamp() * 1000), int(rating), state))
            card, _ = scheduler.review_card(card, rating, review_datetime=now)
            true_card, _ = truth.review_card(true_card, rating, review_datetime=now)
            if kind == "same-day":
                now = now + timedelta(minutes=rng.randrange(1, 60))
                if now.date() != start.date() and now.hour >= 3:
                    break
                continue
            if not reset_done and len([r for r in rows if r[0] == card_id]) >= 6:
                reset_done = True
                now = now + timedelta(days=rng.randrange(1, 30))
                rows.append((card_id, int(now.timestamp() * 1000), 0, 4))
                card, true_card = Card(card_id=card_id, due=now), Card(card_id=card_id, due=now)
                now = now + timedelta(hours=1)
                continue
            late = rng.random()
            if late < 0.7:
                now = card.due + timedelta(seconds=rng.randrange(0, 3600 * 8))
            else:
                span = max((card.due - now).total_seconds(), 60)
                now = card.due + timedelta(seconds=rng.randrange(0, int(span * 2)))
        if kind == "one-card":
            break
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["card_id", "review_time", "review_rating", "review_state", "review_duration"])
        for card_id, ms, rating, state in rows:
            w.writerow([card_id, ms, rating, state, 4000 + (ms % 7000)])


# Learners who study day by day, each unlike the default learner in one way.
# Each card has a true memory (one of three hidden learners: easy, middling
# and hard material); the schedule is py-fsrs's with the default weights and
# the learner's desired retention. Reviews happen in a daily session (the
# learner's hour, a few minutes per card), learning and relearning steps come
# back within the session, breaks push every review to the first day after.
#   name: (days, desired retention, learning steps (minutes), relearning steps,
#          truth scale (>1: remembers better than the defaults say), ratings
#          when recalled (Hard, Good, Easy), breaks (count, shortest, longest days),
#          chance of a same-day re-review after a pass, chance of reviewing late)
LEARNERS = {
    "realistic": (240, 0.9, (1, 10), (10,), 1.0, (15, 75, 10), (3, 10, 40), 0.05, 0.3),
    "high-retention": (300, 0.97, (1, 10), (10,), 1.4, (5, 70, 25), (0, 0, 0), 0.0, 0.1),
    "low-retention": (300, 0.75, (10,), (), 0.8, (25, 70, 5), (1, 5, 15), 0.0, 0.2),
    "lapses": (240, 0.9, (1, 10), (10, 60), 0.35, (30, 65, 5), (2, 5, 20), 0.05, 0.3),
    "long-breaks": (400, 0.9, (1, 10), (10,), 1.0, (15, 75, 10), (4, 30, 120), 0.0, 0.4),
    "same-day": (200, 0.9, (1, 10, 60, 180), (10, 60), 0.9, (15, 75, 10), (1, 3, 10), 0.3, 0.2),
}

TRUE_LEARNERS = (
    (1.0, 3.2, 6.0, 20.0, 5.8, 0.6, 2.0, 0.01, 1.9, 0.10, 1.2, 1.6, 0.08, 0.35, 1.8,
     0.5, 2.2, 0.5, 0.25, 0.08, 0.25),
    (0.5, 2.1, 4.0, 15.0, 6.9, 0.55, 2.2, 0.02, 1.6, 0.12, 1.1, 1.8, 0.09, 0.3, 2.0,
     0.45, 2.4, 0.6, 0.2, 0.12, 0.3),
    (0.2, 0.9, 2.0, 8.0, 8.0, 0.5, 2.6, 0.03, 1.3, 0.2, 0.9, 2.0, 0.1, 0.25, 2.3,
     0.4, 2.6, 0.7, 0.15, 0.15, 0.35),
)


def learner(kind, cards, seed, out):
    from fsrs import Card, Rating, Scheduler
    (days, retention, steps, relearning, scale, ratings, breaks, same_day, late_chance) = LEARNERS[kind]
    rng = random.Random(seed)
    minutes = lambda m: timedelta(minutes=m)
    scheduler = Scheduler(desired_retention=retention, learning_steps=[minutes(m) for m in steps],
                          relearning_steps=[minutes(m) for m in relearning], enable_fuzzing=False)
    truths = []
    for weights in TRUE_LEARNERS:
        w = list(weights)
        w[0:4] = [min(100.0, x * scale) for x in w[0:4]]
        w[8] = w[8] + (0.3 if scale > 1 else -0.6 if scale < 0.5 else 0.0)
        truths.append(Scheduler(parameters=w, learning_steps=scheduler.learning_steps,
                                relearning_steps=scheduler.relearning_steps, enable_fuzzing=False))
    start = datetime(2025, 3, 1, tzinfo=timezone.utc)
    hour = rng.randrange(7, 21)
    off = set()
    count, shortest, longest = breaks
    for _ in range(count):
        first = rng.randrange(20, max(21, days - 20))
        off.update(range(first, first + rng.randrange(shortest, longest + 1)))

    def session(day):
        while day in off:
            day += 1
        return start + timedelta(days=day, hours=hour, minutes=rng.randrange(0, 40))

    rows = []
    for card_id in range(1, cards + 1):
        truth = truths[rng.choices([0, 1, 2], weights=[3, 5, 2])[0]]
        card, true_card = Card(card_id=card_id), Card(card_id=card_id)
        # New cards come in the first 70% of the days.
        now = session(int(rng.random() * days * 0.7))
        horizon = start + timedelta(days=days)
        while now < horizon:
            p = 1.0 if true_card.last_review is None else truth.get_card_retrievability(true_card, now)
            rating = Rating(rng.choices([2, 3, 4], weights=ratings)[0]) if rng.random() < p else Rating.Again
            rows.append((card_id, int(now.timestamp() * 1000), int(rating), {1: 0, 2: 1, 3: 2}[int(card.state)]))
            card, _ = scheduler.review_card(card, rating, review_datetime=now)
            true_card, _ = truth.review_card(true_card, rating, review_datetime=now)
            gap = card.due - now
            if gap < timedelta(hours=12):
                now = card.due + timedelta(seconds=rng.randrange(0, 300))
            elif rating != Rating.Again and rng.random() < same_day:
                now = now + timedelta(minutes=rng.randrange(20, 240))
            else:
                day = (card.due - start).days
                if rng.random() < late_chance:
                    day += rng.randrange(1, max(2, gap.days))
                now = session(day)
    rows.sort(key=lambda r: (r[1], r[0]))
    with open(out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["card_id", "review_time", "review_rating", "review_state", "review_duration"])
        for card_id, ms, rating, state in rows:
            w.writerow([card_id, ms, rating, state, 4000 + (ms % 7000)])


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "simulate":
        simulate(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5] if len(sys.argv) > 5 else "mixed")
    elif command == "learner":
        learner(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    elif command == "fit":
        fit(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "UTC", int(sys.argv[4]) if len(sys.argv) > 4 else 4)
    elif command == "evaluate":
        evaluate(sys.argv[2], sys.argv[3], int(sys.argv[4]), [float(x) for x in sys.argv[5].split(",")])
    else:
        sys.exit(f"unknown command {command}")
