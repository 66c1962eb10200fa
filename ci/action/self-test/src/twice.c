int twice(int x) {
  if (x > 0) {
    return 2 * x;
  }
  return 0;
}
