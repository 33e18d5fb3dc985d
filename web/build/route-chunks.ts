import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Rewrites `import { Button, Group } from '@mantine/core'` (in our code and in the other Mantine packages) into
 * imports of each component's own file. Mantine's barrel imports its 400 files, so through it every screen's
 * module graph holds all of Mantine, and `route-chunks` could not tell which components the shell and the
 * dashboard draw. The bundle is the same code either way (the barrel has no side effects).
 */
export function mantineDeepImports(): Plugin {
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["'];?/g;
  let barrelPath = '';
  const files = new Map<string, { file: string; imported: string }>();
  return {
    name: 'mantine-deep-imports',
    apply: 'build',
    async buildStart() {
      barrelPath = (await this.resolve('@mantine/core', path.resolve('src/app/main.tsx')))?.id ?? '';
      if (!barrelPath.endsWith('.mjs'))
        this.error(`mantine-deep-imports: @mantine/core resolved to ${barrelPath}`);
      const barrel = await readFile(barrelPath, 'utf8');
      const locals = new Map<string, { file: string; imported: string }>();
      for (const [, names, from] of barrel.matchAll(/^import \{([^}]*)\} from "([^"]+)";$/gm)) {
        for (const name of names!.split(',')) {
          const [imported, local = imported] = name.trim().split(/\s+as\s+/);
          const file = from!.startsWith('.') ? path.resolve(path.dirname(barrelPath), from!) : from!;
          locals.set(local!, { file, imported: imported! });
        }
      }
      for (const [, names] of barrel.matchAll(/^export \{([^}]*)\};$/gm)) {
        for (const name of names!.split(',')) {
          const [local, exported = local] = name.trim().split(/\s+as\s+/);
          const source = locals.get(local!);
          if (source) files.set(exported!, source);
        }
      }
      if (files.size < 100)
        this.error(`mantine-deep-imports: read only ${files.size} names from ${barrelPath}`);
    },
    transform(code, id) {
      if (!code.includes('@mantine/core') || id.startsWith(path.dirname(barrelPath))) return null;
      let changed = false;
      const rewritten = code.replace(IMPORT, (_statement, names: string) => {
        changed = true;
        return names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [exported, local = exported] = name.split(/\s+as\s+/);
            const source = files.get(exported!);
            if (!source) this.error(`mantine-deep-imports: @mantine/core has no export ${exported} (${id})`);
            return `import { ${source.imported} as ${local} } from ${JSON.stringify(source.file)};`;
          })
          .join('\n');
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}

/** The start pages whose chunks the boot script fetches at once: path → the modules its route loads. */
export const SECTION_PAGES: Record<string, string> = {
  sales: 'sales/sales-page.tsx',
  inventory: 'inventory/inventory-page.tsx',
  customers: 'customers/customers-page.tsx',
  settings: 'settings/settings-page.tsx',
  restock: 'restock/restock-page.tsx',
  expenses: 'expenses/expenses-page.tsx',
  requisitions: 'requisitions/requisitions-page.tsx',
  'b2b-movement': 'movements/movements-page.tsx',
  'admin-review': 'admin-review/admin-review-page.tsx',
  vendors: 'vendors/vendors-page.tsx',
  'vendor-admin': 'vendor-admin/vendor-admin-page.tsx',
};
/** The module the dashboard's route loads (router.tsx) beside the shell: the page with its panels. */
export const DASHBOARD_MODULES = ['app/dashboard-route.tsx'];

/**
 * Fewer, larger chunks for the signed-in screens. Left to itself the bundler splits every module shared by two
 * routes into its own file: the Sales screen loaded ~100 files, and on slow mobile data each costs a round trip
 * (6 at a time over HTTP/1.1). The dashboard (where every sign-in lands) and the Sales screen (where a shop
 * spends its day) load only what they draw. So:
 *   - `boot`: the entry's static imports (React, the router, the API client) with our modules that the landing,
 *     login or register pages share with the signed-in screens,
 *   - Mantine (core, hooks and their helpers) in three: `ui`, what the shell and the dashboard draw; `ui-sales`,
 *     what the Sales screen adds; `ui-more`, the rest (mantineDeepImports makes the graph say which is which),
 *   - `icons`: the Tabler icons the app uses,
 *   - `shell`: the signed-in shell (app-layout's static imports of our code: menu, header, sync status, the
 *     permission guard) with TanStack Query and the notifications,
 *   - our modules that two or more signed-in sections share (form parts, tables, pickers, schemas), in three the
 *     same way: `dashboard-shared`, `sales-shared`, `sections`;
 *   - `forms`: zod with our modules the signed-out pages share that use it; `form-state`: Mantine's form state,
 *   - `<section>-parts`: what one section's page imports and no other screen does;
 * our own modules that the entry, landing, login or register pages load stay out of Mantine's, so those pages
 * load no Mantine. Our code has no barrel files, so its static import graph (from the router's lazy routes)
 * says exactly who needs what; other packages are grouped by name, as their barrels import everything. The
 * dashboard then loads 10 scripts and 3 stylesheets, the Sales screen 14 and 4; code loaded on demand (a tab,
 * the report's charts, the barcode decoder) keeps its own chunks.
 */
const UI_PACKAGES =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|react-number-format|react-textarea-autosize|clsx)/;
const ICON_PACKAGES = /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/;
/** The schemas' library, in one file with our modules that use it (the bundler cut a 91-byte file out of it). */
const SCHEMA_PACKAGES = /[\\/]node_modules[\\/](zod|mantine-form-zod-resolver)[\\/]/;
/** The form state library and what it imports (the sign-in form uses it, without schemas). */
const FORM_PACKAGES = /[\\/]node_modules[\\/](@mantine[\\/]form|@standard-schema|fast-deep-equal|klona)[\\/]/;
const SHELL_PACKAGES =
  /[\\/]node_modules[\\/](@tanstack[\\/]|@mantine[\\/]notifications|@mantine[\\/]store|react-transition-group|idb[\\/])/;

/** Our modules (the web app and the domain package's sources). */
const isOwn = (id: string) =>
  !id.includes('node_modules') && /[\\/](web[\\/]src|packages[\\/]domain[\\/]src)[\\/]/.test(id);
/** Our modules that go with Mantine: the theme every provider is given. */
const UI_OWN = /[\\/]src[\\/]lib[\\/](theme|contrast)\.ts$/;

export function routeChunks(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const sets = {
    boot: new Set<string>(),
    ui: new Set<string>(),
    'ui-sales': new Set<string>(),
    'ui-more': new Set<string>(),
    icons: new Set<string>(),
    shell: new Set<string>(),
    'dashboard-shared': new Set<string>(),
    'sales-shared': new Set<string>(),
    sections: new Set<string>(),
    forms: new Set<string>(),
    'form-state': new Set<string>(),
  };
  /** Each section's own modules (what no other section imports) → its chunk's name, `<section>-parts`. */
  const sectionParts = new Map<string, string>();
  const plugin: Plugin = {
    name: 'route-chunks',
    apply: 'build',
    // Chunks that import each other can run a module before what it imports: refuse the build instead.
    generateBundle(_options, bundle) {
      const imports = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file.imports]] : [],
        ),
      );
      const done = new Set<string>();
      const visit = (name: string, path: string[]) => {
        if (path.includes(name))
          this.error(`route-chunks: chunks import each other: ${[...path, name].join(' → ')}`);
        if (done.has(name)) return;
        for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
        done.add(name);
      };
      for (const name of imports.keys()) visit(name, []);
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      /** The modules statically reachable from the roots, not walking into those `stop` names. */
      const closure = (roots: (string | undefined)[], stop: (id: string) => boolean) => {
        const seen = new Set<string>();
        const stack = roots.filter((id): id is string => Boolean(id));
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || stop(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const router = find('/src/app/router.tsx');
      const appLayout = find('/src/app/app-layout.tsx');
      if (!router || !appLayout) return;
      const signedOut = [
        '/src/app/main.tsx',
        '/auth/landing-page.tsx',
        '/auth/login-page.tsx',
        '/auth/register-page.tsx',
      ];
      const notOwn = (id: string) => !isOwn(id);
      // What the signed-out pages load (our modules, and everything): no group may take it.
      const baseOwn = closure(signedOut.map(find), notOwn);
      const base = closure(signedOut.map(find), () => false);
      // The entry's static imports, and what the signed-out pages share with the signed-in ones, in one file:
      // left to itself the bundler gave each shared module a file of its own (eight for the entry alone).
      const screens = this.getModuleInfo(router)?.dynamicallyImportedIds ?? [];
      const signedIn = closure(
        screens.filter((id) => !signedOut.some((page) => id.endsWith(page))),
        () => false,
      );
      const entry = closure([find(signedOut[0]!)], () => false);
      for (const id of entry) sets.boot.add(id);
      // So do our modules that the signed-out pages share with the signed-in ones; those that need a package the
      // entry does not load (zod) go with the forms' libraries.
      for (const id of baseOwn) {
        if (!signedIn.has(id)) continue;
        const needs = closure([id], () => false);
        sets[[...needs].every((next) => isOwn(next) || entry.has(next)) ? 'boot' : 'forms'].add(id);
      }
      const order = [
        sets.boot,
        sets.ui,
        sets['ui-sales'],
        sets['ui-more'],
        sets.icons,
        sets.shell,
        sets['dashboard-shared'],
        sets['sales-shared'],
        sets.sections,
        sets.forms,
        sets['form-state'],
      ];
      const taken = (id: string) => order.some((set) => set.has(id)) || base.has(id);
      /** Adds what the set's modules import (and so on) that nothing before holds. */
      const addImports = (set: Set<string>) => {
        const imported = [...set].flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
        for (const id of closure(imported, (id) => taken(id) && !set.has(id))) set.add(id);
      };
      // Packages named by a group go to it even when a signed-out page uses some (the landing page's icons).
      // Mantine in three parts: what the shell and the dashboard draw, what the Sales screen adds, the rest.
      const everything = () => false;
      const drawnFirst = closure(
        [appLayout, ...DASHBOARD_MODULES.map((module) => find(`/${module}`))],
        everything,
      );
      const drawnBySales = closure([find(`/${SECTION_PAGES.sales}`)], everything);
      for (const id of ids) {
        if (UI_OWN.test(id) || (UI_PACKAGES.test(id) && drawnFirst.has(id))) sets.ui.add(id);
        else if (UI_PACKAGES.test(id)) sets[drawnBySales.has(id) ? 'ui-sales' : 'ui-more'].add(id);
        else if (ICON_PACKAGES.test(id)) sets.icons.add(id);
        else if (SHELL_PACKAGES.test(id)) sets.shell.add(id);
        else if (SCHEMA_PACKAGES.test(id)) sets.forms.add(id);
        else if (FORM_PACKAGES.test(id)) sets['form-state'].add(id);
      }
      addImports(sets.ui);
      addImports(sets['ui-sales']);
      addImports(sets['ui-more']);
      addImports(sets.icons);
      for (const id of closure([appLayout], notOwn)) if (!taken(id)) sets.shell.add(id);
      addImports(sets.shell);
      const pages = screens.filter(
        (id) => id !== appLayout && !id.endsWith('/public-layout.tsx') && !baseOwn.has(id),
      );
      const uses = new Map<string, number>();
      for (const page of pages)
        for (const id of closure([page], notOwn)) uses.set(id, (uses.get(id) ?? 0) + 1);
      // What the dashboard shares with other sections goes apart, so the dashboard loads no more of Mantine.
      for (const [id, count] of uses)
        if (count >= 2 && !taken(id) && !pages.includes(id))
          sets[
            drawnFirst.has(id) ? 'dashboard-shared' : drawnBySales.has(id) ? 'sales-shared' : 'sections'
          ].add(id);
      addImports(sets['dashboard-shared']);
      addImports(sets['sales-shared']);
      addImports(sets.sections);
      // A section's own modules (and the packages no other screen uses) in one file beside its page's: the
      // bundler otherwise cut out each module that the page shares with one of its lazy tabs (the Sales screen
      // loaded eight files of its own).
      const screensUsing = new Map<string, number>();
      for (const screen of screens)
        for (const id of closure([screen], () => false))
          screensUsing.set(id, (screensUsing.get(id) ?? 0) + 1);
      for (const [section, page] of Object.entries(SECTION_PAGES)) {
        const pageId = find(`/${page}`);
        if (!pageId) continue;
        for (const id of closure([pageId], (id) => taken(id) || screensUsing.get(id) !== 1))
          if (id !== pageId) sectionParts.set(id, `${section}-parts`);
      }
    },
  };
  // Each set holds its modules' imports too, apart from what an earlier set or the signed-out pages hold, so
  // the chunks import each other one way only (a cycle between chunks can run a module before its imports).
  const group = (name: keyof typeof sets, priority: number): Rolldown.CodeSplittingGroup => ({
    name,
    priority,
    test: (id) => sets[name].has(id),
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    groups: [
      group('boot', 9),
      group('ui', 8),
      group('ui-sales', 7),
      group('ui-more', 6),
      group('icons', 5),
      group('shell', 4),
      group('dashboard-shared', 3),
      group('sales-shared', 2),
      group('sections', 1),
      group('forms', 1),
      group('form-state', 1),
      {
        name: (id) => sectionParts.get(id) ?? null,
        priority: 0,
        test: (id) => sectionParts.has(id),
        includeDependenciesRecursively: false,
      },
    ],
  };
}
