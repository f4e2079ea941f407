// js-yaml ships no types and @types/js-yaml is not installed; the tests only parse a document.
declare module "js-yaml" {
  export function load(text: string): unknown;
}
