// Decompositions of the recurrent ops (lstm, gru, rnn_tanh, rnn_relu; the `.input` overloads that
// nn.LSTM / nn.GRU / nn.RNN call) into core ATen: a loop over layers, directions and time steps
// of addmm/mm and pointwise gates. Their CompositeImplicitAutograd kernels dispatch on CPU to
// aten::mkldnn_rnn_layer, which is not core and has no decomposition. Gate order and equations
// are those of the torch.nn.LSTM / GRU / RNN documentation and torch/_decomp/decompositions.py
// (lstm_impl, gru_impl, rnn_tanh_input): LSTM gates i, f, g, o; GRU gates r, z, n with
// n = tanh(W_in x + b_in + r * (W_hn h + b_hn)); params per layer and direction are w_ih, w_hh,
// then b_ih, b_hh when has_biases, then w_hr when the LSTM has a projection (proj_size > 0).
// Loops over time unroll once the sequence length is known (decomposition graphs are specialised
// to the node's shapes), so the result has one cell per step. Dropout between layers applies only
// in training (train=True), through aten::dropout, as the kernel does.
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "decomps/library/library.h"

namespace graph_lower {

namespace {

// The shared driver: `name(input, hx, params, ...)`, where the cell updates `h` (and `c` for the
// LSTM) from `xt` with w_ih, w_hh, b_ih, b_hh. `hx_type` is `List[Tensor]` (LSTM: [h0, c0]) or
// `Tensor` (h0); `returns` and `result` give the output tuple.
std::string RecurrentDriver(const std::string& name, bool lstm, const std::string& cell) {
  std::string text = R"TS(
def NAME(input: Tensor, hx: HX_TYPE, params: List[Tensor], has_biases: bool, num_layers: int,
         dropout: float, train: bool, bidirectional: bool, batch_first: bool) -> RETURNS:
    x = input
    if batch_first:
        x = torch.transpose(x, 0, 1)
    dirs = 1
    if bidirectional:
        dirs = 2
    stride = len(params) // (num_layers * dirs)
    proj = False
    if has_biases:
        proj = stride == 5
    else:
        proj = stride == 3
    H0 = HX0
    C0 = HX1
    steps = x.size(0)
    hs: List[Tensor] = []
    cs: List[Tensor] = []
    for layer in range(num_layers):
        outs: List[Tensor] = []
        for d in range(dirs):
            k = (layer * dirs + d) * stride
            w_ih = params[k]
            w_hh = params[k + 1]
            b_ih = w_ih
            b_hh = w_hh
            if has_biases:
                b_ih = params[k + 2]
                b_hh = params[k + 3]
            w_hr = params[k + stride - 1]
            h = H0[layer * dirs + d]
            c = C0[layer * dirs + d]
            ys: List[Tensor] = []
            for s in range(steps):
                t = s
                if d == 1:
                    t = steps - 1 - s
                xt = x[t]
                gi = torch.mm(xt, torch.t(w_ih))
                gh = torch.mm(h, torch.t(w_hh))
                if has_biases:
                    gi = gi + b_ih
                    gh = gh + b_hh
CELL
                ys.append(h)
            if d == 1:
                ys = [ys[steps - 1 - s] for s in range(steps)]
            outs.append(torch.stack(ys, 0))
            hs.append(h)
            cs.append(c)
        if dirs == 2:
            x = torch.cat(outs, 2)
        else:
            x = outs[0]
        if train and dropout > 0.0 and layer < num_layers - 1:
            x = torch.dropout(x, dropout, train)
    if batch_first:
        x = torch.transpose(x, 0, 1)
    return RESULT
)TS";
  return absl::StrReplaceAll(
      text, {{"NAME", name},
             {"HX_TYPE", lstm ? "List[Tensor]" : "Tensor"},
             {"RETURNS", lstm ? "Tuple[Tensor, Tensor, Tensor]" : "Tuple[Tensor, Tensor]"},
             {"HX0", lstm ? "hx[0]" : "hx"},
             {"HX1", lstm ? "hx[1]" : "hx"},
             {"CELL", cell},
             {"RESULT",
              lstm ? "(x, torch.stack(hs, 0), torch.stack(cs, 0))" : "(x, torch.stack(hs, 0))"}});
}

constexpr char kLstmCell[] = R"TS(                n = gi.size(1) // 4
                gates = gi + gh
                i = torch.sigmoid(torch.narrow(gates, 1, 0, n))
                f = torch.sigmoid(torch.narrow(gates, 1, n, n))
                g = torch.tanh(torch.narrow(gates, 1, 2 * n, n))
                o = torch.sigmoid(torch.narrow(gates, 1, 3 * n, n))
                c = f * c + i * g
                h = o * torch.tanh(c)
                if proj:
                    h = torch.mm(h, torch.t(w_hr)))TS";

constexpr char kGruCell[] = R"TS(                n = gi.size(1) // 3
                r = torch.sigmoid(torch.narrow(gi, 1, 0, n) + torch.narrow(gh, 1, 0, n))
                z = torch.sigmoid(torch.narrow(gi, 1, n, n) + torch.narrow(gh, 1, n, n))
                cand = torch.tanh(torch.narrow(gi, 1, 2 * n, n) + r * torch.narrow(gh, 1, 2 * n, n))
                h = (1.0 - z) * cand + z * h)TS";

constexpr char kTanhCell[] = R"TS(                h = torch.tanh(gi + gh))TS";
constexpr char kReluCell[] = R"TS(                h = torch.relu(gi + gh))TS";

}  // namespace

std::vector<TorchScriptDecomposition> RecurrentDecompositions() {
  return {
      {"aten::lstm.input", "lstm", RecurrentDriver("lstm", true, kLstmCell)},
      {"aten::gru.input", "gru", RecurrentDriver("gru", false, kGruCell)},
      {"aten::rnn_tanh.input", "rnn_tanh", RecurrentDriver("rnn_tanh", false, kTanhCell)},
      {"aten::rnn_relu.input", "rnn_relu", RecurrentDriver("rnn_relu", false, kReluCell)},
      // stack(tensors, dim) = cat of each tensor unsqueezed at dim (torch/_refs stack).
      {"aten::stack", "stack", R"TS(
def stack(tensors: List[Tensor], dim: int = 0) -> Tensor:
    return torch.cat([torch.unsqueeze(t, dim) for t in tensors], dim)
)TS"},
  };
}

}  // namespace graph_lower
