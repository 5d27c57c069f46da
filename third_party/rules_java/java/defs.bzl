"""Re-exports Bazel's native Java rules under @rules_java, so Bazel 4 builds offline."""

java_binary = native.java_binary
java_import = native.java_import
java_library = native.java_library
java_plugin = native.java_plugin
java_proto_library = native.java_proto_library
java_runtime = native.java_runtime
java_test = native.java_test
java_toolchain = native.java_toolchain
java_package_configuration = native.java_package_configuration
