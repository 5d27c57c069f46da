"""Decompositions of torch.nn.functional ops: pooling, unpooling, upsampling, padding, shuffles,
losses, normalisation variants into core ATen.

This file holds the helpers the files of this folder share.
"""
