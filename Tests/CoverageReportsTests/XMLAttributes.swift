import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Reads an XML document back with Foundation's parser: the attributes of every element of a
/// name, in document order, and the text of elements; `nil` when the document is not
/// well-formed.
final class XMLAttributes: NSObject, XMLParserDelegate {
  private var elements: [(name: String, attributes: [String: String])] = []
  private var texts: [String: [String]] = [:]
  private var current: [String] = []
  private var text = ""

  /// Parses `xml`; `nil` when it is not well-formed.
  static func parse(_ xml: String) -> XMLAttributes? {
    let reader = XMLAttributes()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = reader
    return parser.parse() ? reader : nil
  }

  /// The attributes of each `name` element, in order.
  func attributes(of name: String) -> [[String: String]] {
    elements.filter { $0.name == name }.map(\.attributes)
  }

  /// The text content of each `name` element, in order.
  func texts(of name: String) -> [String] { texts[name] ?? [] }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    elements.append((elementName, attributes))
    current.append(elementName)
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    texts[elementName, default: []].append(text)
    text = ""
    current.removeLast()
  }
}
