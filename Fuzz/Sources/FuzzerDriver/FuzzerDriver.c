// The header declares libFuzzer's driver; its code comes with -sanitize=fuzzer.
