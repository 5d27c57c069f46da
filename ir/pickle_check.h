// A structural check of the pickles in a TorchScript archive, run before torch::jit::load.
//
// libtorch's unpickler (torch/csrc/jit/serialization/unpickler.cpp) trusts the sizes a pickle
// declares: a damaged archive whose memo index reads 0x10101000 makes it reserve 8.6 GB for the
// memo table before the load fails (docs/benchmarks.md). This check walks each pickle's opcodes
// (Python's pickle protocols 0-5, as listed in torch/csrc/jit/serialization/pickler.h and
// Lib/pickletools.py) and rejects, before anything is allocated for them, any length or memo index
// that cannot fit in the record.
#ifndef GRAPH_LOWER_IR_PICKLE_CHECK_H_
#define GRAPH_LOWER_IR_PICKLE_CHECK_H_

#include <ATen/core/ivalue.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace graph_lower {

// Whether `prefix` (a file's first bytes) starts with a zip's local-file signature, as a
// TorchScript archive or a torch.save file does.
bool IsZip(absl::string_view prefix);

// Checks one pickle of `size` bytes: every opcode known, every argument inside the record, every
// length-prefixed string/bytes/long no longer than what is left, every memo index (BINPUT, GET
// and their long forms) and FRAME size below the record's size, and a STOP opcode.
// Errors: InvalidArgument "<opcode> at byte N: <problem>".
absl::Status CheckPickle(const uint8_t* data, size_t size);

// Opens the archive at `path` (a zip, caffe2::serialize::PyTorchStreamReader: a TorchScript
// archive or a torch.save file) and checks every record whose name ends in ".pkl" (data.pkl,
// constants.pkl) with CheckPickle, after checking that its declared size is at most 1032 times the
// file's (the largest ratio deflate reaches; zlib's technical notes). Debug pickles (*.debug_pkl)
// are not checked: LoadArchive loads without them.
// Then unpickles data.pkl and constants.pkl once, each storage built on the bytes its record
// (data/N, constants/N) really holds, and checks that every tensor lies inside its storage: no
// negative size, stride or offset, and storage_offset plus the extent its sizes and strides reach
// (at::detail::computeStorageNbytes, ATen/EmptyTensor.h) at most the record's size. libtorch's
// unpickler sizes each storage by the element count the pickle declares, not by its record
// (torch/csrc/jit/serialization/unpickler.cpp, BINPERSID): an archive whose data/0 record was
// shorter than its tensor made constant pooling read unmapped memory
// (fuzz/regressions/archive/storage-shorter-than-its-tensor.pt).
// Errors: InvalidArgument naming the record or tensor and the problem (the caller adds the path);
// the reader's and unpickler's own exceptions are not caught here.
absl::Status CheckArchivePickles(const std::string& path, uint64_t file_size);

// The first check of CheckArchivePickles alone, for any zip (a torch.export archive): the
// uncompressed size its central directory declares for each record at most 1032 times the
// file's size. Errors: InvalidArgument naming the record.
absl::Status CheckZipRecordSizes(const std::string& path, uint64_t file_size);

// OK when a strided view of `sizes`, `strides` and `storage_offset` (elements of `item_size`
// bytes) lies inside a storage of `storage_bytes` bytes: no negative size, stride or offset, and
// the extent it reaches (at::detail::computeStorageNbytes, ATen/EmptyTensor.h) at most
// `storage_bytes`. Errors: InvalidArgument saying why, naming the storage as `storage` (e.g.
// "record 'data/0'").
absl::Status CheckViewFits(c10::IntArrayRef sizes, c10::IntArrayRef strides, int64_t storage_offset,
                           size_t item_size, size_t storage_bytes, const std::string& storage);

// Unpickles a torch.save file held in memory (the zip format torch.save writes since torch 1.6:
// archive/data.pkl and its storages archive/data/N), after the checks CheckArchivePickles makes
// of an archive's data.pkl. Python objects the unpickler has no class for become stand-in
// objects (c10::ivalue::Object) whose one slot holds what they were built from: a
// torch.nn.Parameter (torch._utils._rebuild_parameter) holds the tuple (data, requires_grad,
// backward_hooks). Errors: InvalidArgument (not a zip, no data.pkl, a bad record or pickle, a
// tensor outside its storage, or the unpickler's own message).
absl::StatusOr<c10::IValue> LoadTorchSave(const std::string& bytes);

}  // namespace graph_lower

#endif  // GRAPH_LOWER_IR_PICKLE_CHECK_H_
