import Composable

extension Clock where Duration == Swift.Duration {
  /// Runs `tick` every `interval` with the time that has passed since the last: the playhead
  /// moves by it, so a document slower to draw than the display still plays in real time, in
  /// fewer frames.
  func ticks(every interval: Duration, _ tick: (Duration) async -> Void) async {
    var last = now
    for await _ in timer(interval: interval) {
      let current = now
      await tick(last.duration(to: current))
      last = current
    }
  }
}
