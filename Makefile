# Builds the redfool engine for tools that build engines with make, as
# OpenBench does (`make -j EXE=<path>`): the default target builds the
# binary with cargo and copies it to $(EXE).
#
#   make                     ./redfool, a release build
#   make EXE=redfool-dev     the same, copied to redfool-dev
#   make PROFILE=dev         a build of cargo's dev profile instead
#
# OpenBench also passes CC/CXX (the compiler it picked) and EVALFILE (a
# network file); redfool is pure Rust without a network, so both are
# ignored. CARGO_TARGET_DIR is honoured.

EXE ?= redfool
PROFILE ?= release
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
# cargo's dev profile builds into debug/; every other profile into its name.
PROFILE_DIR := $(if $(filter dev,$(PROFILE)),debug,$(PROFILE))

unexport CC CXX EVALFILE

.PHONY: all clean
all:
	$(CARGO) build --profile $(PROFILE) --bin redfool
	cp $(TARGET_DIR)/$(PROFILE_DIR)/redfool $(EXE)

clean:
	$(CARGO) clean
