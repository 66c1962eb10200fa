import ArgumentParser
import CampgroundUI

/// The `campground` executable: everything lives in CampgroundUI so it can be tested.
@main
enum CampgroundMain {
  static func main() async {
    await CampgroundCommand.main()
  }
}
