import CFFmpeg
import Foundation

/// Frames encoded as a video file with FFmpeg's libraries: a WebM of VP9 (`.webm`), else an
/// MP4 of H.264 (`.mp4`, `.mov`, `.mkv`), in 4:2:0 colour, at a constant rate.
///
/// ```swift
/// let writer = try VideoWriter(url: movie, width: 800, height: 600, framesPerSecond: 30)
/// for frame in frames { try writer.append(bgra: frame) }   // B, G, R, A bytes, opaque
/// try writer.finish()
/// ```
///
/// 4:2:0 needs even sides: an odd width or height is scaled to the next even one. FFmpeg's
/// libraries are loaded by the first video written (`curves_ffmpeg_load`), not when the
/// program starts: they bring X11 and VA-API with them.
package final class VideoWriter {
  /// What FFmpeg refused, with its own message.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package let width: Int
  package let height: Int
  /// FFmpeg's functions, loaded by the first video written.
  private let av: CurvesFFmpeg
  private let format: UnsafeMutablePointer<AVFormatContext>
  private var codec: UnsafeMutablePointer<AVCodecContext>?
  private let stream: UnsafeMutablePointer<AVStream>
  private var frame: UnsafeMutablePointer<AVFrame>?
  private var packet: UnsafeMutablePointer<AVPacket>?
  private let scaler: OpaquePointer
  private var frameCount: Int64 = 0
  private var isOpen = false

  package init(url: URL, width: Int, height: Int, framesPerSecond: Int) throws(Failure) {
    var why = [CChar](repeating: 0, count: 512)
    guard let av = curves_ffmpeg_load(&why, why.count)?.pointee else { throw Failure(description: text(why)) }
    self.av = av
    self.width = width
    self.height = height
    av.av_log_set_level(AV_LOG_ERROR)  // the encoders' chatter (libvpx's version line) is not the user's
    var format: UnsafeMutablePointer<AVFormatContext>?
    try Self.check(av, av.avformat_alloc_output_context2(&format, nil, nil, url.path), "cannot write \(url.lastPathComponent) as a video")
    guard let format else { throw Failure(description: "cannot write \(url.lastPathComponent) as a video") }
    self.format = format
    let isWebM = url.pathExtension.lowercased() == "webm"
    guard let encoder = isWebM ? av.avcodec_find_encoder_by_name("libvpx-vp9") ?? av.avcodec_find_encoder(AV_CODEC_ID_VP8)
      : av.avcodec_find_encoder_by_name("libx264") ?? av.avcodec_find_encoder(AV_CODEC_ID_MPEG4)
    else {
      av.avformat_free_context(format)
      throw Failure(description: "this FFmpeg has no \(isWebM ? "VP9 or VP8" : "H.264 or MPEG-4") encoder")
    }
    let evenWidth = Int32(width + width % 2), evenHeight = Int32(height + height % 2)
    guard let scaler = av.sws_getContext(
      Int32(width), Int32(height), AV_PIX_FMT_BGRA, evenWidth, evenHeight, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nil, nil, nil
    ) else {
      av.avformat_free_context(format)
      throw Failure(description: "FFmpeg could not convert the frames' colours")
    }
    guard let stream = av.avformat_new_stream(format, nil), let codec = av.avcodec_alloc_context3(encoder) else {
      av.sws_freeContext(scaler)
      av.avformat_free_context(format)
      throw Failure(description: "FFmpeg could not make a video stream")
    }
    self.scaler = scaler
    self.stream = stream
    self.codec = codec
    codec.pointee.width = evenWidth
    codec.pointee.height = evenHeight
    codec.pointee.time_base = AVRational(num: 1, den: Int32(framesPerSecond))
    codec.pointee.framerate = AVRational(num: Int32(framesPerSecond), den: 1)
    codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
    codec.pointee.gop_size = Int32(framesPerSecond) * 2
    if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { codec.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    // Constant quality, near lossless to the eye; VP9 at a speed an export can wait for.
    if isWebM {
      _ = av.av_opt_set(codec.pointee.priv_data, "crf", "24", 0)
      _ = av.av_opt_set(codec.pointee.priv_data, "deadline", "realtime", 0)
      _ = av.av_opt_set(codec.pointee.priv_data, "cpu-used", "8", 0)
      codec.pointee.bit_rate = 0
    } else {
      _ = av.av_opt_set(codec.pointee.priv_data, "crf", "18", 0)
      _ = av.av_opt_set(codec.pointee.priv_data, "preset", "veryfast", 0)
    }
    do throws(Failure) {
      try Self.check(av, av.avcodec_open2(codec, encoder, nil), "FFmpeg could not open its encoder")
      try Self.check(av, av.avcodec_parameters_from_context(stream.pointee.codecpar, codec), "FFmpeg could not describe the stream")
      stream.pointee.time_base = codec.pointee.time_base
      try Self.check(av, av.avio_open(&format.pointee.pb, url.path, AVIO_FLAG_WRITE), "cannot write \(url.path)")
      isOpen = true
      try Self.check(av, av.avformat_write_header(format, nil), "FFmpeg could not start \(url.lastPathComponent)")
      frame = av.av_frame_alloc()
      packet = av.av_packet_alloc()
      guard let frame, packet != nil else { throw Failure(description: "out of memory for a video frame") }
      frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
      frame.pointee.width = evenWidth
      frame.pointee.height = evenHeight
      try Self.check(av, av.av_frame_get_buffer(frame, 0), "out of memory for a video frame")
    } catch {
      release()
      throw error
    }
  }

  deinit { release() }

  /// Appends one frame: `width` × `height` pixels, each B, G, R, A (the alpha is ignored).
  package func append(bgra pixels: [UInt8]) throws(Failure) {
    guard pixels.count == width * height * 4, let frame else { throw Failure(description: "a frame is not \(width)x\(height)") }
    try Self.check(av, av.av_frame_make_writable(frame), "out of memory for a video frame")
    pixels.withUnsafeBufferPointer { source in
      var planes: [UnsafePointer<UInt8>?] = [source.baseAddress]
      var strides: [Int32] = [Int32(width * 4)]
      withUnsafeMutablePointer(to: &frame.pointee.data) { data in
        withUnsafeMutablePointer(to: &frame.pointee.linesize) { linesize in
          data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { targets in
            linesize.withMemoryRebound(to: Int32.self, capacity: 8) { targetStrides in
              _ = av.sws_scale(scaler, &planes, &strides, 0, Int32(height), targets, targetStrides)
            }
          }
        }
      }
    }
    frame.pointee.pts = frameCount
    frameCount += 1
    try encode(frame)
  }

  /// Flushes the encoder and closes the file.
  package func finish() throws(Failure) {
    try encode(nil)
    try Self.check(av, av.av_write_trailer(format), "FFmpeg could not finish the video")
    release()
  }

  /// Sends `frame` (nil: the end) and writes every packet the encoder has ready.
  private func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws(Failure) {
    guard let codec, let packet else { throw Failure(description: "the video is closed") }
    try Self.check(av, av.avcodec_send_frame(codec, frame), "FFmpeg could not encode a frame")
    while true {
      let result = av.avcodec_receive_packet(codec, packet)
      if result == curves_averror_eagain() || result == curves_averror_eof() { return }
      try Self.check(av, result, "FFmpeg could not encode a frame")
      // Each frame lasts one tick: without it MP4 gives the last frame no time, and drops it.
      packet.pointee.duration = 1
      av.av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
      packet.pointee.stream_index = stream.pointee.index
      let written = av.av_interleaved_write_frame(format, packet)
      av.av_packet_unref(packet)
      try Self.check(av, written, "could not write the video")
    }
  }

  private func release() {
    if frame != nil { av.av_frame_free(&frame) }
    if packet != nil { av.av_packet_free(&packet) }
    if codec != nil {
      av.avcodec_free_context(&codec)
      av.sws_freeContext(scaler)
      if isOpen { _ = av.avio_closep(&format.pointee.pb) }
      av.avformat_free_context(format)
      isOpen = false
    }
  }

  private static func check(_ av: CurvesFFmpeg, _ result: Int32, _ what: String) throws(Failure) {
    guard result < 0 else { return }
    var message = [CChar](repeating: 0, count: 256)
    _ = av.av_strerror(result, &message, message.count)
    throw Failure(description: "\(what): \(text(message))")
  }
}

/// A C string in a buffer, up to its terminating zero.
private func text(_ buffer: [CChar]) -> String {
  String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
