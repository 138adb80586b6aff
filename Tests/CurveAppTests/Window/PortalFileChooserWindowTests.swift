import CurveGeometry
import Foundation
import Testing

/// Open and Save As through the desktop's own chooser: a session bus, the XDG desktop portal
/// and its GTK chooser under Xvfb; xdotool types a path into each dialog. The SVG chosen
/// opens as a new document, which Save As writes where the second dialog says.
struct PortalFileChooserWindowTests {
  static let setUp = #"""
    bus=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
    export DBUS_SESSION_BUS_ADDRESS=$(echo "$bus" | head -1)
    pids="$pids $(echo "$bus" | tail -1)"
    export XDG_CURRENT_DESKTOP=GNOME CURVES_FILE_CHOOSER=portal
    /usr/libexec/xdg-desktop-portal-gtk >"$WORK/portal-gtk.txt" 2>&1 &
    pids="$pids $!"
    /usr/libexec/xdg-desktop-portal >"$WORK/portal.txt" 2>&1 &
    pids="$pids $!"
    for i in $(seq 1 100); do
      dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
        string:org.freedesktop.portal.Desktop 2>/dev/null | grep -q true && break
      sleep 0.1
    done
    """#

  static let script = XvfbEditor.script(#"""
    # Types PATH into the dialog named TITLE (KEYS first: ctrl+l opens GTK's location field,
    # ctrl+a selects the name), then Enter; again while the dialog stays open (GTK may not be
    # ready for keys the first time, on a busy machine).
    answer() {
      title=$1 keys=$2 path=$3
      dialog=$(timeout 60 xdotool search --sync --onlyvisible --name "$title" | head -1) || true
      [ -n "$dialog" ] || { echo "no portal dialog '$title':"; cat "$WORK/portal.txt" "$WORK/portal-gtk.txt"; exit 1; }
      for attempt in 1 2 3 4 5; do
        xdotool windowfocus --sync "$dialog" || true
        sleep $((attempt))
        xdotool key $keys
        sleep 0.5
        xdotool type --delay 40 "$path"
        sleep 0.5
        xdotool key Return
        for i in $(seq 1 50); do xdotool search --onlyvisible --name "$title" >/dev/null 2>&1 || return 0; sleep 0.1; done
      done
      echo "the dialog '$title' stayed open"; exit 1
    }
    xdotool key --window "$window" ctrl+o
    answer 'Open a drawing' ctrl+l "$WORK/picked.svg"
    for i in $(seq 1 300); do grep -q picked.svg "$WORK/xdg-state/curves/recent-files" 2>/dev/null && break; sleep 0.1; done
    # With no window manager, focus does not come back by itself when a dialog closes.
    xdotool windowfocus --sync "$window" || true
    sleep 0.5
    xdotool key --window "$window" ctrl+shift+s
    answer 'Save as' ctrl+a "$WORK/saved.json"
    for i in $(seq 1 300); do [ -s "$WORK/saved.json" ] && break; sleep 0.1; done
    sleep 0.3
    xdotool windowfocus --sync "$window" || true
    sleep 0.3
    """#, setUp: setUp)

  @Test(.timeLimit(.minutes(5)))
  func openAndSaveAsGoThroughThePortalsChooser() throws {
    for program in ["/usr/libexec/xdg-desktop-portal", "/usr/libexec/xdg-desktop-portal-gtk", "/usr/bin/dbus-daemon", "/usr/bin/dbus-send"] {
      try #require(FileManager.default.isExecutableFile(atPath: program), "install \(program): make test does")
    }
    let work = try makeTemporaryDirectory()
    try FileManager.default.copyItem(at: PathEditingReplayTests.fixture, to: work.appendingPathComponent("doc.json"))
    try ##"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><path d="M10 10 L70 10 L40 50 Z" fill="#3465a4"/></svg>"##
      .write(to: work.appendingPathComponent("picked.svg"), atomically: true, encoding: .utf8)

    try XvfbEditor.run(Self.script, in: work)

    let saved = try PathEditingReplayTests.curves(in: Data(contentsOf: work.appendingPathComponent("saved.json")))
    #expect(saved.count == 1 && saved[0].subpaths[0].nodes.map(\.position) == [Point(x: 10, y: 10), Point(x: 70, y: 10), Point(x: 40, y: 50)])
    let recent = try String(contentsOf: work.appendingPathComponent("xdg-state/curves/recent-files"), encoding: .utf8)
    #expect(recent.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent } == ["saved.json", "picked.svg"])
  }
}
