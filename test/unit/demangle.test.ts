import { describe, expect, test } from "bun:test";
import { demangleType, typeMatches } from "../../src/common/demangle.ts";

describe("demangleType (type_info names, as c++filt -t reads them)", () => {
  const cases: [string, string][] = [
    ["St12out_of_range", "std::out_of_range"],
    ["6Custom", "Custom"],
    ["N3app5ErrorE", "app::Error"],
    ["St6vectorIiSaIiEE", "std::vector<int, std::allocator<int> >"],
    ["NSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE", "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >"],
    ["PKc", "char const*"],
    ["N12_GLOBAL__N_15ErrorE", "(anonymous namespace)::Error"],
    ["St4pairIiS_E", "std::pair<int, std::pair>"],
    ["3FooILi3EE", "Foo<3>"],
    ["3FooILb1EE", "Foo<true>"],
    ["N3app5ErrorIJEEE", "app::Error<>"],
    ["N3app5ErrorIJicEEE", "app::Error<int, char>"],
    ["NSt3foo3BarIS0_EE", "std::foo::Bar<std::foo::Bar>"],
    ["N1a1bINS_1cEEE", "a::b<a::c>"],
    ["i", "int"],
    ["*N3app5ErrorE", "app::Error"],
  ];
  for (const [mangled, want] of cases) test(`${mangled} → ${want}`, () => expect(demangleType(mangled)).toBe(want));

  test("what it cannot read is undefined, not a guess", () => {
    for (const bad of ["", "3FooIPFviEE", "St", "9short", "N3appE3x", "S_", "hello world"]) expect(demangleType(bad)).toBeUndefined();
  });
});

describe("typeMatches", () => {
  test("the full name, or the name without its namespaces; blanks do not count", () => {
    expect(typeMatches("std::out_of_range", "std::out_of_range")).toBe(true);
    expect(typeMatches("std::out_of_range", "out_of_range")).toBe(true);
    expect(typeMatches("std::out_of_range", "::std::out_of_range")).toBe(true);
    expect(typeMatches("std::vector<int, std::allocator<int> >", "std::vector<int,std::allocator<int>>")).toBe(true);
    expect(typeMatches("std::out_of_range", "range")).toBe(false);
    expect(typeMatches("std::out_of_range", "std::logic_error")).toBe(false);
    expect(typeMatches("Custom", "app::Custom")).toBe(false);
  });
});
