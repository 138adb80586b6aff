// The editor edits documents: whoever uses its reducers uses the document's types with them.
@_exported import CurveDocument
