#ifndef COVGATE_FUZZER_DRIVER_H
#define COVGATE_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (part of -sanitize=fuzzer's runtime): runs `callback` on generated inputs.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
