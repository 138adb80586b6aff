import CurveCommandLine
import Foundation
import Testing

/// `DrawingRender.quick` reads the plain `curves render --drawing-only` and `--output-dir`
/// lines without ArgumentParser, and must read each exactly as ArgumentParser does, or
/// leave it to ArgumentParser.
struct DrawingRenderTests {
  /// The render ArgumentParser reads from `arguments`, when it reads a drawing drawn alone.
  private func parsed(_ arguments: [String]) throws -> DrawingRender? {
    let command = try HeadlessRenderCommand.parse(arguments)
    guard (command.options.drawingOnly || command.options.outputDir != nil) && !command.options.animate else { return nil }
    return command.options.drawingRender
  }

  @Test(arguments: [
    (["a.svg", "--drawing-only", "-o", "a.png"], DrawingRender(files: ["a.svg"], output: "a.png")),
    (["--drawing-only", "a.svg", "--size", "128x128", "-o", "a.png"], DrawingRender(files: ["a.svg"], output: "a.png", size: "128x128")),
    (["a.svg", "--drawing-only", "--width", "64", "--output", "a.png", "--time", "1.5"], DrawingRender(files: ["a.svg"], width: 64, output: "a.png", time: 1.5)),
    (["a.json", "--drawing-only", "-o", "a.png", "--time", "1e1"], DrawingRender(files: ["a.json"], output: "a.png", time: 10)),
    (["a.svg", "b.svg", "--output-dir", "out", "--size", "64x64"], DrawingRender(files: ["a.svg", "b.svg"], outputDir: "out", size: "64x64")),
    (["icons", "--output-dir", "out", "--width", "32"], DrawingRender(files: ["icons"], outputDir: "out", width: 32)),
    (["--output-dir", "out", "--drawing-only", "list.txt"], DrawingRender(files: ["list.txt"], outputDir: "out")),
  ])
  func readsAPlainLineAsArgumentParserDoes(arguments: [String], expected: DrawingRender) throws {
    #expect(DrawingRender.quick(arguments) == expected)
    #expect(try parsed(arguments) == expected)
  }

  /// Lines that ask for more, say it in another spelling, or are wrong: ArgumentParser's to
  /// draw, answer or refuse, with its own messages.
  @Test(arguments: [
    ["a.json", "-o", "a.png"],  // the editor's frame
    ["a.svg", "--drawing-only", "-o", "a.png", "--scale", "2"],
    ["a.svg", "--drawing-only", "--help"],
    ["a.svg", "--drawing-only", "--output=a.png"],
    ["a.svg", "--drawing-only", "-o", "a.png", "-o", "b.png"],
    ["a.svg", "--drawing-only", "--drawing-only", "-o", "a.png"],
    ["a.svg", "--drawing-only", "--width", "wide", "-o", "a.png"],
    ["a.svg", "--drawing-only", "--width", "0", "-o", "a.png"],
    ["a.svg", "--drawing-only", "--width", "64", "--size", "64x64", "-o", "a.png"],
    ["a.svg", "--drawing-only", "--time", "-1", "-o", "a.png"],
    ["a.svg", "--drawing-only", "--time", "nan", "-o", "a.png"],
    ["a.svg", "--drawing-only"],
    ["a.svg", "b.svg", "--drawing-only", "-o", "a.png"],
    ["a.svg", "--output-dir", "out", "-o", "a.png"],
    ["a.svg", "--drawing-only", "--animate", "-o", "a.gif"],
    ["a.svg", "--drawing-only", "-o"],
  ])
  func leavesEverythingElseToArgumentParser(arguments: [String]) {
    #expect(DrawingRender.quick(arguments) == nil)
  }

  /// The quick line draws what ArgumentParser's draws: the same PNG, byte for byte.
  @Test func drawsTheSamePNGEitherWay() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("drawing.svg")
    try Data(DrawingOnlyRenderTests.drawing.utf8).write(to: svg)
    let quick = directory.appendingPathComponent("quick.png"), parsed = directory.appendingPathComponent("parsed.png")
    let quickLine = ["render", svg.path, "--drawing-only", "--size", "64x48", "-o", quick.path]
    // `--scale 1` is not a quick line: ArgumentParser reads it.
    let parsedLine = ["render", svg.path, "--drawing-only", "--size", "64x48", "--scale", "1", "-o", parsed.path]
    #expect(DrawingRender.quick(quickLine.dropFirst()) != nil && DrawingRender.quick(parsedLine.dropFirst()) == nil)
    for line in [quickLine, parsedLine] {
      let outcome = try CurvesBinary.run(line)
      #expect(outcome.status == 0, "\(outcome.error)")
    }
    let png = try Data(contentsOf: quick)
    #expect(png.count > 100)
    #expect(png == (try Data(contentsOf: parsed)))
  }
}
