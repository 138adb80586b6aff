#!/usr/bin/env bash
# Installs Curves under ROOT/PREFIX: the binaries (`curves`, and the editor it becomes for the
# window, in libexec, with `curves-shared` where `curves` is linked statically: `make install`), the desktop entry, the MIME type of its documents, the icons (drawn by the
# binary itself from Packaging/icon.json), the AppStream metainfo, the man page and the shell
# completions (generated from the command-line definitions). `make install` and `make deb`
# both use it; `--list` prints what it installs, for `make uninstall`.
#
#   usage: stage.sh --binary BIN [--shared SHARED] --editor EDITOR --man CURVES.1 --root ROOT --prefix PREFIX [--deb]
#          stage.sh --list --prefix PREFIX [--deb]
#   environment: APP_ID, VERSION, DATE (YYYY-MM-DD), HOMEPAGE
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary= shared= editor= man= root= prefix= deb=false list=false
while [ $# -gt 0 ]; do
  case $1 in
    --binary) binary=$2; shift 2 ;;
    --shared) shared=$2; shift 2 ;;
    --editor) editor=$2; shift 2 ;;
    --man) man=$2; shift 2 ;;
    --root) root=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    --deb) deb=true; shift ;;
    --list) list=true; shift ;;
    *) echo "stage.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
: "${APP_ID:?}" "${prefix:?--prefix is required}"
# Debian's zsh reads packaged completions from vendor-completions, others from site-functions.
zsh_dir=share/zsh/site-functions
$deb && zsh_dir=share/zsh/vendor-completions

files=(
  bin/curves
  libexec/curves/curves-editor
  "share/applications/$APP_ID.desktop"
  "share/metainfo/$APP_ID.metainfo.xml"
  "share/mime/packages/$APP_ID.xml"
  "share/icons/hicolor/scalable/apps/$APP_ID.svg"
  "share/icons/hicolor/48x48/apps/$APP_ID.png"
  "share/icons/hicolor/128x128/apps/$APP_ID.png"
  "share/icons/hicolor/256x256/apps/$APP_ID.png"
  share/man/man1/curves.1.gz
  share/bash-completion/completions/curves
  "$zsh_dir/_curves"
  share/fish/vendor_completions.d/curves.fish
)
# The package's `curves` is linked against the shared libraries and needs no twin.
$deb || files+=(libexec/curves/curves-shared)
if $list; then
  printf "$prefix/%s\n" "${files[@]}"
  exit 0
fi
: "${binary:?--binary is required}" "${editor:?--editor is required}" "${man:?--man is required}" "${VERSION:?}" "${DATE:?}" "${HOMEPAGE:?}"

dest=$root$prefix
for file in "${files[@]}"; do mkdir -p "$(dirname "$dest/$file")"; done
install -m 755 "$binary" "$dest/bin/curves"
install -m 755 "$editor" "$dest/libexec/curves/curves-editor"
if [ -n "$shared" ]; then install -m 755 "$shared" "$dest/libexec/curves/curves-shared"; fi
fill() {
  sed -e "s|@ID@|$APP_ID|g" -e "s|@VERSION@|$VERSION|g" -e "s|@DATE@|$DATE|g" -e "s|@HOMEPAGE@|$HOMEPAGE|g" \
    "$1"
}
fill "$here/curves.desktop.in" > "$dest/share/applications/$APP_ID.desktop"
fill "$here/curves.metainfo.xml.in" > "$dest/share/metainfo/$APP_ID.metainfo.xml"
install -m 644 "$here/curves.mime.xml" "$dest/share/mime/packages/$APP_ID.xml"
chmod 644 "$dest/share/applications/$APP_ID.desktop" "$dest/share/metainfo/$APP_ID.metainfo.xml"

# The icons: the curve as SVG, and the canvas with its construction at t = 0.5 as PNGs (thinner
# lines at the small sizes, where the UI scale is lower).
"$binary" export-svg "$here/icon.json" -o "$dest/share/icons/hicolor/scalable/apps/$APP_ID.svg"
for size_scale in 48:0.5 128:0.75 256:1; do
  size=${size_scale%:*} scale=${size_scale#*:}
  "$binary" render "$here/icon.json" --canvas-only --t 0.5 --size "${size}x$size" --scale "$scale" \
    -o "$dest/share/icons/hicolor/${size}x$size/apps/$APP_ID.png"
done

gzip -9n < "$man" > "$dest/share/man/man1/curves.1.gz"
# bash-completion sources the script: it needs no interpreter line.
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$dest/share/bash-completion/completions/curves"
"$binary" --generate-completion-script zsh > "$dest/$zsh_dir/_curves"
"$binary" --generate-completion-script fish > "$dest/share/fish/vendor_completions.d/curves.fish"
chmod 644 "$dest"/share/icons/hicolor/*/apps/* "$dest/share/man/man1/curves.1.gz" \
  "$dest/share/bash-completion/completions/curves" "$dest/$zsh_dir/_curves" "$dest/share/fish/vendor_completions.d/curves.fish"
