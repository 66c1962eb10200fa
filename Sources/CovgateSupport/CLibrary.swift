#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Functions of the C library that Swift's module of it leaves out (GNU extensions behind
/// `_GNU_SOURCE`, glibc's `malloc.h`), looked up by name in the running process.
public enum CLibrary {
  /// The function named `name` as `type` (a `@convention(c)` function type), or nil where the
  /// C library has none.
  public static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
    dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: Function.self) }
  }
}
