#include "square.h"

#define LIMIT(x) ((x) > 100 ? 100 : (x))

int scaled(int x);

static int classify(int x) {
  if (x > 10)
    return 1;
  else if (x < 0) {
    return -1;
  }
#if 0
  never();
#endif
  return 0;
}

int main(int argc, char **argv) {
  int s = 0;
  if (argc > 1) {
    s = scaled(argc + 2) + classify(-5);
  } else {
    s = square(3) + classify(20) + TWICE(1);
  }
  return LIMIT(s) > 1000 ? 1 : 0;
}
