"""`python -m coinproofs` is the `coinproofs` command."""

from coinproofs.cli import main

raise SystemExit(main())
