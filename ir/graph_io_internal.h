// Helpers the archive load and save sources share. Not for use outside ir/.
#ifndef GRAPH_LOWER_IR_GRAPH_IO_INTERNAL_H_
#define GRAPH_LOWER_IR_GRAPH_IO_INTERNAL_H_

#include <string>

namespace graph_lower {

// "layers.0.weight" -> "layers_0_weight": an attribute name for the saved module.
std::string AttributeName(const std::string& path);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_GRAPH_IO_INTERNAL_H_
