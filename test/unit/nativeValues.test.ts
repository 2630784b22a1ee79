// C, C++ and Rust values as the native debuggers spell them (src/adapters/nativeValues.ts,
// AdapterSpec.nativeValues of lldb-dap, CodeLLDB, the lldb console and gdb), from tables of their text.
import { expect, test } from "bun:test";
import {
  addressKind,
  byteOf,
  containerSize,
  isByteArray,
  isCharArrayShownAsSize,
  isNulChar,
  maybeUnreadableCharPointer,
  shortType,
} from "../../src/adapters/nativeValues.ts";

test.each([
  ["unsigned char[4]", true],
  ["uint8_t[16]", true],
  ["[u8; 4]", true],
  ["char[4]", false],
  ["int[4]", false],
  [undefined, false],
])("isByteArray(%s) = %s", (type, want) => expect(isByteArray(type)).toBe(want));

test.each([
  ["'\\x01'", "0x01"],
  ["'\\xfa'", "0xfa"],
  ["'a'", "0x61"],
  ["'\\0'", "0x00"],
  ["'\\n'", "0x0a"],
  ["'\\U00000001'", "0x01"],
  ["250", "0xfa"],
  ["300", undefined],
  ["97 'a'", "0x61"],
  ["0 '\\000'", "0x00"],
  ["-23 '\\351'", "0xe9"],
  ["222 '\\336'", "0xde"],
  ["-300 'x'", undefined],
  ["'ab'", undefined],
  ["weird", undefined],
])("byteOf(%s) = %s", (value, want) => expect(byteOf(value)).toBe(want));

test.each([
  ["[16]", "char [16]", true],
  ["[4]", "const char [4]", true],
  ["[16]", "unsigned char [16]", false],
  ["[16]", "signed char [16]", false],
  ['"bolt"', "char [16]", false],
  ["[4]", "int [4]", false],
  ["[4]", undefined, false],
  // gdb's locals: a char array by its address
  ["0x7fffffffe63a", "char [6]", true],
  ["0x7fffffffe63a", "char *", false],
  ["0x7fffffffe63a", "int [6]", false],
])("isCharArrayShownAsSize(%s, %s) = %s", (value, type, want) => expect(isCharArrayShownAsSize(value, type)).toBe(want));

test.each([
  ["alloc::vec::Vec<int, alloc::alloc::Global>", "Vec<int>"],
  ["alloc::string::String", "String"],
  ["core::option::Option<i32>", "Option<i32>"],
  ["core::result::Result<i32, alloc::string::String>", "Result<i32, String>"],
  ["std::collections::hash::map::HashMap<&str, int, std::hash::random::RandomState, alloc::alloc::Global>", "HashMap<&str, int>"],
  ["std::vector<int>", "std::vector<int>"],
  ["int", "int"],
])("shortType(%s) = %s", (type, want) => expect(shortType(type)).toBe(want));

test.each([
  ["size=3", 3],
  ["size=0", 0],
  ["3", undefined],
  ["{size=3}", undefined],
])("containerSize(%s) = %s", (value, want) => expect(containerSize(value)).toBe(want));

test.each([
  ["std::vector<int, std::allocator<int> >", "std::vector<int>"],
  ["std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string"],
  [
    "std::map<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, int, std::less<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > >, std::allocator<std::pair<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const, int> > >",
    "std::map<std::string, int>",
  ],
  ["std::map<std::basic_string<char>, int>", "std::map<std::string, int>"],
  ["std::unique_ptr<P, std::default_delete<P> >", "std::unique_ptr<P>"],
  ["std::unordered_map<int, double, std::hash<int>, std::equal_to<int>, std::allocator<std::pair<int const, double> > >", "std::unordered_map<int, double>"],
  ["const std::vector<int, std::allocator<int> > &", "const std::vector<int> &"],
  ["std::vector<P, std::allocator<P> > *", "std::vector<P> *"],
  ["std::pair<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const, int>", "std::pair<std::string const, int>"],
  ["std::vector<int, MyAlloc<int> >", "std::vector<int, MyAlloc<int>>"],
  ["std::vector<int>::iterator", "std::vector<int>::iterator"],
  ["std::_Rb_tree_iterator<std::pair<int const, int> >", "std::_Rb_tree_iterator<std::pair<int const, int>>"],
  ["std::function<int (int)>", "std::function<int (int)>"],
  ["std::array<int, 3>", "std::array<int, 3>"],
  ["broken<std::vector<int>", "broken<std::vector<int>"],
  ["Vec<i32>", "Vec<i32>"],
])("shortType(%s) = %s", (type, want) => expect(shortType(type)).toBe(want));

test.each([
  ["Item *", "pointer"],
  ["const struct node *", "pointer"],
  ["std::vector<int> &", "reference"],
  ["alloc::boxed::Box<i32, alloc::alloc::Global>", "pointer"],
  ["Box<Item>", "pointer"],
  ["*mut i32", "pointer"],
  ["char *", undefined],
  ["const char *", undefined],
  ["int", undefined],
  ["*main.Item", undefined],
  [undefined, undefined],
])("addressKind(%s) = %s", (type, want) => expect(addressKind(type)).toBe(want as "pointer" | "reference" | undefined));

test.each([
  ['0x0000000000000010 ""', "char *", true],
  ['0x0000555555556004 ""', "const char *", true],
  ['0x0000555555556004 "hi"', "char *", false],
  ['0x0000000000000010 ""', "int *", false],
  ["0x0000000000000010", "char *", false],
])("maybeUnreadableCharPointer(%s, %s) = %s", (value, type, want) => expect(maybeUnreadableCharPointer(value, type)).toBe(want));

test.each([
  ["'\\0'", true],
  ["0", true],
  ["'a'", false],
  ["97 'a'", false],
  // gdb
  ["0 '\\000'", true],
  ["48 '0'", false],
])("isNulChar(%s) = %s", (value, want) => expect(isNulChar(value)).toBe(want));
