#!/usr/bin/env bash
# Writes into DIR what makes SwiftPM link `curves` against Debian's static archives of
# libxml2, libpng and zlib, with what libxml2 brings (ICU's common library and its data,
# liblzma, libstdc++), instead of their shared libraries.
#   usage: static-libraries.sh DIR      then: PKG_CONFIG_PATH=DIR swift build --product curves
#
# Why: loaded as shared libraries, libstdc++ and ICU are mapped, relocated and bound before
# `main`: 2.7 M of the 17 M instructions and 0.8 ms of a process drawing one icon
# (docs/performance.md). SwiftPM asks pkg-config for the system libraries' flags, so DIR holds
# a .pc file for each, whose only library directory is DIR itself, and there a linker script
# under each library's name that names the archives. libstdc++ gets one too: the Swift
# runtime's own `-lstdc++` then finds the archive as well. ICU's data must be the archive:
# the shared one would be copied whole (31 MB) into a binary linked at a fixed address.
set -euo pipefail
dir=$(realpath -m "$1")
mkdir -p "$dir"
libraries=/usr/lib/$(uname -m)-linux-gnu

# Prints the path of archive $1, or stops naming the Debian package $2 that brings it.
archive() {
  local path=$libraries/$1
  [ "$1" = libstdc++.a ] && path=$(clang -print-file-name=libstdc++.a 2>/dev/null || gcc -print-file-name=libstdc++.a)
  [ -f "$path" ] || { echo "static-libraries.sh: $1 missing (Debian's $2)" >&2; exit 1; }
  echo "$path"
}

xml2=$(archive libxml2.a libxml2-dev)
icuuc=$(archive libicuuc.a libicu-dev)
icudata=$(archive libicudata.a libicu-dev)
lzma=$(archive liblzma.a liblzma-dev)
png=$(archive libpng16.a libpng-dev)
z=$(archive libz.a zlib1g-dev)
stdcxx=$(archive libstdc++.a libstdc++-12-dev)

# Each script twice: as the shared library's name, and as the archive's, which a fully
# static link (`-static-executable`, `make release`) looks for instead.
for suffix in so a; do
  echo "GROUP($xml2 $icuuc $icudata $stdcxx $lzma $z)" > "$dir/libxml2.$suffix"
  echo "GROUP($png $z)" > "$dir/libpng16.$suffix"
  echo "INPUT($z)" > "$dir/libz.$suffix"
  echo "INPUT($stdcxx)" > "$dir/libstdc++.$suffix"
done

# The compiler flags stay the system's own, so switching between this and the shared
# libraries relinks `curves` without recompiling a module.
for entry in libxml-2.0:xml2 libpng:png16 zlib:z; do
  package=${entry%%:*} library=${entry##*:}
  printf 'Name: %s\nDescription: %s, linked from its static archive\nVersion: %s\nLibs: -L%s -l%s\nCflags: %s\n' \
    "$package" "$package" "$(pkg-config --modversion "$package")" "$dir" "$library" "$(pkg-config --cflags "$package")" \
    > "$dir/$package.pc"
done
