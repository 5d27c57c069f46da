// The numbers torch/_export/serde/schema.py gives dtypes, layouts and memory formats, shared by
// the .pt2 reader and writer (exported_program.cc, exported_program_save.cc). Not for use outside
// ir/.
#ifndef GRAPH_LOWER_IR_EXPORT_SCHEMA_H_
#define GRAPH_LOWER_IR_EXPORT_SCHEMA_H_

#include <c10/core/Layout.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/ScalarType.h>

#include <utility>

namespace graph_lower {

// schema.py's ScalarType (serialize.py's _TORCH_TO_SERIALIZE_DTYPE).
inline constexpr std::pair<int, c10::ScalarType> kSerdeScalarTypes[] = {
    {1, c10::kByte},
    {2, c10::kChar},
    {3, c10::kShort},
    {4, c10::kInt},
    {5, c10::kLong},
    {6, c10::kHalf},
    {7, c10::kFloat},
    {8, c10::kDouble},
    {9, c10::kComplexHalf},
    {10, c10::kComplexFloat},
    {11, c10::kComplexDouble},
    {12, c10::kBool},
    {13, c10::kBFloat16},
    {28, c10::kUInt16},
    {29, c10::ScalarType::Float8_e4m3fn},
    {30, c10::ScalarType::Float8_e5m2},
    {31, c10::ScalarType::Float8_e4m3fnuz},
    {32, c10::ScalarType::Float8_e5m2fnuz},
    {34, c10::kUInt32},
    {35, c10::kUInt64},
};

// schema.py's Layout (serialize.py's _TORCH_TO_SERIALIZE_LAYOUT).
inline constexpr std::pair<int, c10::Layout> kSerdeLayouts[] = {
    {1, c10::kSparse},    {2, c10::kSparseCsr}, {3, c10::kSparseCsc}, {4, c10::kSparseBsr},
    {5, c10::kSparseBsc}, {6, c10::kMkldnn},    {7, c10::kStrided},
};

// schema.py's MemoryFormat (serialize.py's _TORCH_TO_SERIALIZE_MEMORY_FORMAT).
inline constexpr std::pair<int, c10::MemoryFormat> kSerdeMemoryFormats[] = {
    {1, c10::MemoryFormat::Contiguous},
    {2, c10::MemoryFormat::ChannelsLast},
    {3, c10::MemoryFormat::ChannelsLast3d},
    {4, c10::MemoryFormat::Preserve},
};

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_EXPORT_SCHEMA_H_
