#include "square.h"

int scaled(int x) {
  int total = 0;
  for (int i = 0; i < x; i++)
    total += square(i);
  return TWICE(total);
}

int unused(int x) {
  return x ? 1 : 2;
}
