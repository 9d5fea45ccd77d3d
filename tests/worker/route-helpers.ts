/**
 * The helpers app/routes.ts uses (@react-router/dev/routes), for reading the route table inside
 * workerd, where the real module's CommonJS dependencies do not load. Same shapes, same joining of
 * prefixes; vitest.worker.config.ts points the import here.
 */
type Entry = { file: string; path?: string; index?: boolean; id?: string; children?: Entry[] };
type Options = { id?: string };

export type RouteConfig = Entry[];

export function route(path: string | null, file: string, options?: Options | Entry[], children?: Entry[]): Entry {
  const kids = Array.isArray(options) ? options : children;
  const id = Array.isArray(options) ? undefined : options?.id;
  return { file, children: kids, path: path ?? undefined, ...(id ? { id } : {}) };
}

export function index(file: string, options?: Options): Entry {
  return { file, index: true, ...(options?.id ? { id: options.id } : {}) };
}

export function layout(file: string, options?: Options | Entry[], children?: Entry[]): Entry {
  const kids = Array.isArray(options) ? options : children;
  return { file, children: kids, ...(!Array.isArray(options) && options?.id ? { id: options.id } : {}) };
}

export function prefix(prefixPath: string, routes: Entry[]): Entry[] {
  return routes.map((r) => {
    if (r.index || typeof r.path === "string") {
      const path = r.path ? `${prefixPath}/${r.path}`.replace(/\/+/g, "/") : prefixPath;
      return { ...r, path, children: r.children };
    }
    return r.children ? { ...r, children: prefix(prefixPath, r.children) } : r;
  });
}
