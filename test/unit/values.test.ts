// Values that are compact and true, from tables.
import { expect, test } from "bun:test";
import { byteOf, compactValue, containerSize, cString, goBytes, isByteArray, isCharArrayShownAsSize, isStringLike, quoteBytes, shortAddresses, shortType, wideChar } from "../../src/daemon/session/values.ts";

test.each([
  ['"hello world\\0\\0\\0\\xc0_"', "char[32]", '"hello world"'],
  ['"full"', "char[4]", '"full"'],
  ['"a\\0b"', "const char[4]", '"a"'],
  ['"hello\\0"', "char *", '"hello\\0"'],
  ['"\\U00000001\\xfa"', "unsigned char[2]", '"\\U00000001\\xfa"'],
  ["0x1234", "char[8]", "0x1234"],
])("cString(%s, %s) = %s", (value, type, want) => expect(cString(value, type)).toBe(want));

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
  [[104, 105], '"hi"'],
  [[97, 34, 10, 9, 92, 233, 0], '"a\\"\\n\\t\\\\\\xe9\\x00"'],
  [[], '""'],
])("quoteBytes(%p) = %s", (bytes, want) => expect(quoteBytes(bytes as number[])).toBe(want));

test.each([
  ["[16]", "char [16]", true],
  ["[4]", "const char [4]", true],
  ["[16]", "unsigned char [16]", false],
  ["[16]", "signed char [16]", false],
  ['"bolt"', "char [16]", false],
  ["[4]", "int [4]", false],
  ["[4]", undefined, false],
])("isCharArrayShownAsSize(%s, %s) = %s", (value, type, want) => expect(isCharArrayShownAsSize(value, type)).toBe(want));

test.each([
  ["[]uint8 len: 5, cap: 5, [104,101,108,108,111]", "[]uint8", '[]uint8 len: 5, cap: 5, [104,101,108,108,111] "hello"'],
  ["[]uint8 len: 2, cap: 2, [10,34]", "[]uint8", '[]uint8 len: 2, cap: 2, [10,34] "\\n\\""'],
  ["[]uint8 len: 200, cap: 200, [1,2,...+198 more]", "[]uint8", "[]uint8 len: 200, cap: 200, [1,2,...+198 more]"],
  ["[]int len: 1, cap: 1, [1]", "[]int", "[]int len: 1, cap: 1, [1]"],
])("goBytes(%s)", (value, type, want) => expect(goBytes(value, type)).toBe(want));

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
  ['"abc"', true],
  ['0x0000555555556008 "a message"', true],
  ["'a'", true],
  ["{x = 1}", false],
  ["42", false],
])("isStringLike(%s) = %s", (value, want) => expect(isStringLike(value)).toBe(want));

test.each([
  ["0x00005555555592a0", "0x5555555592a0"],
  ["0x0000000000000000", "0x0"],
  ['0x0000555555556008 "a message"', '0x555555556008 "a message"'],
  ["{0x01, 0x02, 0xfa}", "{0x01, 0x02, 0xfa}"],
  ["0x401000", "0x401000"],
  ["0x00401000", "0x00401000"],
])("shortAddresses(%s) = %s", (value, want) => expect(shortAddresses(value)).toBe(want));

test.each([
  ["U+0xe9 U+0xe9 U'é'", "char32_t", "'é' U+00E9"],
  ["U+0x000000e9 U'é'", "char32_t", "'é' U+00E9"],
  ["U+0x0001f600 U'😀'", "char32_t", "'😀' U+1F600"],
  ["U+0x41 u'A'", "char16_t", "'A' U+0041"],
  ["U+0xe9 U'é'", "int", "U+0xe9 U'é'"],
  ["65", "char32_t", "65"],
])("wideChar(%s, %s) = %s", (value, type, want) => expect(wideChar(value, type)).toBe(want));

test("compactValue applies every rule for the type", () => {
  expect(compactValue('"ab\\0\\0"', "char[4]")).toBe('"ab"');
  expect(compactValue("0x00005555555592a0", "int *")).toBe("0x5555555592a0");
  expect(compactValue("U+0xe9 U'é'", "char32_t")).toBe("'é' U+00E9");
});

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
