declare module "vcf" {
  class VCard {
    data: Record<string, unknown>;
    parse(text: string): VCard;
    get(key: string): { valueOf(): unknown };
  }
  export default VCard;
}
