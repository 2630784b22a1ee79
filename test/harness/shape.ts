// `toMatchObject` takes any object: a field renamed in the contract still compiles there and the
// assertion then checks a field nothing sets. `expectShape` types the expected part by the value's
// own type, so an expected field the type lacks fails `tsc`.
import { expect } from "bun:test";

/** Part of a T at any depth (arrays whole, each element partial), as `toMatchObject` compares it. */
export type Shape<T> = T extends readonly (infer E)[] ? readonly Shape<E>[] : T extends object ? { [K in keyof T]?: Shape<T[K]> } : T;

/** `expect(actual).toMatchObject(expected)`, with `expected` held to the fields `actual`'s type names. */
export function expectShape<T>(actual: T, expected: Shape<NoInfer<T>>): void {
  expect(actual).toMatchObject(expected as object);
}
