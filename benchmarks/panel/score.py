"""score.py NAME... : pooled figures for our pages and the hand pages."""
import json, pathlib, sys
crit = ["conversation", "wit", "shape", "period", "readability"]
def pool(names):
    rows = {"ours": [], "hand": []}; pref = 0
    tells = []
    for name in names:
        key = json.loads(pathlib.Path(f"/tmp/panel/keys/{name}.json").read_text())
        for f in sorted(pathlib.Path(f"/tmp/jr-{name}").glob("verdict-*.json")):
            v = json.loads(f.read_text())
            for p, k in key.items():
                o = k["ours"]; h = "Y" if o == "X" else "X"
                rows["ours"].append(v[p][o]); rows["hand"].append(v[p][h])
                pref += v[p]["preferred"] in (o, "equal")
                tells.append((k["scene"], f.name, v[p][o].get("tells"), v[p][o].get("faults")))
    return rows, pref, tells
names = [a for a in sys.argv[1:] if not a.startswith("-")]
rows, pref, tells = pool(names)
for side, r in rows.items():
    n = len(r)
    if not n: continue
    means = " ".join(f"{c[:5]} {sum(x[c] for x in r)/n:.2f}" for c in crit)
    acc = sum(bool(x["accept"]) for x in r)
    prog = sum(x["program"] for x in r) / n
    extra = f" preferred-or-equal {pref}/{n}" if side == "ours" else ""
    print(f"{side:5} n={n} {means} accepted {acc}/{n} program {prog:.1f}%{extra}")
if "-v" in sys.argv:
    for t in tells: print(t)
