declare module "*/generated/bundle.json?count" {
  export const publicBenefitCount: number;
}
