// jsdom ships no types and @types/jsdom is not installed: the part scripts/prerender.ts uses.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string);
    readonly window: Window & typeof globalThis;
  }
}
