/**
 * How the build groups the app's modules into chunks (vite.config.ts, `codeSplitting.groups`).
 *
 * Left to itself the bundler makes a chunk for every set of lazy screens that share a module: the
 * home screen loaded 33 files, most of 1–3 KB. On a slow connection over HTTP/1.1 (six
 * connections, a round trip each) the count costs more than the bytes. So the modules the home
 * screen shares with at least two other screens (the query cache, shared components, money and
 * transaction helpers) go into one chunk, "app", loaded with the router: /home now loads 14 files.
 *
 * Never in the group:
 * - modules the entry loads (the landing page): they stay in the entry, or the landing page
 *   would have to load the group;
 * - lazy screens and anything else loaded with import(): their chunks keep their names, which the
 *   manifest, the route-size budget and the preload templates look up;
 * - admin-only modules (vite.config.ts keeps those out of the service worker's cache);
 * - zod: `zod/v4/core` is reached from the app chunk for one setting (src/lib/zod-jitless.ts),
 *   but its schemas are used only by the form screens.
 */
type ModuleInfo = {
  id: string;
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
};
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

/** The app chunk's own module and the home screen's lazy modules. */
const HOME_ROOTS =
  /\/src\/(app\/App\.tsx|app\/layouts\/TabLayout\.tsx|features\/home\/routes\/HomePage\.tsx)$/;
/** A module in the group is shared by the home screen and at least this many lazy roots in all. */
const MIN_ROOTS = 3;

type Analysis = {
  /** Modules the HTML entry imports, directly or not, without import(). */
  initial: Set<string>;
  /** For each module, the lazily loaded modules (import() targets) that import it statically. */
  roots: Map<string, Set<string>>;
};

function findEntry(id: string, ctx: ChunkingContext): ModuleInfo {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry) return info;
    stack.push(...info.importers, ...info.dynamicImporters);
  }
  throw new Error(`chunk-groups: no entry imports ${id}`);
}

function staticClosure(start: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/** Walks the whole graph once (forward, so import cycles are harmless). */
function analyse(entry: ModuleInfo, ctx: ChunkingContext): Analysis {
  const all = new Set<string>();
  const stack = [entry.id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (all.has(next)) continue;
    all.add(next);
    const info = ctx.getModuleInfo(next);
    if (info) stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  const roots = new Map<string, Set<string>>();
  for (const id of all) {
    if ((ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) === 0) continue;
    for (const reached of staticClosure(id, ctx)) {
      let set = roots.get(reached);
      if (!set) roots.set(reached, (set = new Set()));
      set.add(id);
    }
  }
  return { initial: staticClosure(entry.id, ctx), roots };
}

/** The `name` function of the group: "app" for a module that belongs in it, null otherwise. */
export function appChunkGroup(adminSource: RegExp) {
  // One analysis per chunking pass: the context returns the same objects within a pass.
  const cache = new WeakMap<ModuleInfo, Analysis>();
  return (id: string, ctx: ChunkingContext): string | null => {
    if (id.startsWith('\0') || adminSource.test(id) || /[\\/]node_modules[\\/]zod[\\/]/.test(id)) {
      return null;
    }
    const info = ctx.getModuleInfo(id);
    if (!info || info.dynamicImporters.length > 0) return null;
    const entry = findEntry(id, ctx);
    let analysis = cache.get(entry);
    if (!analysis) cache.set(entry, (analysis = analyse(entry, ctx)));
    if (analysis.initial.has(id)) return null;
    // Admin screens do not count: they must not grow the chunk every customer route loads.
    const roots = [...(analysis.roots.get(id) ?? [])].filter((root) => !adminSource.test(root));
    return roots.length >= MIN_ROOTS && roots.some((root) => HOME_ROOTS.test(root)) ? 'app' : null;
  };
}
