# coinproofs: `make prove` sets up .venv when it is missing, proves the default claims into
# certificates/ and re-checks them with the kernel alone.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
OUT    ?= certificates
JOBS   ?= 2
# Under a `make -jN` (make test) the formal build takes its jobs from that make's share.
JOBSERVER = $(findstring jobserver,$(MAKEFLAGS))

.PHONY: setup prove verify verify-coq formal-gate test test-all bench bench-quick lint formal headline checker clean notebooks wheel-check

# constraints.txt pins every package to the tested version. uv installs them (pinned there too),
# compiled to bytecode as pip would, and coinproofs' own modules are compiled too: where
# PYTHONDONTWRITEBYTECODE is set, Python would otherwise compile them again at every start
# (`coinproofs claims ID`: 0.30 s of CPU, not 0.40 s, nor 0.70 s with nothing compiled).
$(BIN)/coinproofs: pyproject.toml setup.py constraints.txt coinproofs/games/_norepeat.c coinproofs/verify/_dagcheck.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt uv
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -c constraints.txt -e '.[dev]'
	$(BIN)/python -m compileall -q coinproofs
	touch $@

setup: $(BIN)/coinproofs

prove: setup
	$(BIN)/coinproofs prove --out $(OUT) --jobs $(JOBS)
	$(BIN)/coinproofs verify $(OUT)

verify: setup
	$(BIN)/coinproofs verify $(OUT)

# The tests run in $(JOBS) processes (pytest-xdist), each module's tests in one of them, so that
# a module's fixtures are built once.
# The tests write their bytecode (and pytest its rewritten test modules) even where
# PYTHONDONTWRITEBYTECODE is set: each test process and each `coinproofs` a test starts would
# otherwise compile every module again (__pycache__/ is ignored by git).
# Where Coq is installed, formal/ is built beside the setup, the two sharing $(JOBS) jobs: setting
# up leaves most of a core idle, and the Coq tests would otherwise wait for the build.
BESIDE_SETUP = setup $(if $(shell command -v coqc),formal)

test:
	$(MAKE) --no-print-directory -j$(JOBS) $(BESIDE_SETUP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(JOBS) --dist loadscope

test-all:
	$(MAKE) --no-print-directory -j$(JOBS) $(BESIDE_SETUP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n $(JOBS) --dist loadscope -m ''

bench: setup
	$(BIN)/python bench/run_all.py

bench-quick: setup
	$(BIN)/python bench/run_all.py --quick

lint: setup
	$(BIN)/ruff check coinproofs tests bench
	$(BIN)/mypy coinproofs
	$(BIN)/lint-imports

# The Coq development (Coq 8.16 + MathComp 1.15, Debian's coq and libcoq-mathcomp), compiled
# $(JOBS) files at a time (coq_makefile orders them by their imports); nothing is compiled again
# while its sources are unchanged. `make headline` prints each headline theorem and its axioms
# (none): Headline.v with a Print Assumptions after each Check, compiled in a temporary folder.
formal:
	cd formal && coq_makefile -f _CoqProject -o Makefile.coq
	$(MAKE) --no-print-directory -C formal -f Makefile.coq $(if $(JOBSERVER),,-j$(JOBS))

headline: formal
	where=$$(mktemp -d); \
	  awk '{ print } /^Check [A-Za-z0-9_]+\.$$/ { sub(/^Check/, "Print Assumptions"); print }' \
	    formal/Headline.v > $$where/Headline_assumptions.v; \
	  coqc -q -w -notation-overridden -Q formal CoinProofs $$where/Headline_assumptions.v; \
	  status=$$?; rm -rf $$where; exit $$status

# The gate (coinproofs/coq/gate.py): coqchk re-checks formal/ and everything beneath it and
# must find no assumption; no banned command; the digest and the statements of the theorems the
# Python kernel cites are the ones it records.
formal-gate: setup formal
	$(BIN)/python -m coinproofs.coq.gate formal

# The extracted strategy checker (OCaml, Debian's ocaml): formal/checker/checker N < STRATEGY;
# and the extracted walk checker, formal/checker/walkcheck N RULE WALK (its reader in C).
checker: formal
	cd formal/checker && ocamlopt -o checker checker.mli checker.ml main.ml
	cd formal/checker && ocamlopt -inline 1000 -ccopt -O2 -o walkcheck walkread.c walkchecker.mli \
	  walkchecker.ml walkmain.ml

clean:
	rm -rf $(OUT) .pytest_cache .mypy_cache .ruff_cache
	if [ -f formal/Makefile.coq ]; then $(MAKE) -C formal -f Makefile.coq clean; fi
	cd formal/checker && rm -f checker checker.ml checker.mli walkcheck walkchecker.ml walkchecker.mli *.cmi *.cmx *.o

# The reference site, from docs/ and the docstrings, the notebooks run: build/site/index.html.
# Warnings are errors; then every public name must have its entry on the site.
docs: setup
	$(BIN)/sphinx-build -W --keep-going -q -b html docs build/site
	$(BIN)/python docs/check_site.py build/site

# The README's timings, measured here (`make timings ARGS=--fresh`: in a fresh clone).
timings: setup
	$(BIN)/python bench/timings.py $(ARGS)

# The notebooks, run and rendered to HTML in build/notebooks/.
notebooks: setup
	$(BIN)/jupyter nbconvert --to html --execute --output-dir build/notebooks docs/notebooks/*.ipynb

# The second road: compile the Coq proof written beside each certificate (`make prove` first),
# check each against its claim's statement, then coqchk (no axiom).
# VERIFY_COQ_FLAGS=--admit-libraries: coqchk admits MathComp and Coq's library, for a run after
# `make formal-gate` (whose coqchk checks them), as in .ci/run; the proofs and formal/ it checks.
VERIFY_COQ_FLAGS ?=

verify-coq: setup formal
	$(BIN)/coinproofs verify --coq $(OUT) --jobs $(JOBS) $(VERIFY_COQ_FLAGS)

# The second road where coinproofs is installed as a package (no checkout): a wheel built here,
# installed in a fresh environment in a temporary folder, its shipped Coq sources compiled by
# `coinproofs formal build`, then two claims proved and their proofs checked by Coq: 3.2 min of
# CPU, 8.2 min of wall time under a load of 8 on 2 cores (too long for .ci/run).
wheel-check: setup
	where=$$(mktemp -d); ( set -e; \
	  $(BIN)/python -m pip wheel . --no-deps --quiet --wheel-dir $$where; \
	  $(PYTHON) -m venv $$where/venv; \
	  $(BIN)/uv pip install --quiet --compile-bytecode --python $$where/venv/bin/python -c constraints.txt \
	    $$where/coinproofs-*.whl; \
	  cd $$where; export COINPROOFS_CACHE=$$where/cache; \
	  venv/bin/coinproofs formal build --jobs $(JOBS); \
	  venv/bin/coinproofs prove penny.riddler-20-30 devil.n4.shortest --out certificates -q; \
	  venv/bin/coinproofs verify --coq certificates -q $(VERIFY_COQ_FLAGS) ); \
	status=$$?; rm -rf $$where; exit $$status
