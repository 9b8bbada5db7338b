"""Reads an iCalendar file with Python's `icalendar` (an independent RFC 5545
parser) and prints what it found as JSON, for CalendarTests."""
import json
import sys

import icalendar

raw = open(sys.argv[1], "rb").read()
cal = icalendar.Calendar.from_ical(raw)
out = {"events": [], "todos": [], "timezones": [], "lines_over_75": 0, "bare_lf": raw.count(b"\n") != raw.count(b"\r\n")}
for line in raw.split(b"\r\n"):
    if len(line) > 75:
        out["lines_over_75"] += 1
for c in cal.walk():
    if c.name == "VEVENT":
        start = c.decoded("DTSTART")
        out["events"].append({
            "uid": str(c["UID"]),
            "summary": str(c["SUMMARY"]),
            "start": start.isoformat(),
            "tz": str(getattr(start, "tzinfo", None)),
            "rrule": c["RRULE"].to_ical().decode() if "RRULE" in c else None,
            "alarms": len([a for a in c.walk() if a.name == "VALARM"]),
            "stamp": c.decoded("DTSTAMP").isoformat(),
        })
    elif c.name == "VTODO":
        out["todos"].append({"uid": str(c["UID"]), "summary": str(c["SUMMARY"]), "due": c.decoded("DUE").isoformat()})
    elif c.name == "VTIMEZONE":
        out["timezones"].append(str(c["TZID"]))
print(json.dumps(out))
