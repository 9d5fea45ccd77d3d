type Site = { origin: string; rpId: string };
type Credential = {
  id: string;
  rawId: string;
  type: "public-key";
  clientExtensionResults: Record<string, never>;
  response: Record<string, unknown>;
};
export class SoftAuthenticator {
  readonly credentialId: Uint8Array;
  counter: number;
  static make(site: Site): Promise<SoftAuthenticator>;
  get id(): string;
  register(challenge: string, options?: Partial<Site>): Promise<Credential>;
  assert(challenge: string, options?: Partial<Site> & { userHandle?: string; id?: string }): Promise<Credential>;
}
