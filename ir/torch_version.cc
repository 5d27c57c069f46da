// The overloads that a supported libtorch no longer registers (ir/torch_version.h).
#include "ir/torch_version.h"

#include "ir/op_key.h"

namespace graph_lower {

bool IsOverloadRemovedFromRunningTorch(absl::string_view overload) {
  static constexpr absl::string_view kRemovedInLaterTorch[] = {"aten::cholesky"};
  for (absl::string_view removed : kRemovedInLaterTorch) {
    if (overload != removed) continue;
    absl::StatusOr<OpKey> key = OpKey::Parse(overload);
    return key.ok() && !FindOperatorSchema(*key).ok();
  }
  return false;
}

}  // namespace graph_lower
