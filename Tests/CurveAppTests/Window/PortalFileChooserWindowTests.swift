import CurveGeometry
import Foundation
import Testing

/// Open and Save As through the desktop's own chooser: a session bus, the XDG desktop portal
/// and its GTK chooser under Xvfb; xdotool types a path into each dialog. The SVG chosen
/// opens as a new document, which Save As writes where the second dialog says.
struct PortalFileChooserWindowTests {
  static let setUp = #"""
    # A bus of the test's own that starts nothing by itself: activated from the system's service
    # files, the document portal (FUSE) stalled the portal's start by 50 s, and those services
    # outlived the test. The portals are started here, each once its dependency is on the bus.
    cat >"$WORK/bus.conf" <<'CONF'
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:tmpdir=/tmp</listen>
      <auth>EXTERNAL</auth>
      <policy context="default"><allow send_destination="*"/><allow eavesdrop="true"/><allow own="*"/></policy>
    </busconfig>
    CONF
    dbus-daemon --config-file="$WORK/bus.conf" --nofork --print-address=4 4>"$WORK/bus-address" 2>"$WORK/bus.txt" &
    pids="$pids $!"
    for i in $(seq 1 100); do [ -s "$WORK/bus-address" ] && break; sleep 0.1; done
    export DBUS_SESSION_BUS_ADDRESS=$(head -1 "$WORK/bus-address")
    export XDG_CURRENT_DESKTOP=GNOME CURVES_FILE_CHOOSER=portal
    # GTK without the accessibility bus, dconf or gvfs: on a bare machine each can stall its start.
    export NO_AT_BRIDGE=1 GTK_A11Y=none GSETTINGS_BACKEND=memory GIO_USE_VFS=local
    owns() {
      for i in $(seq 1 300); do
        dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.NameHasOwner \
          string:"$1" 2>/dev/null | grep -q true && return 0
        sleep 0.1
      done
      echo "nobody owns $1 on the session bus after 30 s"; exit 1
    }
    /usr/libexec/xdg-desktop-portal-gtk >"$WORK/portal-gtk.txt" 2>&1 &
    pids="$pids $!"
    owns org.freedesktop.impl.portal.desktop.gtk
    /usr/libexec/xdg-desktop-portal >"$WORK/portal.txt" 2>&1 &
    pids="$pids $!"
    owns org.freedesktop.portal.Desktop
    step "portal on the session bus"
    """#

  static let script = XvfbEditor.script(#"""
    # Types PATH into the dialog named TITLE (KEYS first: ctrl+l opens GTK's location field,
    # ctrl+a selects the name), then Enter; again while the dialog stays open (GTK may not be
    # ready for keys the first time, on a busy machine).
    answer() {
      title=$1 keys=$2 path=$3
      dialog=$(timeout 90 xdotool search --sync --onlyvisible --name "$title" | head -1) || true
      [ -n "$dialog" ] || { echo "no portal dialog '$title'"; exit 1; }
      step "dialog '$title' is $dialog"
      for attempt in 1 2 3 4 5; do
        timeout 5 xdotool windowfocus --sync "$dialog" || true
        sleep $((attempt))
        xdotool key $keys
        sleep 0.5
        xdotool type --delay 40 "$path"
        sleep 0.5
        xdotool key Return
        for i in $(seq 1 50); do xdotool search --onlyvisible --name "$title" >/dev/null 2>&1 || { step "dialog '$title' answered"; return 0; }; sleep 0.1; done
        step "dialog '$title' still open after attempt $attempt"
      done
      echo "the dialog '$title' stayed open"; exit 1
    }
    xdotool key --window "$window" ctrl+o
    answer 'Open a drawing' ctrl+l "$WORK/picked.svg"
    for i in $(seq 1 300); do grep -q picked.svg "$WORK/xdg-state/curves/recent-files" 2>/dev/null && break; sleep 0.1; done
    # With no window manager, focus does not come back by itself when a dialog closes.
    step "picked.svg opened"
    timeout 5 xdotool windowfocus --sync "$window" || true
    sleep 0.5
    xdotool key --window "$window" ctrl+shift+s
    answer 'Save as' ctrl+a "$WORK/saved.json"
    for i in $(seq 1 300); do [ -s "$WORK/saved.json" ] && break; sleep 0.1; done
    step "saved.json written"
    sleep 0.3
    timeout 5 xdotool windowfocus --sync "$window" || true
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

    // GTK's first dialog on a busy machine may take a minute to appear.
    try XvfbEditor.run(Self.script, in: work, seconds: 240)

    let saved = try PathEditingReplayTests.curves(in: Data(contentsOf: work.appendingPathComponent("saved.json")))
    #expect(saved.count == 1 && saved[0].subpaths[0].nodes.map(\.position) == [Point(x: 10, y: 10), Point(x: 70, y: 10), Point(x: 40, y: 50)])
    let recent = try String(contentsOf: work.appendingPathComponent("xdg-state/curves/recent-files"), encoding: .utf8)
    #expect(recent.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent } == ["saved.json", "picked.svg"])
  }
}
