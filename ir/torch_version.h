// What differs between the libtorch versions graph-lower supports (2.6 and 2.14), in one place.
#ifndef GRAPH_LOWER_IR_TORCH_VERSION_H_
#define GRAPH_LOWER_IR_TORCH_VERSION_H_

#include <torch/version.h>

#include "absl/strings/string_view.h"

namespace graph_lower {

// The libtorch this build compiled against (torch/version.h).
inline constexpr int kTorchVersionMajor = TORCH_VERSION_MAJOR;
inline constexpr int kTorchVersionMinor = TORCH_VERSION_MINOR;

// True when `overload` ("aten::cholesky") is one that a supported libtorch no longer registers and
// the running one does not: code that names such an overload (a library entry) skips it here.
// Any other overload that is not registered stays an error, so a misspelt name is still caught.
// The list: aten::cholesky, deprecated for linalg_cholesky since torch 1.9, is not registered
// by torch 2.14.
bool IsOverloadRemovedFromRunningTorch(absl::string_view overload);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_TORCH_VERSION_H_
