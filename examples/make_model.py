"""Scripts a torchvision classification model with random weights to a TorchScript archive.

Usage: python3 examples/make_model.py [MODEL] [OUTPUT.pt]   (default: resnet18 out/resnet18.pt)

MODEL is any torchvision.models builder name (resnet18, mobilenet_v3_small, vit_b_16, ...). Weights
are random (no download; torchvision 0.21's builders with weights=None), the model is in eval mode
and scripted with torch.jit.script. Also writes MODEL.inputs.pt beside the archive: one example
input of the model's usual size (batch 1, 3x224x224; 3x299x299 for inception_v3), seeded.
"""

import os
import sys
import warnings

import torch
import torchvision


def input_shape(name):
    """The (N, C, H, W) example input torchvision documents for the model."""
    return (1, 3, 299, 299) if name == "inception_v3" else (1, 3, 224, 224)


def build(name):
    """The eval-mode model `name` with seeded random weights."""
    torch.manual_seed(0)
    kwargs = {"weights": None}
    if name in ("inception_v3", "googlenet"):
        kwargs["aux_logits"] = False
        kwargs["init_weights"] = False
    return torchvision.models.get_model(name, **kwargs).eval()


def main(argv):
    name = argv[1] if len(argv) > 1 else "resnet18"
    out = argv[2] if len(argv) > 2 else os.path.join("out", name + ".pt")
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with warnings.catch_warnings():
        # torch >= 2.10 on Python 3.14 warns that torch.jit.script is unsupported there; it still
        # scripts torchvision's models, and the archive is what graph-lower reads.
        warnings.filterwarnings("ignore", message=".torch.jit.script. is not supported",
                                category=FutureWarning)
        scripted = torch.jit.script(build(name))
    scripted.save(out)
    torch.manual_seed(1)
    torch.save([torch.randn(input_shape(name))], os.path.splitext(out)[0] + ".inputs.pt")
    print(f"wrote {out} ({name}, random weights, scripted)")


if __name__ == "__main__":
    main(sys.argv)
