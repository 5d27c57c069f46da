"""Decompositions of BLAS-like products, triangular/diagonal matrices, norms, factories and *_copy
view copies into core ATen.

This file holds the helpers the files of this folder share.
"""
