// fontverter ships no types: the part tests/e2e/built-fonts.test.ts uses (woff2 to a plain font).
declare module "fontverter" {
  const fontverter: {
    convert(font: Buffer, format: "sfnt" | "woff" | "woff2" | "truetype"): Promise<Buffer>;
  };
  export default fontverter;
}
