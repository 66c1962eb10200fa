/// The shape check the login form applies to an email address before asking the server.
public enum EmailAddress {
  /// Whether `text` looks like `local@domain.tld`: one `@`, no spaces, a dot inside the domain.
  public static func isValid(_ text: String) -> Bool {
    guard !text.contains(where: \.isWhitespace) else { return false }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}
