// RETURN_IF_ERROR and ASSIGN_OR_RETURN, the status-propagation macros of Google's codebases.
// Abseil publishes them (absl/status/status_macros.h) only from its 2025 releases: Debian sid's
// has them, trixie's (20240722, the torch 2.6 toolchain) does not. These are their two-argument
// forms, with the same meaning, so that both toolchains build the same code.
#ifndef GRAPH_LOWER_IR_STATUS_MACROS_H_
#define GRAPH_LOWER_IR_STATUS_MACROS_H_

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace graph_lower::status_internal {
inline absl::Status ToStatus(absl::Status status) { return status; }
template <typename T>
absl::Status ToStatus(const absl::StatusOr<T>& status_or) {
  return status_or.status();
}
}  // namespace graph_lower::status_internal

// RETURN_IF_ERROR(expr): evaluates `expr` (an absl::Status or absl::StatusOr<T>) and returns its
// status from the enclosing function when it is not OK.
#define RETURN_IF_ERROR(expr)                                                                \
  do {                                                                                       \
    if (::absl::Status graph_lower_status_ = ::graph_lower::status_internal::ToStatus(expr); \
        !graph_lower_status_.ok()) {                                                         \
      return graph_lower_status_;                                                            \
    }                                                                                        \
  } while (false)

// ASSIGN_OR_RETURN(lhs, expr): evaluates `expr` (an absl::StatusOr<T>); returns its status when
// it is not OK, else moves its value into `lhs` (a declaration such as `auto x`, or an lvalue).
// Expands to several statements: not the body of an unbraced `if`.
#define ASSIGN_OR_RETURN(lhs, expr)                                                               \
  GRAPH_LOWER_ASSIGN_OR_RETURN_(GRAPH_LOWER_STATUS_CONCAT_(graph_lower_statusor_, __LINE__), lhs, \
                                expr)

#define GRAPH_LOWER_STATUS_CONCAT_INNER_(a, b) a##b
#define GRAPH_LOWER_STATUS_CONCAT_(a, b) GRAPH_LOWER_STATUS_CONCAT_INNER_(a, b)
#define GRAPH_LOWER_ASSIGN_OR_RETURN_(statusor, lhs, expr) \
  auto statusor = (expr);                                  \
  if (!statusor.ok()) return std::move(statusor).status(); \
  lhs = *std::move(statusor)

#endif  // GRAPH_LOWER_IR_STATUS_MACROS_H_
