// jsdom ships no types and @types/jsdom is not installed; the tests need only its window.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
