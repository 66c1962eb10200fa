#define TWICE(x) ((x) + (x))

static inline int square(int x) {
  if (x < 0) {
    x = -x;
  }
  return x * x;
}
