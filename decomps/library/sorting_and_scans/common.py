"""Decompositions of sorting, selection, scans, searching, histograms, scatter/gather reductions
and data-dependent shapes into core ATen.

This file holds the helpers the files of this folder share.
"""
