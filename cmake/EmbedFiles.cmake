# Run as `cmake -DOUTPUT=... -DINPUTS="a;b" -P EmbedFiles.cmake`: writes a C++ file that holds
# each input file's bytes, so the localization tables travel inside the library.
set(body "")
set(entries "")
set(index 0)
foreach(input IN LISTS INPUTS)
  file(READ "${input}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  get_filename_component(name "${input}" NAME)
  string(APPEND body "static const unsigned char kFile${index}[] = {${bytes}0x00};\n")
  string(APPEND entries "    {\"${name}\", std::string_view(reinterpret_cast<const char*>(kFile${index}), ${size})},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from localization/*.json by cmake/EmbedFiles.cmake. Do not edit.\n"
  "#include \"notation/embedded.hpp\"\n\nnamespace pgn {\nnamespace {\n${body}\n"
  "const EmbeddedFile kFiles[] = {\n${entries}    {\"\", {}}};\n}  // namespace\n\n"
  "std::span<const EmbeddedFile> embedded_localization_files() {\n"
  "  return {kFiles, ${index}};\n}\n\n}  // namespace pgn\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
