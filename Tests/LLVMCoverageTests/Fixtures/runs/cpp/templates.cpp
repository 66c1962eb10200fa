volatile int sink = 0;

template <bool Stop> void test() {
  if constexpr (Stop) {
    return;
  }
  ++sink;
}

template <int N> int pick() {
  if constexpr (constexpr int k = N; k > 1) {
    return k;
  } else {
    return 0;
  }
}

int main(int argc, char **) {
  test<true>();
  if (argc > 1) {
    test<false>();
    sink += pick<0>();
  } else {
    sink += pick<2>();
  }
  if consteval { return 3; } else { sink += 1; }
  return 0;
}
