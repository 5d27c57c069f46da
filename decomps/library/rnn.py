"""Decompositions of the recurrent ops (lstm, gru, rnn_tanh, rnn_relu; the `.input` overloads that
nn.LSTM / nn.GRU / nn.RNN call) into core ATen: a loop over layers, directions and time steps of
addmm/mm and pointwise gates. Their CompositeImplicitAutograd kernels dispatch on CPU to
aten::mkldnn_rnn_layer, which is not core and has no decomposition. Gate order and equations are
those of the torch.nn.LSTM / GRU / RNN documentation and torch/_decomp/decompositions.py
(lstm_impl, gru_impl, rnn_tanh_input): LSTM gates i, f, g, o; GRU gates r, z, n with n =
tanh(W_in x + b_in + r * (W_hn h + b_hn)); params per layer and direction are w_ih, w_hh, then
b_ih, b_hh when has_biases, then w_hr when the LSTM has a projection (proj_size > 0). Loops over
time unroll once the sequence length is known (decomposition graphs are specialised to the
node's shapes), so the result has one cell per step. Dropout between layers applies only in
training (train=True), through aten::dropout, as the kernel does.
"""


# The layers x directions x steps loop the four ops share; `cell` picks the cell: 0 LSTM, 1 GRU,
# 2 RNN tanh, 3 RNN relu. H0 and C0 hold the initial states (C0 is read by the LSTM only).
# Returns the output, the last h and the last c of each layer and direction.
def _rnn(input: Tensor, H0: Tensor, C0: Tensor, params: List[Tensor], has_biases: bool,
         num_layers: int, dropout: float, train: bool, bidirectional: bool, batch_first: bool,
         cell: int) -> Tuple[Tensor, Tensor, Tensor]:
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
                if cell == 0:
                    n = gi.size(1) // 4
                    gates = gi + gh
                    i = torch.sigmoid(torch.narrow(gates, 1, 0, n))
                    f = torch.sigmoid(torch.narrow(gates, 1, n, n))
                    g = torch.tanh(torch.narrow(gates, 1, 2 * n, n))
                    o = torch.sigmoid(torch.narrow(gates, 1, 3 * n, n))
                    c = f * c + i * g
                    h = o * torch.tanh(c)
                    if proj:
                        h = torch.mm(h, torch.t(w_hr))
                elif cell == 1:
                    n = gi.size(1) // 3
                    r = torch.sigmoid(torch.narrow(gi, 1, 0, n) + torch.narrow(gh, 1, 0, n))
                    z = torch.sigmoid(torch.narrow(gi, 1, n, n) + torch.narrow(gh, 1, n, n))
                    cand = torch.tanh(torch.narrow(gi, 1, 2 * n, n)
                                      + r * torch.narrow(gh, 1, 2 * n, n))
                    h = (1.0 - z) * cand + z * h
                elif cell == 2:
                    h = torch.tanh(gi + gh)
                else:
                    h = torch.relu(gi + gh)
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
    return (x, torch.stack(hs, 0), torch.stack(cs, 0))


def lstm(input: Tensor, hx: List[Tensor], params: List[Tensor], has_biases: bool, num_layers: int,
         dropout: float, train: bool, bidirectional: bool,
         batch_first: bool) -> Tuple[Tensor, Tensor, Tensor]:
    return _rnn(input, hx[0], hx[1], params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first, 0)


# The GRU, RNN tanh and RNN relu drivers return the output and the last hidden states only.
def _rnn_h(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int,
           dropout: float, train: bool, bidirectional: bool, batch_first: bool,
           cell: int) -> Tuple[Tensor, Tensor]:
    y, h, c = _rnn(input, hx, hx, params, has_biases, num_layers, dropout, train, bidirectional,
                   batch_first, cell)
    return (y, h)


def gru(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int,
        dropout: float, train: bool, bidirectional: bool,
        batch_first: bool) -> Tuple[Tensor, Tensor]:
    return _rnn_h(input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
                  batch_first, 1)


# h' = tanh(W_ih x + b_ih + W_hh h + b_hh).
def rnn_tanh(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int,
             dropout: float, train: bool, bidirectional: bool,
             batch_first: bool) -> Tuple[Tensor, Tensor]:
    return _rnn_h(input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
                  batch_first, 2)


# h' = relu(W_ih x + b_ih + W_hh h + b_hh), the nonlinearity="relu" form.
def rnn_relu(input: Tensor, hx: Tensor, params: List[Tensor], has_biases: bool, num_layers: int,
             dropout: float, train: bool, bidirectional: bool,
             batch_first: bool) -> Tuple[Tensor, Tensor]:
    return _rnn_h(input, hx, params, has_biases, num_layers, dropout, train, bidirectional,
                  batch_first, 3)


# stack(tensors, dim) = cat of each tensor unsqueezed at dim (torch/_refs stack).
def stack(tensors: List[Tensor], dim: int = 0) -> Tensor:
    return torch.cat([torch.unsqueeze(t, dim) for t in tensors], dim)


DECOMPOSITIONS = {
    "aten::lstm.input": lstm,
    "aten::gru.input": gru,
    "aten::rnn_tanh.input": rnn_tanh,
    "aten::rnn_relu.input": rnn_relu,
    "aten::stack": stack,
}
