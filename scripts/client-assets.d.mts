export const clientDir: string;
export function gzipBytes(buf: Uint8Array): number;
export function clientScripts(dir?: string): Map<string, number>;
export function siteScripts(dir?: string): Map<string, number>;
type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[] };
export type RouteManifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };
export function routeManifest(dir?: string): RouteManifest;
export function routeScripts(manifest: RouteManifest, routeId: string): Set<string>;
export function precacheLists(dir?: string): { precache: string[]; later: string[] };
