/// How counts read wherever they are shown: the terminal, the web pages, the stats report.

/// "1 note", "2 notes".
package func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

/// `count` with thousands separated by commas: 2,310.
package func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return count < 0 ? "-" + out : out
}
