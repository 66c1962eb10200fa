@freestanding(expression)
public macro stringify<T>(_ value: T) -> (T, String) =
  #externalMacro(module: "MacrosPlugin", type: "StringifyMacro")

@freestanding(expression)
public macro clamp(_ value: Int, _ low: Int, _ high: Int) -> Int =
  #externalMacro(module: "MacrosPlugin", type: "ClampMacro")

@attached(peer, names: suffixed(Checked))
public macro AddChecked() = #externalMacro(module: "MacrosPlugin", type: "AddCheckedMacro")
