import sys

from versus.cli import main

sys.exit(main())
