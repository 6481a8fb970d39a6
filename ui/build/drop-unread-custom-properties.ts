import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'postcss';

const varReference = /var\(\s*(--[\w-]+)/g;

/**
 * A PostCSS plugin for the production build: Bulma 1.x declares about 1,300 custom properties (a
 * palette of shades per colour, the knobs of every component) and the modules the UI uses read
 * about half of them. It drops each declaration of a `<prefix>…` property that nothing reads: no
 * var() in the stylesheet and no mention in `keep` (the names the app's own sources mention).
 * Dropping one can leave others unread, so it repeats until nothing changes.
 */
export function dropUnreadCustomProperties(options: { prefix: string; keep: ReadonlySet<string> }): Plugin {
  return {
    postcssPlugin: 'drop-unread-custom-properties',
    OnceExit(root) {
      for (;;) {
        const read = new Set(options.keep);
        root.walkDecls((decl) => {
          for (const [, name] of decl.value.matchAll(varReference)) read.add(name!);
        });
        let dropped = 0;
        root.walkDecls((decl) => {
          if (!decl.prop.startsWith(options.prefix) || read.has(decl.prop)) return;
          decl.remove();
          dropped += 1;
        });
        if (dropped === 0) break;
      }
      // A rule left with nothing to declare is noise.
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
    },
  };
}

/** Every `<prefix>…` name mentioned in the files under `dir` with one of `extensions`. */
export function customPropertiesMentionedIn(dir: string, prefix: string, extensions: string[]): Set<string> {
  const mention = new RegExp(`${prefix.replace(/[-]/g, '\\-')}[\\w-]+`, 'g');
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!extensions.some((extension) => file.endsWith(extension))) continue;
    for (const [name] of readFileSync(join(dir, file), 'utf8').matchAll(mention)) names.add(name);
  }
  return names;
}
