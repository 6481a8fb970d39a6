import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss, { type Root } from 'postcss';
import { compileAsync } from 'sass';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customPropertiesMentionedIn,
  dropUnreadCustomProperties,
} from '../build/drop-unread-custom-properties.ts';

const src = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const prefix = '--bulma-';

const run = async (css: string, keep: string[] = []) =>
  (
    await postcss([dropUnreadCustomProperties({ prefix, keep: new Set(keep) })]).process(css, {
      from: undefined,
    })
  ).css;

const fullBulma = () => postcss.parse(readFileSync(require.resolve('bulma/css/bulma.css'), 'utf8'));

const classesIn = (root: Root) => {
  const classes = new Set<string>();
  root.walkRules((rule) => {
    for (const [, name] of rule.selector.matchAll(/\.([a-zA-Z][\w-]*)/g)) classes.add(name!);
  });
  return classes;
};

/** The words of every string the sources give to something named like a class (className, classes…). */
function classNamesInSources(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.tsx') && !file.includes('.test.') && !file.startsWith('testing'),
  );
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(src, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const givenToAClass = (node: ts.Node): boolean => {
      for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
        if (ts.isJsxAttribute(at) || ts.isPropertyAssignment(at) || ts.isVariableDeclaration(at))
          return /class/i.test(at.name.getText(source));
        if (ts.isBindingElement(at) || ts.isParameter(at)) return /class/i.test(at.name.getText(source));
        if (ts.isBlock(at) || ts.isSourceFile(at)) return false;
      }
      return false;
    };
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) && givenToAClass(node))
        for (const word of node.text.split(/\s+/)) if (word) names.add(word);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return names;
}

describe('dropUnreadCustomProperties', () => {
  it('drops what nothing reads, and what only dropped declarations read', async () => {
    const css =
      ':root{--bulma-a:1px;--bulma-b:var(--bulma-c);--bulma-c:2px;--bulma-d:3px}.x{margin:var(--bulma-a)}';
    expect(await run(css)).toBe(':root{--bulma-a:1px}.x{margin:var(--bulma-a)}');
  });

  it('keeps what the sources mention and what other prefixes declare', async () => {
    const css = ':root{--bulma-kept:1px;--other:2px;--bulma-gone:3px}';
    expect(await run(css, ['--bulma-kept'])).toBe(':root{--bulma-kept:1px;--other:2px}');
  });

  it('removes the rules it empties', async () => {
    expect(await run('.a{--bulma-x:1px}.b{color:red}')).toBe('.b{color:red}');
  });

  it('finds the names a directory mentions', () => {
    const mentioned = customPropertiesMentionedIn(src, prefix, ['.css']);
    expect(mentioned).toContain('--bulma-scheme-main');
  });
});

describe('the Bulma stylesheet (src/bulma.scss) as the build makes it', () => {
  let built: Root;
  beforeAll(async () => {
    // Where `bulma/…` resolves from, as Vite resolves it.
    const modules = join(dirname(require.resolve('bulma/package.json')), '..');
    const { css } = await compileAsync(join(src, 'bulma.scss'), { loadPaths: [modules], quietDeps: true });
    const keep = customPropertiesMentionedIn(src, prefix, ['.ts', '.tsx', '.css', '.scss']);
    built = (await postcss([dropUnreadCustomProperties({ prefix, keep })]).process(css, { from: undefined }))
      .root;
  }, 60_000);

  it('styles every Bulma class the pages use', () => {
    const bulmaClasses = classesIn(fullBulma());
    const ours = classesIn(built);
    const used = [...classNamesInSources()].filter((name) => bulmaClasses.has(name));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((name) => !ours.has(name))).toEqual([]);
  });

  it('declares every Bulma variable it or the app reads, as the whole of Bulma does', () => {
    const declared = (root: Root) => {
      const names = new Set<string>();
      root.walkDecls((decl) => {
        if (decl.prop.startsWith(prefix)) names.add(decl.prop);
      });
      return names;
    };
    const ours = declared(built);
    // A few reads Bulma itself never declares (--bulma-white-light-invert-l…): not ours to add.
    const bulmaDeclares = declared(fullBulma());
    const appCss = readFileSync(join(src, 'styles.css'), 'utf8');
    const reads = new Set(
      [built.toString(), appCss].flatMap((css) =>
        [...css.matchAll(/var\((--bulma-[\w-]+)/g)].map(([, name]) => name!),
      ),
    );
    expect(reads.size).toBeGreaterThan(100);
    expect([...reads].filter((name) => bulmaDeclares.has(name) && !ours.has(name))).toEqual([]);
  });
});
