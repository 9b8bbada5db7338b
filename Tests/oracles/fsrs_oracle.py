"""Random review histories through py-fsrs 6.x (fuzz off), as JSON lines.

Usage: python fsrs_oracle.py HISTORIES SEED [RETENTION LEARNING_STEPS RELEARNING_STEPS MAX_INTERVAL]
(steps as comma-separated seconds, possibly empty)
Each line: {"reviews": [{"t": epoch seconds, "r": 1-4, "s": stability,
"d": difficulty, "state": 1-3, "step": n or null, "due": epoch seconds}]}
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

histories = int(sys.argv[1])
rng = random.Random(int(sys.argv[2]))
if len(sys.argv) > 3:
    def steps(text):
        return tuple(timedelta(seconds=int(x)) for x in text.split(",") if x)
    scheduler = Scheduler(
        desired_retention=float(sys.argv[3]), learning_steps=steps(sys.argv[4]),
        relearning_steps=steps(sys.argv[5]), maximum_interval=int(sys.argv[6]), enable_fuzzing=False)
else:
    scheduler = Scheduler(enable_fuzzing=False)
start = datetime(2026, 1, 1, 8, 0, 0, tzinfo=timezone.utc)

for _ in range(histories):
    card = Card(card_id=1, due=start)
    now = start + timedelta(seconds=rng.randrange(0, 86400 * 30))
    reviews = []
    for _ in range(rng.randrange(5, 40)):
        rating = Rating(rng.choices([1, 2, 3, 4], weights=[2, 2, 5, 1])[0])
        card, _ = scheduler.review_card(card, rating, review_datetime=now)
        reviews.append({
            "t": int(now.timestamp()), "r": int(rating), "s": card.stability, "d": card.difficulty,
            "state": int(card.state), "step": card.step, "due": int(card.due.timestamp()),
        })
        interval = (card.due - now).total_seconds()
        kind = rng.random()
        if kind < 0.6:    # on time or a little late
            now = card.due + timedelta(seconds=rng.randrange(0, 3600 * 6))
        elif kind < 0.8:  # early
            now = now + timedelta(seconds=rng.randrange(0, int(interval) + 1))
        else:             # late by up to three intervals
            now = card.due + timedelta(seconds=rng.randrange(0, int(interval * 3) + 2))
    print(json.dumps({"reviews": reviews}))
