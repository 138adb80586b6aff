# Curves: the two commands a newcomer types are `make run` and `make test`.
SHELL := /bin/bash
APT_RUN  := libxml2-dev libfontconfig-dev libfreetype-dev libfribidi-dev libharfbuzz-dev libsdl2-dev libsdl2-ttf-dev libdbus-1-dev libpng-dev libturbojpeg0-dev libgif-dev libavformat-dev libavcodec-dev libswscale-dev fonts-dejavu-core fonts-dejavu-extra pkg-config
APT_RELEASE := $(APT_RUN) libcurl4-openssl-dev liblzma-dev libstdc++-12-dev
APT_TEST := $(APT_RUN) liblzma-dev libstdc++-12-dev ffmpeg libglib2.0-bin shared-mime-info libsdl2-image-dev xvfb xauth xdotool x11-utils librsvg2-bin dbus xdg-desktop-portal xdg-desktop-portal-gtk
APT_DEB  := $(APT_RUN) libcurl4-openssl-dev libxml2-dev dpkg-dev lintian desktop-file-utils appstream gzip binutils strace
APT_BENCH := $(APT_TEST) g++ make pkg-config libcairo2-dev libagg-dev python3 python3-venv time libjemalloc-dev adwaita-icon-theme \
  breeze-icon-theme chromium-headless-shell
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Installs the Debian packages given in $(1) that are missing.
define apt_install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

.PHONY: run test test-sanitized tca-parity fuzz soak bench manpage install uninstall deb deps-deb deps-run deps-release deps-test deps-bench build release

deps-run:
	$(call apt_install,$(APT_RUN))

deps-release:
	$(call apt_install,$(APT_RELEASE))

deps-test:
	$(call apt_install,$(APT_TEST))

deps-deb:
	$(call apt_install,$(APT_DEB))

deps-bench:
	$(call apt_install,$(APT_BENCH))

build: deps-run
	swift build

# Release binaries with the Swift runtime linked in (--static-swift-stdlib): `curves` starts
# without mapping and relocating the toolchain's shared libraries. `curves` is linked at a
# fixed address (-no-pie): a position-independent one first writes 44,000 relocated pointers
# into 2.5 MB of Swift metadata, 140 page faults and a millisecond of every headless command.
# The editor and the developer tools link FoundationNetworking (through swift-dependencies),
# which needs libcurl.
# Its functions are laid out in the order Packaging/curves-function-order.txt gives (written by
# Benchmarks/scripts/function-order.sh from the functions renders run): a render's code then
# sits together, and an icon's process peaks at 10.6 MB instead of 13.9 (the kernel maps the
# 64 KB around each page of code it faults in). For that every module, the dependencies' too,
# is compiled with each function in a section of its own (SWIFT_SECTIONS), in all three release
# builds alike, so that building one does not recompile the others' modules.
# Its code starts 4 KB past a 2 MB boundary (-Ttext-segment): where the page cache holds the
# binary in 2 MB folios, the kernel maps a 2 MB-aligned code segment 2 MB at a fault, and an
# icon's process peaked at 19.0 MB instead of 10.8. It exports no symbols (the Swift runtime
# looked a function up among 6,500 of them before every command; a crash report here has no
# names either way, as there is no swift-backtrace beside a static binary). It has no run path
# (--disable-local-rpath): with SwiftPM's `$ORIGIN` the loader first looked for libc, libm and
# libgcc_s in 20 directories beside the binary, 40 failed system calls before every command.
HEADLESS_LINK := -Xlinker -no-pie -Xlinker --section-ordering-file=$(CURDIR)/Packaging/curves-function-order.txt \
  -Xlinker -Ttext-segment=0x401000 -Xlinker --no-export-dynamic
SWIFT_SECTIONS := -Xswiftc -Xfrontend -Xswiftc -function-sections
# `curves`'s modules also ask each type's metadata of its accessor instead of looking it up by
# its mangled name (-disable-concrete-type-metadata-mangled-name-accessors): a name is
# demangled at run time, and a generic type's requirements checked against every conformance
# in the binary (the first `[String: String]` of every command scanned 4,501 records): 0.27 M
# of the 1.26 M instructions a process drawing an empty SVG ran. Built apart
# (HEADLESS_SCRATCH), as Swift 6.3 crashes compiling Composable's async closures with it, and
# copied beside the editor, which it starts for the commands that need a window.
HEADLESS_CODEGEN := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
HEADLESS_SCRATCH := .build/headless
# `curves` also links libxml2, libpng and zlib, and what libxml2 brings (ICU, liblzma,
# libstdc++), from Debian's static archives: as shared libraries, libstdc++ and ICU were
# relocated and bound before every command, 0.8 ms of a process drawing one icon. SwiftPM
# finds them through the pkg-config files Packaging/static-libraries.sh writes. The package
# (`make deb`) links the shared libraries, so that Debian's security updates to libxml2, which
# reads every file a user opens, reach it.
STATIC_LIBRARIES := .build/static-libraries
HEADLESS_ENV = PKG_CONFIG_PATH=$(CURDIR)/$(STATIC_LIBRARIES)
$(STATIC_LIBRARIES)/libxml2.so: Packaging/static-libraries.sh
	Packaging/static-libraries.sh $(STATIC_LIBRARIES)
# `curves` is then linked statically, the C library too (-static-executable): no dynamic
# loader starts, no shared library is mapped or bound, and an icon's process takes 1 ms less
# (docs/performance.md). Such a process cannot dlopen the text and image libraries (each
# brings a C library of its own), so the same program is linked a second time against the
# shared C library, `curves-shared`, which `curves` becomes when a drawing first needs one
# (Sources/CProcessArguments/SharedHandOff.c). The package keeps one `curves`, linked against
# the shared libraries.
HEADLESS_STATIC := -Xswiftc -static-executable
release: deps-release $(STATIC_LIBRARIES)/libxml2.so
	$(HEADLESS_ENV) swift build -c release --scratch-path $(HEADLESS_SCRATCH) --disable-local-rpath --static-swift-stdlib --product curves \
	  $(SWIFT_SECTIONS) $(HEADLESS_CODEGEN) $(HEADLESS_LINK) $(HEADLESS_STATIC)
	$(HEADLESS_ENV) swift build -c release --scratch-path $(HEADLESS_SCRATCH)-shared --disable-local-rpath --static-swift-stdlib --product curves \
	  $(SWIFT_SECTIONS) $(HEADLESS_CODEGEN) $(HEADLESS_LINK)
	swift build -c release --static-swift-stdlib --product curves-editor $(SWIFT_SECTIONS) -Xlinker -lcurl
	swift build -c release --static-swift-stdlib --product curves-dev $(SWIFT_SECTIONS) -Xlinker -lcurl
	install -m 755 $(HEADLESS_SCRATCH)/release/curves .build/release/curves
	install -m 755 $(HEADLESS_SCRATCH)-shared/release/curves .build/release/curves-shared

# A debug build: the first one takes about 3 minutes, a release build about 17 (swift-syntax).
run: deps-run
	swift build --product curves && swift build --product curves-editor
	.build/debug/curves $(ARGS)

# The tests take under a minute; a run still going after 20 is stuck and fails with its log.
# Line-buffered, so the log shows where it stopped.
# First the checks that need no build: the README and docs/ (length, links) and Composable's
# doc examples (the generated test file matches the doc comments it is compiled from).
# Inkscape's example drawings (the tiger), which the window tests open, and its Tango and
# multicolor icons, which `make bench` draws: taken from Debian's inkscape package without
# installing it.
INKSCAPE_EXAMPLES := .build/fixtures/inkscape-examples
INKSCAPE_ICONS := .build/fixtures/inkscape-icons
INKSCAPE_DEB := .build/fixtures/inkscape-deb
EXTRACT_INKSCAPE = rm -rf $(INKSCAPE_DEB) && mkdir -p $(INKSCAPE_DEB) && cd $(INKSCAPE_DEB) \
	  && { apt-get download inkscape 2>/dev/null || { $(SUDO) apt-get update -qq && apt-get download inkscape; }; } \
	  && dpkg-deb -x inkscape_*.deb extracted
$(INKSCAPE_EXAMPLES)/tiger.svgz:
	$(EXTRACT_INKSCAPE)
	mkdir -p $(INKSCAPE_EXAMPLES) && cp $(INKSCAPE_DEB)/extracted/usr/share/inkscape/examples/*.svg* $(INKSCAPE_EXAMPLES)/
	rm -rf $(INKSCAPE_DEB)
$(INKSCAPE_ICONS)/Tango:
	$(EXTRACT_INKSCAPE)
	mkdir -p $(INKSCAPE_ICONS) && cp -r $(INKSCAPE_DEB)/extracted/usr/share/inkscape/icons/Tango $(INKSCAPE_DEB)/extracted/usr/share/inkscape/icons/multicolor $(INKSCAPE_ICONS)/
	rm -rf $(INKSCAPE_DEB)

test: deps-test $(INKSCAPE_EXAMPLES)/tiger.svgz
	python3 Tests/check-docs.py
	python3 Tests/DocExamples/extract.py --check
	swift build --build-tests
	timeout --kill-after=30 20m stdbuf -oL -eL swift test --skip-build 2>&1 | tee .build/test.log; \
	status=$${PIPESTATUS[0]}; [ $$status != 124 ] || echo "make test: the tests did not finish within 20 minutes"; exit $$status

# The whole suite under AddressSanitizer, then ThreadSanitizer, each in a build of its own;
# the tests' `curves` runs are the sanitized binary too. Suppressed: only third-party reports,
# each with its reason, in Tests/Sanitizers/ (keep-loaded.so keeps libraries the window closes
# mapped, so their leaks are named and suppressible). A crash must not stall in Swift's backtracer.
SANITIZED = SWIFT_BACKTRACE=enable=no CURVES_TEST_SLOWDOWN=6 CURVES_BINARY=$(CURDIR)/.build/$(1)/debug/curves
test-sanitized: deps-test
	swift build --build-tests --sanitize=address --scratch-path .build/asan
	cc -shared -fPIC -o .build/asan/keep-loaded.so Tests/Sanitizers/keep-loaded.c
	$(call SANITIZED,asan) LD_PRELOAD=$(CURDIR)/.build/asan/keep-loaded.so ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	  swift test --skip-build --sanitize=address --scratch-path .build/asan
	swift build --build-tests --sanitize=thread --scratch-path .build/tsan
	$(call SANITIZED,tsan) TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp \
	  swift test --skip-build --sanitize=thread --scratch-path .build/tsan

# TCA's own tests against Composable: the files Tests/TCAParity/run.py names, read from a
# checkout of pointfreeco/swift-composable-architecture (TCA=<work tree or .git directory>),
# with only the import changed and the tests Tests/TCAParity/left-out.txt lists (with reasons)
# left out. Nothing of TCA is kept in this repository.
tca-parity: deps-test
	@[ -n "$(TCA)" ] || { echo "make tca-parity: set TCA to a swift-composable-architecture checkout"; exit 2; }
	SWIFT_BACKTRACE=enable=no python3 Tests/TCAParity/run.py "$(TCA)"

# libFuzzer on each of `curves-fuzz`'s targets for FUZZ_SECONDS (default 60) each, inputs over
# 1 s failing (10 s for booleans, whose every input runs six operations and checks each at
# sample points, under the address sanitizer); new inputs go to Fuzz/.build/corpus/TARGET, the seeds (and every input that ever
# failed, which `make test` replays) live in Fuzz/Corpus/TARGET. FUZZ_TARGETS picks some. Leak
# reports use the sanitizer suppressions of `make test-sanitized` (third-party code only).
FUZZ_SECONDS ?= 60
FUZZ_COVERAGE := edge,trace-cmp,inline-8bit-counters,pc-table
FUZZ_TARGETS ?= geometry document replay flatten svg booleans text
fuzz: deps-run
	swift build -c release --package-path Fuzz -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=$(FUZZ_COVERAGE)
	for target in $(FUZZ_TARGETS); do \
	  limit=1; [ $$target = booleans ] && limit=10; \
	  mkdir -p Fuzz/.build/corpus/$$target && \
	  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 Fuzz/.build/release/curves-fuzz $$target -max_total_time=$(FUZZ_SECONDS) -timeout=$$limit \
	    -artifact_prefix=Fuzz/.build/$$target- Fuzz/.build/corpus/$$target Fuzz/Corpus/$$target || exit 1; \
	done

# A million events of a random session in one process (release; `curves-dev`, the developer
# tools beside `curves`): fails if memory grows by more than 10 MB after the first 100,000
# events, or the last 100,000 run 25% slower.
soak: deps-run release
	.build/release/curves-dev soak --events 1000000

BENCH_OUT ?= Benchmarks/.build/bench
# A drawing for svg-speed.py to race at 1024x1024: Inkscape's tiger, from the test fixtures
# (taken from Debian's inkscape package, never committed: the classic tiger's licence is not
# ours to give); TIGER=other.svg races another.
TIGER ?= $(INKSCAPE_EXAMPLES)/tiger.svgz

# resvg's test suite (crates/resvg/tests/tests of a linebender/resvg checkout, not shipped
# here): `make bench RESVG_SUITE=…/tests` adds its sections to the conformance run (each file against
# librsvg, resvg from svg-speed.py's venv, and the suite's PNG: whichever it matches).
RESVG_SUITE ?=
RESVG_SECTIONS = $(foreach s,shapes painting paint-servers masking structure filters,--section $(s))

# Benchmarks, all in release mode: the architecture; frames and rendering at 1,000 and 10,000
# curves (against cairo on the same cubics, same run); SVG drawings raced against Blend2D, resvg
# and librsvg (PyPI's blend2d-python and resvg-cli in a venv under BENCH_OUT, Debian's
# rsvg-convert; same run); the window's memory and idle CPU;
# flatten as a stream; then flattening side by side with cairo and AGG (Benchmarks/anchors:
# our C++ against libcairo2-dev and libagg-dev, timing both and scoring every method's
# polylines; same corpus, same run).
bench: deps-bench release $(INKSCAPE_EXAMPLES)/tiger.svgz $(INKSCAPE_ICONS)/Tango
	swift build -c release --package-path Benchmarks
	Benchmarks/.build/release/curves-bench composable feature history
	.build/release/curves-dev benchmark-frames
	.build/release/curves-dev benchmark-frames --curves 10000 --segments 4
	.build/release/curves-dev benchmark-frames --curves 10000 --segments 4 --gradients
	python3 Benchmarks/scripts/selector-bench.py --curves-dev .build/release/curves-dev
	python3 Benchmarks/scripts/svg-round-trip.py --curves .build/release/curves
	Benchmarks/scripts/render-vs-cairo.sh .build/release/curves $(BENCH_OUT)
	python3 Benchmarks/scripts/race.py --curves .build/release/curves --out $(BENCH_OUT)
	python3 Benchmarks/scripts/svg-speed.py --curves .build/release/curves --out $(BENCH_OUT) $(if $(TIGER),--drawing $(TIGER))
	python3 Benchmarks/scripts/text-bench.py --curves .build/release/curves --curves-dev .build/release/curves-dev --out $(BENCH_OUT)
	python3 Benchmarks/scripts/svg-conformance.py --curves .build/release/curves --mode both /usr/share/icons/breeze/apps/48
	python3 Benchmarks/scripts/svg-conformance.py --curves .build/release/curves --mode both $(INKSCAPE_ICONS)/Tango $(INKSCAPE_ICONS)/multicolor
	$(if $(RESVG_SUITE),python3 Benchmarks/scripts/section-speed.py --curves .build/release/curves --resvg $(BENCH_OUT)/venv/bin/resvg $(RESVG_SUITE))
	$(if $(RESVG_SUITE),python3 Benchmarks/scripts/svg-conformance.py --curves .build/release/curves --mode both --size 200 --reference any --resvg $(BENCH_OUT)/venv/bin/resvg $(RESVG_SECTIONS) $(RESVG_SUITE))
	xvfb-run -a -s "-screen 0 1400x950x24" Benchmarks/scripts/window-memory.sh .build/release/curves $(BENCH_OUT)/r10000.json
	Benchmarks/scripts/flatten-stream.sh .build/release/curves $(BENCH_OUT)
	python3 Benchmarks/scripts/fit-bench.py --curves .build/release/curves --out $(BENCH_OUT)/fit
	python3 Benchmarks/scripts/intersect-bench.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/analyze-check.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/boolean-bench.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/skia-pathops-cases.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/offset-bench.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/stroke-bench.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/animation-players.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/morph-bench.py --curves-binary .build/release/curves
	python3 Benchmarks/scripts/timeline-export-bench.py --curves-binary .build/release/curves
	.build/release/curves-dev benchmark-frames --curves 1000,10000 --timeline
	python3 Benchmarks/scripts/playback-bench.py --curves-dev .build/release/curves-dev
	Benchmarks/scripts/gif-export.sh .build/release/curves docs/construction.json
	xvfb-run -a -s "-screen 0 1280x900x24" Benchmarks/scripts/idle-cpu.sh .build/release/curves 10
	Benchmarks/scripts/flatten-vs-anchors.sh .build/release/curves $(BENCH_OUT)
	Benchmarks/.build/release/curves-bench geometry $(BENCH_OUT)/random100k.txt

# The application, installed: one reverse-DNS id names the desktop entry, the icons and the
# AppStream metainfo; the version is read from its one definition.
APP_ID   := io.github.curves_editor.Curves
HOMEPAGE ?= https://github.com/curves-editor/curves
VERSION  := $(shell sed -n 's/.*current = "\(.*\)"/\1/p' Sources/CurveCommandLine/CurvesVersion.swift)
DATE     := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)
PREFIX   ?= $(HOME)/.local
STAGE     = APP_ID=$(APP_ID) VERSION=$(VERSION) DATE=$(DATE) HOMEPAGE=$(HOMEPAGE) Packaging/stage.sh
MANPAGE   = .build/plugins/GenerateManual/outputs/curves/curves.1

# The man page, from the command-line definitions (ArgumentParser's generate-manual plugin).
manpage:
	swift package plugin generate-manual --configuration $(or $(CONFIG),release) --date $(DATE) \
	  --authors "The Curves developers"

# `make install` (PREFIX, default ~/.local; DESTDIR honoured) and `make uninstall`.
install: release
	$(MAKE) manpage CONFIG=release
	$(STAGE) --binary .build/release/curves --shared .build/release/curves-shared --editor .build/release/curves-editor --man $(MANPAGE) \
	  --root "$(DESTDIR)" --prefix "$(PREFIX)"
	@if [ -z "$(DESTDIR)" ]; then \
	  command -v update-desktop-database >/dev/null && update-desktop-database -q "$(PREFIX)/share/applications" || true; \
	  command -v update-mime-database >/dev/null && update-mime-database "$(PREFIX)/share/mime" || true; \
	  command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -qtf "$(PREFIX)/share/icons/hicolor" || true; \
	  echo "installed curves $(VERSION) under $(PREFIX)"; \
	fi

uninstall:
	$(STAGE) --list --prefix "$(PREFIX)" | sed 's|^|$(DESTDIR)|' | xargs rm -f
	rmdir "$(DESTDIR)$(PREFIX)/libexec/curves" 2>/dev/null || true
	@echo "removed curves from $(PREFIX)"

# curves_VERSION_amd64.deb in the repository's root: the Swift runtime and Foundation linked
# into the binaries (--static-swift-stdlib), so they need only Debian's libraries (the editor,
# which links FoundationNetworking through swift-dependencies, also libcurl); Depends from
# dpkg-shlibdeps, and FFmpeg's libraries by their packages' names (dlopened when a video is
# written, so dpkg-shlibdeps cannot see them), and the text and image libraries likewise (the
# sonames Sources/CDrawingLibraries opens). DEB_CONFIG=debug builds a quicker
# debug-configuration package (CI).
DRAWING_LIBRARIES := libfontconfig.so.1 libfreetype.so.6 libharfbuzz.so.0 libfribidi.so.0 libturbojpeg.so.0 libgif.so.7
DEB_CONFIG ?= release
DEB       := curves_$(VERSION)_amd64.deb
DEB_ROOT  := .build/deb/root
deb: deps-deb
	swift build -c $(DEB_CONFIG) --product curves --disable-local-rpath --static-swift-stdlib --scratch-path .build/static-headless \
	  -Xlinker -z -Xlinker now $(SWIFT_SECTIONS) $(HEADLESS_CODEGEN) $(HEADLESS_LINK)
	swift build -c $(DEB_CONFIG) --product curves-editor --static-swift-stdlib --scratch-path .build/static \
	  $(SWIFT_SECTIONS) -Xlinker -lcurl -Xlinker -z -Xlinker now
	install -m 755 .build/static-headless/$(DEB_CONFIG)/curves .build/static/$(DEB_CONFIG)/curves
	$(MAKE) manpage CONFIG=$(DEB_CONFIG)
	rm -rf .build/deb && mkdir -p $(DEB_ROOT)/DEBIAN .build/deb/debian
	$(STAGE) --binary .build/static/$(DEB_CONFIG)/curves --editor .build/static/$(DEB_CONFIG)/curves-editor --man $(MANPAGE) \
	  --root $(DEB_ROOT) --prefix /usr --deb
	strip --strip-unneeded --remove-section=.comment --remove-section=.note $(DEB_ROOT)/usr/bin/curves \
	  $(DEB_ROOT)/usr/libexec/curves/curves-editor
	install -Dm644 Packaging/copyright $(DEB_ROOT)/usr/share/doc/curves/copyright
	install -Dm644 Packaging/lintian-overrides $(DEB_ROOT)/usr/share/lintian/overrides/curves
	printf 'curves (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- The Curves developers <curves@users.noreply.github.com>  %s\n' \
	  $(VERSION) $(VERSION) "$$(date -u -R -d $(DATE))" | gzip -9n > $(DEB_ROOT)/usr/share/doc/curves/changelog.gz
	chmod 644 $(DEB_ROOT)/usr/share/doc/curves/changelog.gz
	printf 'Source: curves\n\nPackage: curves\nArchitecture: amd64\n' > .build/deb/debian/control
	depends=$$(cd .build/deb && dpkg-shlibdeps -O root/usr/bin/curves root/usr/libexec/curves/curves-editor | sed -n 's/^shlibs:Depends=//p'); \
	for library in avformat avcodec avutil swscale; do \
	  major=$$(pkg-config --modversion lib$$library | cut -d. -f1); \
	  depends="$$depends, $$(dpkg -S "/usr/lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH)/lib$$library.so.$$major" | cut -d: -f1)"; \
	done; \
	for soname in $(DRAWING_LIBRARIES); do \
	  depends="$$depends, $$(dpkg -S "/usr/lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH)/$$soname" | cut -d: -f1)"; \
	done; \
	size=$$(du -sk --exclude=DEBIAN $(DEB_ROOT) | cut -f1); \
	sed -e "s|@VERSION@|$(VERSION)|" -e "s|@SIZE@|$$size|" -e "s|@DEPENDS@|$$depends|" -e "s|@HOMEPAGE@|$(HOMEPAGE)|" \
	  Packaging/control.in > $(DEB_ROOT)/DEBIAN/control
	cd $(DEB_ROOT) && find usr -type f -exec md5sum {} + | sort -k2 > DEBIAN/md5sums
	dpkg-deb --root-owner-group -Zxz --build $(DEB_ROOT) $(DEB)
	desktop-file-validate $(DEB_ROOT)/usr/share/applications/$(APP_ID).desktop
	appstreamcli validate --no-net $(DEB_ROOT)/usr/share/metainfo/$(APP_ID).metainfo.xml
	lintian --fail-on error,warning $(DEB)
	@echo "built $(DEB)"
