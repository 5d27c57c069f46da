// libFuzzer target: torch.export archive (.pt2) reader plus lowering (fuzz/fuzz_targets.h).
// `make fuzz` runs it.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  graph_lower::fuzz::FuzzExportedProgram(data, size);
  return 0;
}
