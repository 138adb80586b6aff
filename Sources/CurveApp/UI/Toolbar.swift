import CurveDocument
import CurveFeature
import CurveGeometry
import Foundation

/// A setting of the current tool the tool bar steps with − and +.
enum ToolbarSetting: Hashable {
  case tension
  case corners
  case spokes
  case rounding
  case cornerRadius
  case fontSize
  case letterSpacing
  case lineSpacing

  /// Its name and value, as the tool bar writes it.
  func readout(_ state: Editor.State) -> String {
    let shape = state.interaction.shapeSettings
    return switch self {
    case .tension: String(format: "Tension %.1f", state.interaction.penTension)
    case .corners: "Corners \(shape.corners)"
    case .spokes: String(format: "Spokes %.2f", shape.spokeRatio)
    case .rounding: String(format: "Rounded %.1f", shape.rounding)
    case .cornerRadius: String(format: "Radius %.0f", shape.cornerRadius)
    case .fontSize: String(format: "Size %g", state.textStyle?.size ?? TextContent.defaultSize)
    case .letterSpacing: String(format: "Letters %g", state.editedText?.letterSpacing ?? 0)
    case .lineSpacing: String(format: "Lines %.2f", state.editedText?.lineSpacing ?? TextContent.defaultLineSpacing)
    }
  }

  /// How far one step of a text's settings goes.
  static let fontSizeStep = 2.0
  static let letterSpacingStep = 0.5
  static let lineSpacingStep = 0.05

  /// The action of one step (−1 or +1): the tools decide how far a step goes.
  func action(step: Int, _ state: Editor.State) -> Editor.Action {
    let up = step > 0
    return switch self {
    case .tension: .tools(.stepTension(up: up))
    case .corners: .tools(.stepCorners(up: up))
    case .spokes: .tools(.stepSpokes(up: up))
    case .rounding: .tools(.stepRounding(up: up))
    case .cornerRadius: .tools(.stepCornerRadius(up: up))
    case .fontSize: .text(.style(.size((state.textStyle?.size ?? TextContent.defaultSize) + (up ? Self.fontSizeStep : -Self.fontSizeStep))))
    case .letterSpacing: .text(.setLetterSpacing((state.editedText?.letterSpacing ?? 0) + (up ? Self.letterSpacingStep : -Self.letterSpacingStep)))
    case .lineSpacing:
      .text(.setLineSpacing((((state.editedText?.lineSpacing ?? TextContent.defaultLineSpacing) + (up ? Self.lineSpacingStep : -Self.lineSpacingStep)) * 100).rounded() / 100))
    }
  }

  var tooltipName: String {
    switch self {
    case .tension: "the through-points curve's tension (0: Catmull-Rom, 1: straight)"
    case .corners: "the star's corners"
    case .spokes: "the star's inner points' distance from its centre"
    case .rounding: "the star's rounding"
    case .cornerRadius: "the rectangle's corner radius"
    case .fontSize: "the text's size (of the selected characters, if any)"
    case .letterSpacing: "the space added after each character"
    case .lineSpacing: "the distance between lines, as a multiple of the size"
    }
  }
}

/// One button of the tool bar.
enum ToolbarItem: Hashable {
  case tool(Tool)
  case penMode(PenMode)
  case starKind(isPolygon: Bool)
  case step(ToolbarSetting, by: Int)
  case pathOperation(PathOperation)
  /// The text tool's font family: the palette lists fontconfig's families to choose from.
  case textFamily
  /// The text tool's Bold and Italic (`italic`), on the selected characters or the text.
  case textFace(italic: Bool)
  case textAnchor(TextContent.Anchor)

  func label(_ state: Editor.State) -> String {
    switch self {
    case let .tool(tool): Toolbar.name(of: tool)
    case let .penMode(mode): mode.title
    case let .starKind(isPolygon): isPolygon ? "Polygon" : "Star"
    case let .step(_, step): step < 0 ? "−" : "+"
    case let .pathOperation(operation): Toolbar.shortName(of: operation)
    case let .textFace(italic): italic ? "Italic" : "Bold"
    case let .textAnchor(anchor): anchor.rawValue.capitalized
    case .textFamily: String((state.textStyle?.family ?? TextContent.defaultFamily).prefix(18))
    }
  }

  /// What the tooltip says, with the keys that do the same.
  var tooltip: String {
    switch self {
    case let .tool(tool): "\(Toolbar.name(of: tool)) (\(tool.keys)): \(tool.hint)"
    case let .penMode(mode): "Pen mode: \(mode.title)"
    case let .starKind(isPolygon): isPolygon ? "Draw polygons: corners only" : "Draw stars: corners and inner points"
    case let .step(setting, step): (step < 0 ? "Less: " : "More: ") + setting.tooltipName
    case let .pathOperation(operation): "\(operation.title) (\(Toolbar.keys(of: operation))): \(Toolbar.meaning(of: operation))"
    case let .textFace(italic): italic ? "Italic (Ctrl+I while typing)" : "Bold (Ctrl+B while typing)"
    case let .textAnchor(anchor): "Align the text's lines: \(anchor.rawValue) on its x"
    case .textFamily: "Font family: choose from this machine's (type to filter)"
    }
  }

  func isOn(_ state: Editor.State) -> Bool {
    switch self {
    case let .tool(tool): state.interaction.tool == tool
    case let .penMode(mode): state.interaction.penMode == mode
    case let .starKind(isPolygon): state.interaction.shapeSettings.isPolygon == isPolygon
    case let .textFace(italic): italic ? state.textStyle?.isItalic == true : state.textStyle?.isBold == true
    case let .textAnchor(anchor): state.editedText?.anchor == anchor
    case .step, .pathOperation, .textFamily: false
    }
  }

  func action(_ state: Editor.State) -> Editor.Action {
    switch self {
    case let .tool(tool): .tools(.choose(tool))
    case let .penMode(mode): .tools(.setPenMode(mode))
    case let .starKind(isPolygon):
      {
        var shape = state.interaction.shapeSettings
        shape.isPolygon = isPolygon
        return .tools(.setShapeSettings(shape))
      }()
    case let .step(setting, step): setting.action(step: step, state)
    case let .pathOperation(operation): .pathOperations(.apply(operation))
    case let .textFace(italic): .text(italic ? .toggleItalic : .toggleBold)
    case let .textAnchor(anchor): .text(.setAnchor(anchor))
    case .textFamily: .palette(.present(TextEditing.familyEntries(), purpose: .fontFamily))
    }
  }
}

/// The tool bar: a row floating at the bottom left of the canvas area, the tools first, then
/// the current tool's settings (the pen's modes and tension, the star's kind, corners,
/// spokes and rounding, the rectangle's corner radius) or, with the node tool, the path
/// operations. Hovering a button shows its tooltip.
struct Toolbar {
  /// A button, or a setting's readout between its − and +.
  enum Slot: Equatable {
    case button(ToolbarItem)
    case readout(ToolbarSetting)
  }

  static let height = 28.0
  static let margin = 8.0
  static let toolWidth = 58.0
  static let modeWidth = 100.0
  static let stepWidth = 22.0
  static let readoutWidth = 88.0
  static let gap = 4.0
  static let groupGap = 14.0

  static func name(of tool: Tool) -> String {
    switch tool {
    case .selector: "Select"
    case .node: "Node"
    case .pen: "Pen"
    case .pencil: "Pencil"
    case .rectangle: "Rect"
    case .ellipse: "Ellipse"
    case .star: "Star"
    case .text: "Text"
    }
  }

  static func shortName(of operation: PathOperation) -> String {
    switch operation {
    case .union: "Union"
    case .difference: "Diff"
    case .intersection: "Inter"
    case .exclusion: "Excl"
    case .division: "Divide"
    case .cut: "Cut"
    }
  }

  /// The operation's keys, as the command palette (`Shortcut.all`) writes them.
  static func keys(of operation: PathOperation) -> String {
    switch operation {
    case .union: "Ctrl++"
    case .difference: "Ctrl+-"
    case .intersection: "Ctrl+*"
    case .exclusion: "Ctrl+^"
    case .division: "Ctrl+/"
    case .cut: "Ctrl+Alt+/"
    }
  }

  static func meaning(of operation: PathOperation) -> String {
    switch operation {
    case .union: "the selected curves as one"
    case .difference: "the bottom curve minus the top one"
    case .intersection: "what every selected curve fills"
    case .exclusion: "what one of the two fills and not the other"
    case .division: "the bottom curve cut into pieces by the top one"
    case .cut: "the bottom curve's outline cut where the top one crosses it"
    }
  }

  /// The slots and their frames for `state`, left to right.
  static func slots(for state: Editor.State, in layout: Layout) -> [(slot: Slot, frame: Rect)] {
    // A frame of the drawing alone (`render --canvas-only`) has no tool bar.
    guard layout.hasChrome else { return [] }
    var groups: [[(Slot, Double)]] = [Tool.allCases.map { (.button(.tool($0)), toolWidth) }]
    func setting(_ setting: ToolbarSetting) -> [(Slot, Double)] {
      [(.button(.step(setting, by: -1)), stepWidth), (.readout(setting), readoutWidth), (.button(.step(setting, by: 1)), stepWidth)]
    }
    switch state.interaction.tool {
    case .pen:
      groups.append(PenMode.allCases.map { (.button(.penMode($0)), modeWidth) })
      if state.interaction.penMode == .throughPoints { groups.append(setting(.tension)) }
    case .star:
      groups.append([(.button(.starKind(isPolygon: false)), toolWidth), (.button(.starKind(isPolygon: true)), toolWidth + 8)])
      groups.append(setting(.corners))
      if !state.interaction.shapeSettings.isPolygon { groups.append(setting(.spokes)) }
      groups.append(setting(.rounding))
    case .rectangle:
      groups.append(setting(.cornerRadius))
    case .selector, .node:
      // Inkscape's Path menu, on the selected objects or the curves the node tool selects.
      groups.append(PathOperation.allCases.map { (.button(.pathOperation($0)), toolWidth) })
    case .text:
      groups.append([(.button(.textFamily), readoutWidth + 40)])
      groups.append([(.button(.textFace(italic: false)), toolWidth), (.button(.textFace(italic: true)), toolWidth)])
      groups.append(TextContent.Anchor.allCases.map { (.button(.textAnchor($0)), toolWidth) })
      groups.append(setting(.fontSize))
      groups.append(setting(.letterSpacing))
      groups.append(setting(.lineSpacing))
    case .pencil, .ellipse:
      break
    }
    // Left to right from the bottom left; a group that would pass the canvas area's right
    // edge starts a row above.
    let area = layout.canvasArea
    var top = area.maxY - TimelineStrip.reservedHeight(for: state, in: layout) - margin - height
    var x = area.minX + margin
    var slots: [(slot: Slot, frame: Rect)] = []
    for group in groups {
      let width = group.reduce(0) { $0 + $1.1 + gap } - gap
      if x > area.minX + margin {
        x += groupGap - gap
        if x + width > area.maxX - margin {
          x = area.minX + margin
          top -= height + 2 * gap
        }
      }
      for (slot, width) in group {
        slots.append((slot, Rect(minX: x, minY: top, maxX: x + width, maxY: top + height)))
        x += width + gap
      }
    }
    return slots
  }

  /// The button under `point`, if any.
  static func item(at point: Point, for state: Editor.State, in layout: Layout) -> ToolbarItem? {
    for (slot, frame) in slots(for: state, in: layout) where frame.contains(point) {
      if case let .button(item) = slot { return item }
    }
    return nil
  }

  /// Whether `point` is on the bar: on one of its rows, from its first slot to its last.
  static func contains(_ point: Point, for state: Editor.State, in layout: Layout) -> Bool {
    let rows = Dictionary(grouping: slots(for: state, in: layout).map(\.frame), by: \.minY)
    return rows.values.contains { frames in
      let row = Rect(minX: frames.map(\.minX).min()!, minY: frames[0].minY, maxX: frames.map(\.maxX).max()!, maxY: frames[0].maxY)
      return row.contains(point)
    }
  }
}
