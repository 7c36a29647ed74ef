"""mkpairs.py NAME EXPORTDIR [swap]: four pairs in /tmp/jr-NAME, key in /tmp/panel/keys."""
import json, pathlib, re, shutil, sys
name, exports = sys.argv[1], pathlib.Path(sys.argv[2])
swap = len(sys.argv) > 3
scenes = ["breakfast", "netherfield-quiet", "rosings-cards", "lucas-lodge"]
out = pathlib.Path(f"/tmp/jr-{name}")
shutil.rmtree(out, ignore_errors=True)
key = {}
def body(text):
    if text.startswith("---"):
        text = text.split("\n---\n", 1)[1]
    text = re.sub(r"<!--.*?-->\n?", "", text, flags=re.S)
    return text.strip() + "\n"
for i, s in enumerate(scenes, 1):
    ours = body((exports / f"{s}.brisk.md").read_text())
    hand = body((pathlib.Path(__file__).parent / "hand" / f"{s}.md").read_text())
    ours_x = (i % 2 == 1) != swap
    d = out / f"pair{i}"
    d.mkdir(parents=True)
    (d / "X.md").write_text(ours if ours_x else hand)
    (d / "Y.md").write_text(hand if ours_x else ours)
    key[f"pair{i}"] = {"ours": "X" if ours_x else "Y", "scene": s}
pathlib.Path("/tmp/panel/keys").mkdir(exist_ok=True)
pathlib.Path(f"/tmp/panel/keys/{name}.json").write_text(json.dumps(key))
print(out)
