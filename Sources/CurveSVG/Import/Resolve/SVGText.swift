import CurveDocument
import CurveGeometry
import CurveText
import FoundationEssentials
import Glibc

/// A `<text>` laid out as librsvg and resvg lay it out: its characters and those of its
/// `<tspan>`s in order, each span in its own computed font (family list, weight, style,
/// size, matched by fontconfig) and paint, shaped by HarfBuzz, outlined by FreeType. A
/// character an `x` or `y` list places starts a chunk there; `dx` and `dy` move it and the
/// glyphs after it without breaking the shaping; `rotate` turns it; `letter-spacing` and
/// `word-spacing` widen the pen; `text-anchor` places each chunk's start, middle or end on
/// its x. Whitespace is collapsed as SVG 1.1's default `xml:space` says; `text-decoration`
/// draws its lines; a `<textPath>` lays its glyphs along its path; `writing-mode` sets
/// chunks top to bottom.
extension SVGDrawing {
  /// A span of characters of one element, in its style, at the pen position it starts from.
  private struct TextSpan {
    var text: String
    var element: SVGElement
    var style: SVGComputedStyle
    /// The position lists of the element and its text ancestors, outermost first.
    var lists: [PositionLists] = []
    /// How far its baseline is shifted up (its and its ancestors' `baseline-shift`).
    var shift = 0.0
    /// The decorations of it and its ancestors, outermost first.
    var decorations: [Decoration] = []
    /// The `<textPath>` it is laid along, if any.
    var path: TextPathLine?
    /// Each character's supplemental rotation (`rotate`), in degrees clockwise.
    var rotations: [Double] = []
    /// A new absolute position for the span's first character, where it gives one.
    var x: Double?
    var y: Double?
    /// Each character's own `dx` and `dy`: how far it and every character after it move.
    /// They move glyphs, not the shaping: a kerned pair stays kerned (as resvg has it).
    var shifts: [Point] = []
    /// `xml:space="preserve"` on it or an ancestor: every space kept.
    var preservesSpaces = false
    /// Its element's own `textLength` (not inherited) and `lengthAdjust`: the length its
    /// glyphs are spaced (or also stretched) to.
    var textLength: Double?
    var stretchesGlyphs = false
  }

  /// An element's `text-decoration`: its lines, drawn in its paint.
  private struct Decoration {
    var lines: Set<TextDecorationLine>
    var element: SVGElement
    var style: SVGComputedStyle
  }

  /// A `<textPath>`'s path measured along: where a distance along it lies and which way the
  /// path runs there, on the curve itself (its point and its derivative at the parameter that
  /// distance reaches, as resvg places glyphs). Each segment is sampled finely enough that
  /// its length is within a hundredth of a unit; a jump between subpaths is not counted.
  private final class TextPathLine {
    /// Each segment with the distance along the path at each of its sample parameters.
    let pieces: [(segment: Bezier, parameters: [Double], lengths: [Double])]
    let total: Double
    /// Where its first character starts, along the path (`startOffset`).
    let start: Double

    init?(_ subpaths: [SVGSubpath], startOffset: (Double) -> Double) {
      var pieces: [(segment: Bezier, parameters: [Double], lengths: [Double])] = [], total = 0.0
      for subpath in subpaths {
        var segments = subpath.segments
        // A closed subpath runs back to its start.
        if subpath.isClosed, let end = segments.last?.controlPoints.last, end != subpath.start, let closing = Bezier([end, subpath.start]) {
          segments.append(closing)
        }
        for segment in segments {
          let polygon = zip(segment.controlPoints, segment.controlPoints.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
          let steps = min(max(Int(polygon / 0.2), 4), 4096)
          var parameters = [0.0], lengths = [total], previous = segment.controlPoints[0]
          for step in 1...steps {
            let t = Double(step) / Double(steps), point = segment.eval(t)
            total += previous.distance(to: point)
            parameters.append(t)
            lengths.append(total)
            previous = point
          }
          pieces.append((segment, parameters, lengths))
        }
      }
      guard total > 0 else { return nil }
      self.pieces = pieces
      self.total = total
      start = startOffset(total)
    }

    /// The point `distance` along the path and the angle (radians) of its direction there;
    /// nil off either end.
    func place(at distance: Double) -> (point: Point, angle: Double)? {
      guard distance >= 0, distance <= total else { return nil }
      for piece in pieces where distance <= piece.lengths.last! {
        guard let index = piece.lengths.firstIndex(where: { $0 >= distance }) else { continue }
        let after = max(index, 1), before = after - 1
        let span = piece.lengths[after] - piece.lengths[before]
        let share = span > 0 ? (distance - piece.lengths[before]) / span : 0
        let t = piece.parameters[before] + share * (piece.parameters[after] - piece.parameters[before])
        var direction = piece.segment.derivative(at: t)
        // Where the derivative vanishes (a cusp, a handle on its node), the chord's way.
        if direction.x == 0, direction.y == 0 { direction = piece.segment.eval(min(t + 1e-3, 1)) - piece.segment.eval(max(t - 1e-3, 0)) }
        return (piece.segment.eval(t), atan2(direction.y, direction.x))
      }
      return nil
    }
  }

  /// An element's `x`, `y`, `dx` and `dy` lists, one entry a character of its own and its
  /// descendants' in order (SVG's addressable characters), and how many it has passed.
  private final class PositionLists {
    var x: [Double], y: [Double], dx: [Double], dy: [Double], rotate: [Double]
    var next = 0

    init(x: [Double], y: [Double], dx: [Double], dy: [Double], rotate: [Double]) {
      (self.x, self.y, self.dx, self.dy, self.rotate) = (x, y, dx, dy, rotate)
    }

    var isEmpty: Bool { x.isEmpty && y.isEmpty && dx.isEmpty && dy.isEmpty && rotate.isEmpty }
  }

  /// The glyphs of `element` (a `<text>` drawn in `context`, its parent's, with `style`) as
  /// curves in its group's coordinates; nil when it draws nothing.
  mutating func keptText(_ element: SVGElement, context: Context, style: SVGComputedStyle) -> KeptText? {
    var spans: [TextSpan] = []
    // `baseline-shift` applies to a text's spans, not to the text itself (SVG 1.1, 10.9.2;
    // resvg has it so).
    collectSpans(of: element, style: style, lists: [], shift: 0, decorations: [], into: &spans)
    collapseWhitespace(&spans)
    spans = positioned(spans, cutsAtShifts: style.isVertical)
    let own = style.cssTransform ?? transform(of: element)
    let local = context.local * own
    let scale = abs(local.a * local.d - local.b * local.c).squareRoot()
    // Chunks: a span with an absolute position starts one; each is placed by its anchor.
    var pen = Point.zero
    var chunks: [[(span: TextSpan, run: TextRun, start: Point, shifts: [Point], advance: Double, stretch: Double)]] = []
    var substitutions: [String] = []
    for span in spans where !span.text.isEmpty {
      let font = FontRequest(
        families: span.style.fontFamilies, weight: span.style.fontWeight, isItalic: span.style.isItalic, width: span.style.fontStretch
      )
      let spacing = (letter: span.style.letterSpacing, word: span.style.wordSpacing)
      guard let run = TextRun(
        span.text, font: font, size: span.style.fontSize, letterSpacing: spacing.letter, wordSpacing: spacing.word,
        rightToLeft: style.isRightToLeft, features: span.style.shapingFeatures
      ) else {
        // Said once for the text: without its libraries no span can be laid out.
        if let missing = FontLibrary.missingLibraries {
          repair(element, "its text is not drawn: \(missing)")
          return nil
        }
        continue
      }
      // A family the file asked for (not a generic one, nor the initial one) that fontconfig
      // put another in place of is said once.
      let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]
      let asked = span.style.fontFamilies == SVGComputedStyle().fontFamilies ? [] : span.style.fontFamilies.filter { !generic.contains($0.lowercased()) }
      if let first = asked.first, !asked.contains(where: { $0.lowercased() == run.face.family.lowercased() }) {
        let substitution = "\(first) → \(run.face.family)"
        if !substitutions.contains(substitution) { substitutions.append(substitution) }
      }
      // A textPath starts a chunk of its own at its start offset, along the path (its pen's
      // y across it).
      let startsPath = span.path != nil && chunks.last?.last?.span.path !== span.path
      if startsPath, let path = span.path { pen = Point(x: path.start, y: 0) }
      if span.x != nil || span.y != nil || chunks.isEmpty || startsPath {
        // A vertical chunk is laid across and turned about its start, so the pen it leaves is
        // along its line: where the next one starts, in the text's space, is that far down
        // its column (a `y` alone starts one in the same column, as resvg has it).
        if style.isVertical, span.path == nil, let first = chunks.last?.first?.start {
          pen = Point(x: first.x - (pen.y - first.y), y: first.y + (pen.x - first.x))
        }
        chunks.append([])
      }
      // Along a path, an x is a new place along it from its start offset (as resvg reads it).
      let x = span.path.flatMap { path in span.x.map { path.start + $0 } } ?? span.x
      pen = Point(x: x ?? pen.x, y: (span.path == nil ? span.y : nil) ?? pen.y)
      var span = span
      if style.isVertical, let lead = span.shifts.first {
        // A vertical chunk turns about its start: a shift there moves the start.
        pen = pen + lead
        span.shifts[0] = .zero
      }
      var shifts = Self.glyphShifts(run, span: span)
      let moved = shifts.last ?? .zero
      var advance = run.advance, stretch = 1.0
      if let length = span.textLength, let fitted = Self.fitted(run, to: length, stretchingGlyphs: span.stretchesGlyphs) {
        for index in shifts.indices { shifts[index].x += fitted.moves[index] }
        (advance, stretch) = (fitted.advance, fitted.stretch)
      }
      chunks[chunks.count - 1].append((span, run, pen, shifts, advance + moved.x, stretch))
      pen = pen + Point(x: advance, y: 0) + moved
    }
    var curves: [Document.CurveRecord] = []
    // Each span's glyphs in the text's own coordinates, and where its decorations run.
    var laid: [(span: TextSpan, run: TextRun, glyphs: [[GlyphOutline.Contour]], stretches: [DecorationStretch])] = []
    for chunk in chunks {
      guard let first = chunk.first, let last = chunk.last else { continue }
      // The spacing after the chunk's last character is not part of it (as resvg and CSS
      // have it): it would move an anchored chunk.
      let trailing = last.span.textLength != nil ? 0 : last.run.text.last.map { character in
        last.run.takesLetterSpacing(at: last.run.text.utf8.count - character.utf8.count) ? last.run.letterSpacing : 0
      } ?? 0
      let width = last.start.x + last.advance - trailing - first.start.x
      // A right-to-left text's start is its right end.
      let shift = switch (first.span.style.textAnchor, style.isRightToLeft) {
      case (.start, false), (.end, true): 0.0
      case (.middle, _): -width / 2
      case (.end, false), (.start, true): -width
      }
      for (span, run, start, shifts, advance, stretch) in chunk {
        if let path = span.path {
          let (glyphs, stretches) = glyphsAlong(path, run: run, shifts: shifts, from: start.x + shift, across: start.y - span.shift, span: span)
          laid.append((span, run, glyphs, stretches))
          continue
        }
        let origin = Point(x: start.x + shift, y: start.y - span.shift)
        var glyphs = turnedGlyphs(run, shifts: shifts, stretch: stretch, rotations: span.rotations, text: span.text, at: origin)
        if style.isVertical {
          glyphs = Self.standingDown(glyphs, run: run, shifts: shifts, text: span.text, at: origin, pivot: first.start)
        }
        // Under- and overlines break where `dx` or `dy` moves a glyph, and follow it (as
        // resvg draws them).
        // A text fitted to its length is decorated along that length.
        let stretches = span.textLength == nil
          ? Self.decorationStretches(run, shifts: shifts, at: origin) : [DecorationStretch(from: origin.x, to: origin.x + advance, baseline: origin.y)]
        laid.append((span, run, glyphs, stretches))
      }
    }
    // Every span's paint on the text's box, as SVG has it (a `<tspan>` has no box of its
    // own). Exact only where a paint server's box needs it; else the control points' box.
    let exact = laid.contains { piece in
      ([piece.span.style.fill, piece.span.style.stroke] + piece.span.decorations.flatMap { [$0.style.fill, $0.style.stroke] }).contains { paint in
        switch paint {
        case .none, .color, .currentColor: false
        default: true
        }
      }
    }
    var userBounds = Rect.empty
    for contour in laid.lazy.flatMap({ $0.glyphs.joined() }) {
      userBounds.include(contour.start)
      for segment in contour.segments {
        if exact { userBounds.include(segment.bounds) } else { for point in segment.controlPoints { userBounds.include(point) } }
      }
    }
    for (span, run, glyphs, stretches) in laid where !glyphs.isEmpty {
      var spanContext = context
      spanContext.style = span.style
      spanContext.transform = local
      spanContext.opacity = context.opacity * style.opacity
      var curveStyle = curveStyle(span.element, context: spanContext, scale: scale, userBounds: userBounds, sharesBox: true)
      // A span `visibility` hides still has its glyphs, which count in the text's box (a
      // clip's or a gradient's), unpainted and hidden, as resvg has them; and no lines.
      let isVisible = span.style.isVisible
      if !isVisible { (curveStyle.fill, curveStyle.stroke) = (.some(.none), .some(.none)) }
      // Under- and overlines under the glyphs, line-throughs over them, as CSS paints them.
      func decorate(_ lines: [TextDecorationLine]) {
        for decoration in span.decorations where isVisible {
          for line in lines where decoration.lines.contains(line) {
            let metric = switch line {
            case .underline: run.face.underline
            case .overline: (position: run.face.ascent - run.face.underline.thickness / 2, thickness: run.face.underline.thickness)
            case .lineThrough: run.face.strikeout
            }
            var decorationContext = spanContext
            decorationContext.style = decoration.style
            let paint = self.curveStyle(decoration.element, context: decorationContext, scale: scale, userBounds: userBounds, sharesBox: true)
            for stretch in stretches {
              let middle = stretch.baseline - metric.position * run.scale, half = metric.thickness * run.scale / 2
              let corners = [
                Point(x: stretch.from, y: middle - half), Point(x: stretch.to, y: middle - half), Point(x: stretch.to, y: middle + half),
                Point(x: stretch.from, y: middle + half),
              ].map((local * stretch.placement).apply(to:))
              let outline = SVGSubpath(start: corners[0], segments: zip(corners, corners.dropFirst() + [corners[0]]).compactMap { Bezier([$0, $1]) }, isClosed: true)
              curves.append(Document.CurveRecord(id: RandomUUIDs.shared(), style: paint, subpaths: [SVGImport.record(outline, makeID: RandomUUIDs.shared.callAsFunction)], group: context.group))
            }
          }
        }
      }
      decorate([.underline, .overline])
      // A curve a glyph, as Object to Path makes them.
      for contours in glyphs {
        let subpaths = contours.map { contour in
          SVGSubpath(start: local.apply(to: contour.start), segments: contour.segments.map { $0.applying(local) }, isClosed: true)
        }
        var glyph = Document.CurveRecord(
          id: RandomUUIDs.shared(), style: curveStyle, subpaths: subpaths.map { SVGImport.record($0, makeID: RandomUUIDs.shared.callAsFunction) }, group: context.group
        )
        // Hidden too, so that the window does not show it as it shows an unpainted curve.
        glyph.isHidden = !isVisible
        curves.append(glyph)
      }
      decorate([.lineThrough])
    }
    for substitution in substitutions { repair(element, "its font \(substitution): the family is not on this machine") }
    let characters = spans.map(\.text).joined()
    return curves.isEmpty ? nil : KeptText(characters: characters, curves: curves, substitutions: substitutions, group: context.group)
  }

  /// `run`'s glyphs with the pen at `origin`, each turned about its own origin by its
  /// character's rotation (`rotate`); glyphs that draw nothing (spaces) left out.
  private func turnedGlyphs(
    _ run: TextRun, shifts: [Point], stretch: Double = 1, rotations: [Double], text: String, at origin: Point
  ) -> [[GlyphOutline.Contour]] {
    // The character each glyph comes from, by its UTF-8 offset.
    var characterAt: [Int: Int] = [:]
    var offset = 0
    for (index, character) in text.enumerated() {
      characterAt[offset] = index
      offset += character.utf8.count
    }
    return zip(zip(run.glyphs, shifts), run.glyphOutlines()).compactMap { shifted, outline in
      let (glyph, shift) = shifted
      guard !outline.contours.isEmpty else { return nil }
      let rotation = characterAt[glyph.cluster].flatMap { rotations.indices.contains($0) ? rotations[$0] : nil } ?? 0
      let map = Affine.translate(x: origin.x + outline.offset + shift.x, y: origin.y + shift.y) * (rotation == 0 ? .identity : Affine.rotate(degrees: rotation))
        * (stretch == 1 ? .identity : Affine(a: stretch, b: 0, c: 0, d: 1, e: 0, f: 0))
      return outline.contours.map { contour in
        GlyphOutline.Contour(start: map.apply(to: contour.start), segments: contour.segments.map { $0.applying(map) })
      }
    }
  }

  /// A stretch of a decoration line: from `from` to `to` on `baseline`, in the space
  /// `placement` takes into the text's (a glyph's own, on a `<textPath>`).
  struct DecorationStretch {
    var from: Double
    var to: Double
    var baseline: Double
    var placement = Affine.identity
  }

  /// Where a decoration line runs under `run` (its pen at `origin`): one stretch a run of
  /// glyphs that `dx` and `dy` move alike, each on its glyphs' baseline.
  private static func decorationStretches(_ run: TextRun, shifts: [Point], at origin: Point) -> [DecorationStretch] {
    guard let last = shifts.last, shifts.contains(where: { $0 != last }) || last != .zero else {
      return [DecorationStretch(from: origin.x, to: origin.x + run.advance, baseline: origin.y)]
    }
    var stretches: [DecorationStretch] = [], previous: Point?
    let offsets = run.offsets
    for index in run.glyphs.indices {
      let shift = shifts[index], end = index + 1 < offsets.count ? offsets[index + 1] : run.advance
      if shift == previous, !stretches.isEmpty {
        stretches[stretches.count - 1].to = origin.x + end + shift.x
      } else {
        stretches.append(DecorationStretch(from: origin.x + offsets[index] + shift.x, to: origin.x + end + shift.x, baseline: origin.y + shift.y))
      }
      previous = shift
    }
    return stretches
  }

  /// `glyphs` (of `run`, laid left to right from `origin`) set top to bottom, as resvg sets a
  /// vertical chunk: the chunk turned a quarter clockwise about its start `pivot`, each
  /// sideways glyph (Latin, say) first centred on the line, each upright one (CJK, by
  /// Unicode's vertical orientation) turned back to stand up in its square.
  private static func standingDown(
    _ glyphs: [[GlyphOutline.Contour]], run: TextRun, shifts: [Point], text: String, at origin: Point, pivot: Point
  ) -> [[GlyphOutline.Contour]] {
    let turn = Affine.rotate(degrees: 90, around: pivot)
    let scale = run.scale, middle = (run.face.ascent - run.face.descent) * scale / 2
    var characterAt: [Int: Character] = [:], offset = 0
    for character in text {
      characterAt[offset] = character
      offset += character.utf8.count
    }
    let drawn = zip(zip(run.glyphs, shifts), run.glyphOutlines()).filter { !$0.1.contours.isEmpty }
    return zip(glyphs, drawn).map { contours, pair in
      let ((glyph, shift), outline) = pair
      let x = origin.x + outline.offset + shift.x, y = origin.y + shift.y, upright = characterAt[glyph.cluster].map(isUpright) ?? false
      let own: Affine
      if upright {
        // Stood up about the middle of its square: its baseline through the square's centre.
        own = Affine.translate(x: x, y: y) * Affine.translate(x: 0, y: middle)
          * Affine.rotate(degrees: -90, around: Point(x: outline.advance / 2, y: -middle)) * Affine.translate(x: -x, y: -y)
      } else {
        own = Affine.translate(x: 0, y: middle)
      }
      let map = turn * own
      return contours.map { contour in GlyphOutline.Contour(start: map.apply(to: contour.start), segments: contour.segments.map { $0.applying(map) }) }
    }
  }

  /// Whether a character stands upright in vertical text (Unicode's Vertical_Orientation U:
  /// Han, kana, Hangul, CJK symbols and full-width forms), rather than lying on its side.
  private static func isUpright(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x318F, 0x3190...0x31FF, 0x3200...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `run`'s glyphs laid along `path` from `distance` along it, `across` it (y down, as a
  /// baseline's), in the text's coordinates: each glyph turned to the path's direction at its
  /// middle, which the path passes through; a glyph whose middle is off the path is not drawn.
  /// With them, where decoration lines run: a glyph's advance each, spaces' too.
  private func glyphsAlong(
    _ path: TextPathLine, run: TextRun, shifts: [Point], from distance: Double, across: Double, span: TextSpan
  ) -> (glyphs: [[GlyphOutline.Contour]], decorations: [DecorationStretch]) {
    // The character each glyph comes from, by its UTF-8 offset, for its own rotation.
    var characterAt: [Int: Int] = [:], offset = 0
    for (index, character) in span.text.enumerated() {
      characterAt[offset] = index
      offset += character.utf8.count
    }
    var glyphs: [[GlyphOutline.Contour]] = [], decorations: [DecorationStretch] = []
    for ((shaped, shift), glyph) in zip(zip(run.glyphs, shifts), run.glyphOutlines()) {
      // `dx` moves it along the path, `dy` across it; off the path's ends it is not drawn.
      guard let (point, angle) = path.place(at: distance + glyph.offset + shift.x + glyph.advance / 2) else { continue }
      // On the path at its middle, turned with it; then its own `rotate`, about its origin.
      let placement = Affine.translate(x: point.x, y: point.y) * Affine.rotate(degrees: angle * 180 / .pi)
        * Affine.translate(x: -glyph.advance / 2, y: across + shift.y)
      // Decorations follow the path a glyph's advance at a time, spaces too, unturned by
      // `rotate` (as resvg draws them).
      decorations.append(DecorationStretch(from: 0, to: glyph.advance, baseline: 0, placement: placement))
      guard !glyph.contours.isEmpty else { continue }
      let rotation = characterAt[shaped.cluster].flatMap { span.rotations.indices.contains($0) ? span.rotations[$0] : nil } ?? 0
      let turn = placement * (rotation == 0 ? .identity : Affine.rotate(degrees: rotation))
      glyphs.append(glyph.contours.map { contour in
        GlyphOutline.Contour(start: turn.apply(to: contour.start), segments: contour.segments.map { $0.applying(turn) })
      })
    }
    return (glyphs, decorations)
  }

  /// `element`'s character data and its `<tspan>`s' (and `<a>`s'), in document order, each
  /// in its computed style, with the position lists of the element and its ancestors.
  private mutating func collectSpans(
    of element: SVGElement, style: SVGComputedStyle, lists: [PositionLists], shift: Double, decorations: [Decoration],
    path: TextPathLine? = nil, preservesSpaces inherited: Bool = false, into spans: inout [TextSpan]
  ) {
    let preservesSpaces = element.attributes["xml:space"].map { $0 == "preserve" } ?? inherited
    let decorations = style.textDecoration.isEmpty ? decorations : decorations + [Decoration(lines: style.textDecoration, element: element, style: style)]
    let basis = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
    func list(_ name: String, _ axis: PercentageBasis.Axis) -> [Double] {
      // A textPath has no positions of its own (SVG 2; resvg and browsers ignore them).
      guard element.name != "textPath", let text = element.attributes[name] else { return [] }
      return text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).compactMap {
        Lengths.length(String($0), percentOf: viewport[axis], basis: basis)
      }
    }
    // A `rotate` that is not a list of numbers is ignored whole, as resvg and librsvg do.
    let rotate: [Double] = element.name == "textPath" ? [] : element.attributes["rotate"].map { text in
      let list = SVGNumbers.list(text)
      return list.error == nil ? list.numbers.filter(\.isFinite) : []
    } ?? []
    let own = PositionLists(x: list("x", .width), y: list("y", .height), dx: list("dx", .width), dy: list("dy", .height), rotate: rotate)
    let lists = own.isEmpty ? lists : lists + [own]
    // Its own `textLength` (a negative one is ignored), for its own characters.
    let textLength = element.attributes["textLength"].flatMap { Lengths.length($0, percentOf: viewport.width, basis: basis) }.flatMap { $0 >= 0 ? $0 : nil }
    let stretchesGlyphs = element.attributes["lengthAdjust"]?.trimmingSVGSpace() == "spacingAndGlyphs"
    var runs = element.textRuns[...]
    for index in 0...element.children.count {
      while let run = runs.first, run.position == index {
        spans.append(TextSpan(
          text: run.text, element: element, style: style, lists: lists, shift: shift, decorations: decorations, path: path, preservesSpaces: preservesSpaces,
          textLength: textLength, stretchesGlyphs: stretchesGlyphs
        ))
        runs = runs.dropFirst()
      }
      guard index < element.children.count else { break }
      let child = element.children[index]
      guard child.isSVG, child.name == "tspan" || child.name == "a" || child.name == "tref" || (child.name == "textPath" && path == nil) else { continue }
      let childStyle = computedStyle(of: child, isFirstChild: index == 0, parent: style)
      guard childStyle.isDisplayed else { continue }
      if child.name == "tref" {
        // SVG 1.1's `<tref>`: the characters of the element it names, in its own style and
        // at its own positions, as librsvg and resvg draw it.
        guard let href = (child.attributes["xlink:href"] ?? child.attributes["href"])?.trimmingSVGSpace(), href.hasPrefix("#"),
          let target = elementsByID[String(href.dropFirst())]
        else { continue }
        var referenced = child
        referenced.children = []
        referenced.textRuns = [(0, Self.characters(of: target))]
        collectSpans(
          of: referenced, style: childStyle, lists: lists, shift: shift + childStyle.baselineShift, decorations: decorations, path: path,
          preservesSpaces: preservesSpaces, into: &spans
        )
        continue
      }
      var childPath = path
      if child.name == "textPath" {
        // A textPath whose path cannot be found draws nothing, as librsvg and resvg have it.
        guard let line = textPathLine(child, style: childStyle) else { continue }
        childPath = line
      }
      collectSpans(
        of: child, style: childStyle, lists: lists, shift: shift + childStyle.baselineShift, decorations: decorations, path: childPath,
        preservesSpaces: preservesSpaces, into: &spans
      )
    }
  }

  /// Every character of `element` and its descendants, in order: what a `<tref>` shows.
  private static func characters(of element: SVGElement) -> String {
    var text = "", runs = element.textRuns[...]
    for index in 0...element.children.count {
      while let run = runs.first, run.position == index {
        text += run.text
        runs = runs.dropFirst()
      }
      if index < element.children.count { text += characters(of: element.children[index]) }
    }
    return text
  }

  /// A `<textPath>`'s path (by `href`): a `<path>`, or as SVG 2 allows a basic shape, in the
  /// text's coordinates (its own transform applied), run backwards for `side="right"`,
  /// flattened, with its `startOffset` (a length, or a percentage of the path's length).
  private mutating func textPathLine(_ textPath: SVGElement, style: SVGComputedStyle) -> TextPathLine? {
    let shapes: Set<String> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon"]
    guard let href = (textPath.attributes["href"] ?? textPath.attributes["xlink:href"])?.trimmingSVGSpace(), href.hasPrefix("#"),
      let target = elementsByID[String(href.dropFirst())], shapes.contains(target.name)
    else { return nil }
    let placed = transform(of: target)
    var subpaths = shape(target, arcTolerance: SVGImport.arcTolerance, fontSize: style.fontSize).map { subpath in
      SVGSubpath(start: placed.apply(to: subpath.start), segments: subpath.segments.map { $0.applying(placed) }, isClosed: subpath.isClosed)
    }
    if textPath.attributes["side"]?.trimmingSVGSpace() == "right" {
      // The path the other way: the last subpath first, each from its end.
      subpaths = subpaths.reversed().map { subpath in
        let segments = subpath.segments.reversed().compactMap { Bezier($0.controlPoints.reversed()) }
        return SVGSubpath(start: segments.first?.controlPoints.first ?? subpath.start, segments: segments, isClosed: subpath.isClosed)
      }
    }
    let offset = textPath.attributes["startOffset"]?.trimmingSVGSpace() ?? "0"
    let basis = Lengths.Basis(viewport: viewport, fontSize: style.fontSize)
    return TextPathLine(subpaths) { total in Lengths.length(offset, percentOf: total, basis: basis) ?? 0 }
  }

  /// The spans cut where a character has an absolute position of its own (a new chunk):
  /// each character takes, for each of `x`, `y`, `dx` and `dy`, the entry of the innermost
  /// element whose list reaches it (counting that element's characters), as SVG lays out
  /// text. The first character of the text starts at 0, 0 when no list places it. With
  /// `cutsAtShifts` (vertical text, whose chunks turn about their starts), a `dx` or `dy`
  /// cuts a span too, so that only its first character has one.
  private func positioned(_ spans: [TextSpan], cutsAtShifts: Bool) -> [TextSpan] {
    var result: [TextSpan] = []
    for span in spans {
      var piece = span
      piece.text = ""
      piece.rotations = []
      piece.shifts = []
      for character in span.text {
        var at: (x: Double?, y: Double?, dx: Double, dy: Double) = (nil, nil, 0, 0)
        for lists in span.lists.reversed() {
          let index = lists.next
          if at.x == nil, index < lists.x.count { at.x = lists.x[index] }
          if at.y == nil, index < lists.y.count { at.y = lists.y[index] }
          if at.dx == 0, index < lists.dx.count { at.dx = lists.dx[index] }
          if at.dy == 0, index < lists.dy.count { at.dy = lists.dy[index] }
        }
        // The nearest element with a rotate list turns it: its value for the character, or
        // its last one past the list's end.
        let rotation = span.lists.last { !$0.rotate.isEmpty }.map { $0.rotate[min($0.next, $0.rotate.count - 1)] } ?? 0
        for lists in span.lists { lists.next += 1 }
        if at.x != nil || at.y != nil || (cutsAtShifts && (at.dx != 0 || at.dy != 0)) {
          if !piece.text.isEmpty { result.append(piece) }
          piece.text = ""
          piece.rotations = []
          piece.shifts = []
          (piece.x, piece.y) = (at.x, at.y)
        }
        piece.text.append(character)
        piece.rotations.append(rotation)
        piece.shifts.append(Point(x: at.dx, y: at.dy))
      }
      if !piece.text.isEmpty { result.append(piece) }
    }
    return result
  }

  /// `run` fitted to `length` (`textLength`), as resvg fits it: each glyph's move along the
  /// line from where the run puts it, the run's new advance, and how much each glyph is
  /// stretched. By spacing, the characters' own advances (without letter or word spacing)
  /// are evened out to fill the length; by `spacingAndGlyphs`, glyphs and advances are
  /// stretched alike. Nil for a run without glyphs or of no width.
  private static func fitted(_ run: TextRun, to length: Double, stretchingGlyphs: Bool) -> (moves: [Double], advance: Double, stretch: Double)? {
    let natural = run.glyphs.reduce(0) { $0 + $1.advance }
    guard !run.glyphs.isEmpty, natural > 0 else { return nil }
    let offsets = run.offsets
    if stretchingGlyphs {
      let factor = length / natural
      guard factor >= 0.001 else { return nil }
      return (zip(run.glyphs, offsets).map { $0.x * factor - $1 }, length, factor)
    }
    // The characters' clusters, each spaced by the same amount.
    var clusters = 0, previous: Int?
    var moves: [Double] = []
    for (glyph, offset) in zip(run.glyphs, offsets) {
      if glyph.cluster != previous { clusters += 1 }
      previous = glyph.cluster
      moves.append(glyph.x - offset)
    }
    let gap = clusters > 1 ? (length - natural) / Double(clusters - 1) : 0
    var index = -1
    previous = nil
    for (position, glyph) in run.glyphs.enumerated() {
      if glyph.cluster != previous { index += 1 }
      previous = glyph.cluster
      moves[position] += Double(index) * gap
    }
    return (moves, natural + Double(clusters) * gap, 1)
  }

  /// Each of `run`'s glyphs' move by `dx` and `dy` (of `span`): the sum of its character's
  /// and those before it, in the order the glyphs are drawn (as resvg sums them); a
  /// ligature's or cluster's characters after its first add nothing.
  private static func glyphShifts(_ run: TextRun, span: TextSpan) -> [Point] {
    guard span.shifts.contains(where: { $0 != .zero }) else { return Array(repeating: .zero, count: run.glyphs.count) }
    var characterAt: [Int: Int] = [:], offset = 0
    for (index, character) in span.text.enumerated() {
      characterAt[offset] = index
      offset += character.utf8.count
    }
    var total = Point.zero, previous: Int?, shifts: [Point] = []
    for glyph in run.glyphs {
      if glyph.cluster != previous, let index = characterAt[glyph.cluster], span.shifts.indices.contains(index) { total = total + span.shifts[index] }
      previous = glyph.cluster
      shifts.append(total)
    }
    return shifts
  }

  /// SVG 1.1's default `xml:space`: newlines removed, tabs made spaces, leading and trailing
  /// spaces of the whole text removed, and runs of spaces made one (across spans).
  private func collapseWhitespace(_ spans: inout [TextSpan]) {
    var afterSpace = true
    for index in spans.indices {
      var result = ""
      if spans[index].preservesSpaces {
        // `xml:space="preserve"`: newlines and tabs are spaces, and every space stays.
        for character in spans[index].text { result.append(character == "\n" || character == "\r" || character == "\t" ? " " : character) }
        spans[index].text = result
        if let last = result.last { afterSpace = last == " " }
        continue
      }
      for character in spans[index].text {
        if character == "\n" || character == "\r" { continue }
        let character = character == "\t" ? " " : character
        if character == " " {
          if afterSpace { continue }
          afterSpace = true
        } else {
          afterSpace = false
        }
        result.append(character)
      }
      spans[index].text = result
    }
    // The whole text's trailing space.
    if let last = spans.lastIndex(where: { !$0.text.isEmpty }), !spans[last].preservesSpaces, spans[last].text.hasSuffix(" ") { spans[last].text.removeLast() }
  }
}
