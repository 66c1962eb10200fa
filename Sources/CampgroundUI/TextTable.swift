import CampgroundKit

/// A plain-text table: a header row, a rule, then rows, columns padded to their widest cell.
///
/// Cells come from the database and from services, so a character that would act on the
/// terminal (an escape sequence in a name stored before names were checked) is shown as its
/// code (`PlainText.escaped`), never sent as it is.
public struct TextTable: Equatable, Sendable {
  /// How a column lines up its cells.
  public enum Alignment: Sendable {
    /// Text flush left.
    case left
    /// Numbers flush right.
    case right
  }

  /// One column: its heading and alignment.
  public struct Column: Equatable, Sendable {
    /// The heading shown above the rule.
    public var title: String
    /// How the cells line up.
    public var alignment: Alignment

    /// Creates a column.
    public init(_ title: String, _ alignment: Alignment = .left) {
      self.title = title
      self.alignment = alignment
    }
  }

  /// The columns, left to right.
  public var columns: [Column]
  /// The cells, one array per row, in column order.
  public var rows: [[String]]

  /// Creates a table.
  public init(columns: [Column], rows: [[String]]) {
    self.columns = columns
    self.rows = rows
  }

  /// The table as lines joined by newlines, without trailing spaces.
  public func render() -> String {
    let rows = self.rows.map { $0.map(PlainText.escaped) }
    let widths = columns.indices.map { index in
      rows.reduce(columns[index].title.count) {
        max($0, $1.indices.contains(index) ? $1[index].count : 0)
      }
    }
    let header = line(columns.map(\.title), widths: widths)
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([header, rule] + rows.map { line($0, widths: widths) }).joined(separator: "\n")
  }

  private func line(_ cells: [String], widths: [Int]) -> String {
    let padded = columns.indices.map { index -> String in
      let cell = cells.indices.contains(index) ? cells[index] : ""
      let padding = String(repeating: " ", count: max(widths[index] - cell.count, 0))
      return columns[index].alignment == .left ? cell + padding : padding + cell
    }
    var text = padded.joined(separator: "  ")
    while text.last == " " { text.removeLast() }
    return text
  }
}
