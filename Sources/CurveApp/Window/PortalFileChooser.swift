import CDBus
import CurveFeature
import Foundation

/// The desktop's own file chooser, through the XDG desktop portal
/// (`org.freedesktop.portal.FileChooser` on the session bus): what GNOME, KDE and Flatpak
/// programs show for Open and Save As. Where no portal answers (no session bus, no portal,
/// no chooser behind it, and so under `xvfb-run`), the window falls back to its own drawn
/// browser; `CURVES_FILE_CHOOSER=builtin` always does.
///
/// ```swift
/// switch PortalFileChooser.choose(.open, folder: documentFolder, name: nil) {
/// case let .chosen(url)?: open(url)
/// case .cancelled?: break
/// case nil: showTheDrawnBrowser()
/// }
/// ```
///
/// `choose` blocks until the user answers (the portal's dialog is its own window), so the
/// window calls it off the main thread.
enum PortalFileChooser {
  typealias Answer = DesktopFileChooserClient.Answer

  static let service = "org.freedesktop.portal.Desktop"
  static let objectPath = "/org/freedesktop/portal/desktop"

  /// Whether to ask a portal at all: a session bus is known, and the user has not asked for
  /// the built-in browser.
  static var mayUsePortal: Bool {
    let environment = ProcessInfo.processInfo.environment
    if environment["CURVES_FILE_CHOOSER"] == "builtin" { return false }
    if environment["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true { return true }
    // The systemd user bus, which libdbus finds without the variable.
    guard let runtime = environment["XDG_RUNTIME_DIR"] else { return false }
    return FileManager.default.fileExists(atPath: runtime + "/bus")
  }

  /// The user's answer, or nil when no portal could be asked (the caller shows its own).
  static func choose(_ purpose: FileBrowser.Purpose, folder: URL?, name: String?) -> Answer? {
    guard mayUsePortal else { return nil }
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error) else { return nil }
    // A lost bus must not end the editor, as libdbus would by default.
    dbus_connection_set_exit_on_disconnect(connection, 0)
    defer {
      dbus_connection_close(connection)
      dbus_connection_unref(connection)
    }
    guard let unique = dbus_bus_get_unique_name(connection).map({ String(cString: $0) }) else { return nil }
    // The request's path is known before the call: listening first, no answer is missed.
    let token = "curves\(UInt32.random(in: 0...UInt32.max))"
    let sender = unique.dropFirst().replacingOccurrences(of: ".", with: "_")
    var requestPath = "\(objectPath)/request/\(sender)/\(token)"
    listen(for: requestPath, on: connection, &error)

    guard let call = request(purpose, folder: folder, name: name, token: token) else { return nil }
    defer { dbus_message_unref(call) }
    guard let reply = dbus_connection_send_with_reply_and_block(connection, call, 10_000, &error) else { return nil }
    defer { dbus_message_unref(reply) }
    var path: UnsafeMutablePointer<CChar>?
    var iterator = DBusMessageIter()
    if dbus_message_iter_init(reply, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == CDBusTypeObjectPath {
      dbus_message_iter_get_basic(&iterator, &path)
      // An older portal names its own request.
      if let path, String(cString: path) != requestPath {
        requestPath = String(cString: path)
        listen(for: requestPath, on: connection, &error)
      }
    }
    return waitForResponse(on: connection, path: requestPath)
  }

  private static func listen(for path: String, on connection: OpaquePointer, _ error: inout DBusError) {
    dbus_bus_add_match(connection, "type='signal',interface='org.freedesktop.portal.Request',member='Response',path='\(path)'", &error)
    dbus_error_free(&error)
    dbus_error_init(&error)
  }

  /// `OpenFile` or `SaveFile` with the options the portal documents: a handle token, the
  /// drawing files as the filter, and, saving, the current folder and name.
  private static func request(_ purpose: FileBrowser.Purpose, folder: URL?, name: String?, token: String) -> OpaquePointer? {
    let method = purpose == .saveAs ? "SaveFile" : "OpenFile"
    guard let message = dbus_message_new_method_call(service, objectPath, "org.freedesktop.portal.FileChooser", method) else { return nil }
    var arguments = DBusMessageIter()
    dbus_message_iter_init_append(message, &arguments)
    append(string: "", to: &arguments)
    append(string: purpose.title, to: &arguments)
    var options = DBusMessageIter()
    dbus_message_iter_open_container(&arguments, CDBusTypeArray, "{sv}", &options)
    entry("handle_token", in: &options, signature: "s") { append(string: token, to: &$0) }
    entry("modal", in: &options, signature: "b") { value in
      var yes: dbus_bool_t = 1
      dbus_message_iter_append_basic(&value, CDBusTypeBoolean, &yes)
    }
    if purpose == .saveAs {
      if let name { entry("current_name", in: &options, signature: "s") { append(string: name, to: &$0) } }
      if let folder { entry("current_folder", in: &options, signature: "ay") { append(bytes: Array(folder.path.utf8) + [0], to: &$0) } }
    }
    let patterns = purpose.extensions.sorted().map { "*.\($0)" }
    entry("filters", in: &options, signature: "a(sa(us))") { value in
      var filters = DBusMessageIter(), filter = DBusMessageIter(), globs = DBusMessageIter()
      dbus_message_iter_open_container(&value, CDBusTypeArray, "(sa(us))", &filters)
      dbus_message_iter_open_container(&filters, CDBusTypeStruct, nil, &filter)
      append(string: purpose == .saveAs ? "Curves documents" : "Drawings", to: &filter)
      dbus_message_iter_open_container(&filter, CDBusTypeArray, "(us)", &globs)
      for pattern in patterns {
        var glob = DBusMessageIter()
        var kind: UInt32 = 0
        dbus_message_iter_open_container(&globs, CDBusTypeStruct, nil, &glob)
        dbus_message_iter_append_basic(&glob, CDBusTypeUInt32, &kind)
        append(string: pattern, to: &glob)
        dbus_message_iter_close_container(&globs, &glob)
      }
      dbus_message_iter_close_container(&filter, &globs)
      dbus_message_iter_close_container(&filters, &filter)
      dbus_message_iter_close_container(&value, &filters)
    }
    dbus_message_iter_close_container(&arguments, &options)
    return message
  }

  private static func append(string: String, to iterator: inout DBusMessageIter) {
    string.withCString { text in
      var pointer: UnsafePointer<CChar>? = text
      dbus_message_iter_append_basic(&iterator, CDBusTypeString, &pointer)
    }
  }

  private static func append(bytes: [UInt8], to iterator: inout DBusMessageIter) {
    var array = DBusMessageIter()
    dbus_message_iter_open_container(&iterator, CDBusTypeArray, "y", &array)
    for var byte in bytes { dbus_message_iter_append_basic(&array, CDBusTypeByte, &byte) }
    dbus_message_iter_close_container(&iterator, &array)
  }

  /// One `{sv}` entry: `key`, and a variant of `signature` that `value` fills.
  private static func entry(_ key: String, in dictionary: inout DBusMessageIter, signature: String, _ value: (inout DBusMessageIter) -> Void) {
    var entry = DBusMessageIter(), variant = DBusMessageIter()
    dbus_message_iter_open_container(&dictionary, CDBusTypeDictEntry, nil, &entry)
    append(string: key, to: &entry)
    dbus_message_iter_open_container(&entry, CDBusTypeVariant, signature, &variant)
    value(&variant)
    dbus_message_iter_close_container(&entry, &variant)
    dbus_message_iter_close_container(&dictionary, &entry)
  }

  /// Reads the bus until the request's `Response` arrives: response 0 and its first URI is
  /// a choice, anything else a cancel; nil if the bus goes away first.
  private static func waitForResponse(on connection: OpaquePointer, path: String) -> Answer? {
    while dbus_connection_read_write(connection, 250) != 0 {
      while let message = dbus_connection_pop_message(connection) {
        defer { dbus_message_unref(message) }
        guard dbus_message_is_signal(message, "org.freedesktop.portal.Request", "Response") != 0,
          let sender = dbus_message_get_path(message), String(cString: sender) == path
        else { continue }
        return answer(in: message)
      }
    }
    return nil
  }

  private static func answer(in message: OpaquePointer) -> Answer {
    var iterator = DBusMessageIter()
    var response: UInt32 = 2
    guard dbus_message_iter_init(message, &iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == CDBusTypeUInt32 else { return .cancelled }
    dbus_message_iter_get_basic(&iterator, &response)
    guard response == 0, dbus_message_iter_next(&iterator) != 0, dbus_message_iter_get_arg_type(&iterator) == CDBusTypeArray else { return .cancelled }
    var results = DBusMessageIter()
    dbus_message_iter_recurse(&iterator, &results)
    while dbus_message_iter_get_arg_type(&results) == CDBusTypeDictEntry {
      var entry = DBusMessageIter(), variant = DBusMessageIter(), uris = DBusMessageIter()
      dbus_message_iter_recurse(&results, &entry)
      var key: UnsafeMutablePointer<CChar>?
      dbus_message_iter_get_basic(&entry, &key)
      if let key, String(cString: key) == "uris", dbus_message_iter_next(&entry) != 0 {
        dbus_message_iter_recurse(&entry, &variant)
        dbus_message_iter_recurse(&variant, &uris)
        if dbus_message_iter_get_arg_type(&uris) == CDBusTypeString {
          var uri: UnsafeMutablePointer<CChar>?
          dbus_message_iter_get_basic(&uris, &uri)
          if let uri, let url = URL(string: String(cString: uri)), url.isFileURL { return .chosen(url) }
        }
      }
      dbus_message_iter_next(&results)
    }
    return .cancelled
  }
}

extension DesktopFileChooserClient {
  /// The portal's chooser, asked on a thread of its own (its dialog blocks until answered).
  static var portal: DesktopFileChooserClient {
    DesktopFileChooserClient(isAvailable: PortalFileChooser.mayUsePortal) { purpose, folder, name in
      // A thread of its own: the wait can last minutes, and must not hold one of the few
      // threads the effects, autosave and the save on quitting run on.
      await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: PortalFileChooser.choose(purpose, folder: folder, name: name)) }.start()
      }
    }
  }
}
