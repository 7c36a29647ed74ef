#!/bin/sh
# usage: mk.sh NAME  -> /tmp/ex/NAME/manuscript_exports/*.md and logs
set -e
D=/tmp/ex/$1
rm -rf $D; mkdir -p $D/scenes
cp /work/main/tests/elsewhere/breakfast.yaml /work/main/tests/elsewhere/netherfield-quiet.yaml /work/main/tests/elsewhere/rosings-cards.yaml /work/main/tests/authored/lucas-lodge.yaml $D/scenes/
cd $D
for s in breakfast netherfield-quiet rosings-cards lucas-lodge; do
  /work/main/.venv/bin/versus run scenes/$s.yaml > $D/$s.log 2>&1
done
for s in breakfast netherfield-quiet rosings-cards lucas-lodge; do
  /work/main/.venv/bin/versus export scenes/$s.yaml --pace brisk > /dev/null
done
ls $D/manuscript_exports
