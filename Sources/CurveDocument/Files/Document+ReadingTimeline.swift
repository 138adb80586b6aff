import CurveGeometry
import FoundationEssentials

/// Reading a document's timeline with `JSONReader`: the curves', groups' and view's tracks.
extension Document {

  /// The timeline, read as the curves are (a keyframe holds a curve's subpaths and style).
  static func readTimeline(_ reader: inout JSONReader) throws -> Timeline {
    var duration: Double?, fps = 30.0, repetition = AnimationSettings.Repetition.loop, tracks: [Timeline.Track] = []
    var groupTracks: [Timeline.GroupTrack] = [], view: [Timeline.ViewKeyframe] = []
    try reader.readObject { key, reader in
      switch key {
      case "duration": duration = try reader.readNumber()
      case "fps": fps = try reader.readNumber()
      case "repeat":
        let text = try reader.readString()
        guard let value = AnimationSettings.Repetition(rawValue: text) else { throw reader.failure("\"\(text)\" is not loop, pingPong or once at .timeline.repeat") }
        repetition = value
      case "tracks":
        try reader.readArray { reader in
          let path = ".timeline.tracks[\(tracks.count)]"
          var curve: UUID?, keyframes: [Timeline.Keyframe] = []
          try reader.readObject { key, reader in
            switch key {
            case "curve": curve = try readUUID(&reader, path + ".curve")
            case "keyframes":
              try reader.readArray { reader in
                keyframes.append(try readKeyframe(&reader, path + ".keyframes[\(keyframes.count)]"))
              }
            default: try reader.skipValue()
            }
          }
          guard let curve else { throw reader.failure("missing \"curve\" at \(path)") }
          tracks.append(Timeline.Track(curve: curve, keyframes: keyframes))
        }
      case "groupTracks":
        try reader.readArray { reader in groupTracks.append(try readGroupTrack(&reader, ".timeline.groupTracks[\(groupTracks.count)]")) }
      case "view":
        try reader.readArray { reader in view.append(try readViewKeyframe(&reader, ".timeline.view[\(view.count)]")) }
      default: try reader.skipValue()
      }
    }
    guard let duration else { throw reader.failure("missing \"duration\" at .timeline") }
    return Timeline(duration: duration, fps: fps, repeat: repetition, tracks: tracks, groupTracks: groupTracks, view: view)
  }

  /// `{"time": 0, "viewBox": [x, y, width, height], "easing": "ease"}`.
  private static func readViewKeyframe(_ reader: inout JSONReader, _ path: String) throws -> Timeline.ViewKeyframe {
    var time: Double?, box: Rect?, easing = Easing.linear
    try reader.readObject { key, reader in
      switch key {
      case "time": time = try reader.readNumber()
      case "viewBox":
        var values: [Double] = []
        try reader.readArray { reader in values.append(try reader.readNumber()) }
        guard values.count == 4 else { throw reader.failure("\(path).viewBox has four numbers: x, y, width and height") }
        box = Rect(minX: values[0], minY: values[1], maxX: values[0] + values[2], maxY: values[1] + values[3])
      case "easing": easing = try readEasing(&reader, path + ".easing")
      default: try reader.skipValue()
      }
    }
    guard let time else { throw reader.failure("missing \"time\" at \(path)") }
    guard let box else { throw reader.failure("missing \"viewBox\" at \(path)") }
    return Timeline.ViewKeyframe(time: time, box: box, easing: easing)
  }

  private static func readGroupTrack(_ reader: inout JSONReader, _ path: String) throws -> Timeline.GroupTrack {
    var group: String?, keyframes: [Timeline.GroupKeyframe] = []
    try reader.readObject { key, reader in
      switch key {
      case "group": group = try reader.readString()
      case "keyframes":
        try reader.readArray { reader in
          let keyPath = path + ".keyframes[\(keyframes.count)]"
          var time: Double?, transform: Timeline.TransformParts?, opacity: Double?, easing = Easing.linear
          try reader.readObject { key, reader in
            switch key {
            case "time": time = try reader.readNumber()
            case "transform": transform = try readTransformParts(&reader, keyPath + ".transform")
            case "opacity": opacity = try reader.readNumber()
            case "easing": easing = try readEasing(&reader, keyPath + ".easing")
            default: try reader.skipValue()
            }
          }
          guard let time else { throw reader.failure("missing \"time\" at \(keyPath)") }
          keyframes.append(Timeline.GroupKeyframe(time: time, transform: transform, opacity: opacity, easing: easing))
        }
      default: try reader.skipValue()
      }
    }
    guard let group else { throw reader.failure("missing \"group\" at \(path)") }
    return Timeline.GroupTrack(group: group, keyframes: keyframes)
  }

  /// `{"translate": [x, y], "rotate": 30, "skewX": 0, "scale": [sx, sy], "origin": [x, y]}`,
  /// each part optional.
  private static func readTransformParts(_ reader: inout JSONReader, _ path: String) throws -> Timeline.TransformParts {
    var parts = Timeline.TransformParts.identity
    func pair(_ reader: inout JSONReader, _ name: String) throws -> Point {
      var values: [Double] = []
      try reader.readArray { reader in values.append(try reader.readNumber()) }
      guard values.count == 2 else { throw reader.failure("\(path).\(name) has two numbers, x and y") }
      return Point(x: values[0], y: values[1])
    }
    try reader.readObject { key, reader in
      switch key {
      case "translate": parts.translate = try pair(&reader, key)
      case "rotate": parts.rotate = try reader.readNumber()
      case "skewX": parts.skewX = try reader.readNumber()
      case "scale": parts.scale = try pair(&reader, key)
      case "origin": parts.origin = try pair(&reader, key)
      default: try reader.skipValue()
      }
    }
    return parts
  }

  private static func readEasing(_ reader: inout JSONReader, _ path: String) throws -> Easing {
    let text = try reader.readString()
    guard let value = try? Easing(css: text) else { throw reader.failure("\(EasingError(text: text)) at \(path)") }
    return value
  }

  private static func readKeyframe(_ reader: inout JSONReader, _ path: String) throws -> Timeline.Keyframe {
    var time: Double?, subpaths: [SubpathRecord]?, style: CurveStyle?, easing = Easing.linear, styleEasing: Easing?
    try reader.readObject { key, reader in
      switch key {
      case "time": time = try reader.readNumber()
      case "subpaths": subpaths = try readSubpaths(&reader, path + ".subpaths")
      case "style": style = try readStyle(&reader, curve: 0)
      case "easing": easing = try readEasing(&reader, path + ".easing")
      case "styleEasing": styleEasing = try readEasing(&reader, path + ".styleEasing")
      default: try reader.skipValue()
      }
    }
    guard let time else { throw reader.failure("missing \"time\" at \(path)") }
    return Timeline.Keyframe(time: time, subpaths: subpaths, style: style, easing: easing, styleEasing: styleEasing)
  }
}
