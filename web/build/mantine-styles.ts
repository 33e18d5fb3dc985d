import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

const ALL_STYLES = /import\s*["']@mantine\/core\/styles\.css["'];?/g;
const GLOBAL_FILES = ['baseline', 'default-css-variables', 'global'];
const GLOBAL_STYLES = GLOBAL_FILES.map((file) => `import '@mantine/core/styles/${file}.css';`).join('\n');
/** A component's class-name module, e.g. `esm/components/Button/Button.module.mjs`. */
const CLASS_NAMES = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
const COMPONENT_STYLES = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css$/;
/**
 * Written before each stylesheet module's rules, read and removed once the chunk's CSS is made. Each is unique
 * (selector and value), so the minifier merges none of them with another rule.
 */
const MARKER = /\.mantine-order-[0-9a-f]+\{--mantine-order:(-?\d+) [0-9a-f]+\}/g;
/** Our own stylesheets keep their places, before Mantine's (as they were beside Mantine's single file). */
const OWN_RANK = -1;
/** Other Mantine packages' styles (notifications, charts) come after the core's, as Mantine asks. */
const OTHER_PACKAGE = /[\\/]@mantine[\\/](?!core[\\/])[\w-]+[\\/]styles\.css$/;

/**
 * Each chunk carries the CSS of the Mantine components it holds, instead of every screen downloading, parsing
 * and matching Mantine's whole `styles.css` (290 KB, every component's rules, most of them never drawn).
 * - `import '@mantine/core/styles.css'` becomes its three global files, and each component's class-name module
 *   (`Button.module.mjs`) imports the component's own `styles/Button.css`; `route-chunks` then puts that CSS in
 *   the chunk that holds the component.
 * - The rules keep Mantine's order. A chunk's CSS comes in the order its modules run, which is not always
 *   Mantine's (Modal's classes load before ModalBase's, and a Modal's element carries both). So every stylesheet
 *   module starts with a marker rule naming its rank in `styles.css`, and once the chunk's CSS is minified the
 *   marked blocks are put back in that order and the markers removed. Chunks load after the chunks they import,
 *   so a component's own rules come after those of the components it draws, as in the single file.
 * Only in the build: the dev server serves Mantine pre-bundled, whole.
 */
export function mantineStyles(): Plugin {
  let stylesDir = '';
  const ranks = new Map<string, number>();
  let root = '';
  // Named after the module's path, so the chunks' CSS (and the names it is hashed into) is the same every build.
  const marker = (id: string, rank: number) => {
    const name = createHash('sha256').update(path.relative(root, id).split(path.sep).join('/')).digest('hex');
    return `.mantine-order-${name.slice(0, 12)}{--mantine-order:${rank} ${name.slice(0, 12)}}\n`;
  };
  return {
    name: 'mantine-styles',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      const allStyles = (await this.resolve('@mantine/core/styles.css', path.resolve('src/app/main.tsx')))
        ?.id;
      if (!allStyles) this.error('mantine-styles: cannot find @mantine/core/styles.css');
      stylesDir = path.join(path.dirname(allStyles), 'styles');
      const whole = await readFile(allStyles, 'utf8');
      const files = (await readdir(stylesDir)).filter((file) => /^[\w-]+\.css$/.test(file));
      const positions = await Promise.all(
        files.map(async (file) => {
          const at = whole.indexOf((await readFile(path.join(stylesDir, file), 'utf8')).trim());
          if (at < 0) this.error(`mantine-styles: ${file} is not part of styles.css`);
          return { name: file.slice(0, -'.css'.length), at };
        }),
      );
      positions.sort((a, b) => a.at - b.at).forEach(({ name }, rank) => ranks.set(name, rank));
      for (const name of GLOBAL_FILES) if (!ranks.has(name)) this.error(`mantine-styles: no ${name}.css`);
    },
    transform(code, id) {
      const classNames = CLASS_NAMES.exec(id);
      if (classNames) {
        if (!ranks.has(classNames[1]!)) this.error(`mantine-styles: no styles for ${id}`);
        return {
          code: `import ${JSON.stringify(path.join(stylesDir, `${classNames[1]}.css`))};\n${code}`,
          map: null,
        };
      }
      if (/\.css$/.test(id)) {
        const component = COMPONENT_STYLES.exec(id)?.[1];
        const rank =
          component !== undefined ? ranks.get(component) : OTHER_PACKAGE.test(id) ? ranks.size : OWN_RANK;
        if (rank === undefined) this.error(`mantine-styles: ${id} is not part of styles.css`);
        return { code: marker(id, rank) + code, map: null };
      }
      if (!id.includes('node_modules') && code.includes('@mantine/core/styles.css')) {
        return { code: code.replace(ALL_STYLES, GLOBAL_STYLES), map: null };
      }
      return null;
    },
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        file.source = inMantineOrder(String(file.source));
      }
    },
  };
}

/** The CSS with its marked blocks sorted by rank (stable), and the markers gone. */
export function inMantineOrder(css: string): string {
  const blocks: { rank: number; text: string }[] = [];
  let rank = OWN_RANK;
  let from = 0;
  for (const found of css.matchAll(MARKER)) {
    blocks.push({ rank, text: css.slice(from, found.index) });
    rank = Number(found[1]);
    from = found.index + found[0].length;
  }
  blocks.push({ rank, text: css.slice(from) });
  return blocks
    .map((block, order) => ({ ...block, order }))
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((block) => block.text)
    .join('');
}
