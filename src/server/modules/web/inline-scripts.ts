/**
 * The inline scripts of server-rendered pages (decision 131): typed sources in src/web/lib/inline (`tap-keeper`,
 * `deferred-scripts`), each a module whose default export runs once with one JSON input. Compiled with esbuild into
 * one minified IIFE each, `run(VITRINA_INLINE_INPUT)`, whose placeholder head-tags.ts replaces with the page's input.
 *
 * `vite build` writes them compiled to dist/web/.vite/inline-scripts.json (vite.config.ts), which the server reads
 * when it serves that build; without one (`npm run dev`, tests) each is compiled from its source on first use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const INLINE_SCRIPTS = ['tap-keeper', 'deferred-scripts'] as const;
export type InlineScriptName = (typeof INLINE_SCRIPTS)[number];

/** Stands for the script's input (script-safe JSON) in the compiled code; appears exactly once. */
export const INLINE_INPUT = 'VITRINA_INLINE_INPUT';

/** Where `vite build` writes the compiled scripts, inside dist/web. */
export const INLINE_SCRIPTS_FILE = path.join('.vite', 'inline-scripts.json');

const SOURCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/lib/inline');

/**
 * Compiles one inline script from src/web/lib/inline/<name>.ts (or `sourceDir`): TypeScript to minified ES2019 in an
 * IIFE. Throws if the output could end its `<script>` element or open a comment in it, or lacks the input placeholder.
 */
export function compileInlineScript(name: InlineScriptName, sourceDir: string = SOURCE_DIR): string {
  // Loaded only here: a server that serves a build never compiles, and never loads esbuild.
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = esbuild.buildSync({
    stdin: {
      contents: `import run from './${name}';run(${INLINE_INPUT});`,
      resolveDir: sourceDir,
      sourcefile: `${name}.entry.ts`,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error(`inline script ${name} could end its script element`);
  if (code.split(INLINE_INPUT).length !== 2) throw new Error(`inline script ${name} must use its input once`);
  return code;
}

/** Every inline script compiled, by name (what `vite build` writes). */
export function compileInlineScripts(): Record<InlineScriptName, string> {
  return Object.fromEntries(INLINE_SCRIPTS.map((name) => [name, compileInlineScript(name)])) as Record<
    InlineScriptName,
    string
  >;
}

let compiled: Partial<Record<InlineScriptName, string>> = {};

/**
 * Uses the scripts a build compiled (`<dist/web>/.vite/inline-scripts.json`) from now on; returns false, and keeps
 * compiling from source, when that build has none.
 */
export function useBuiltInlineScripts(distDir: string): boolean {
  const file = path.join(distDir, INLINE_SCRIPTS_FILE);
  if (!fs.existsSync(file)) return false;
  const built = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<InlineScriptName, string>;
  if (!INLINE_SCRIPTS.every((name) => typeof built[name] === 'string')) return false;
  compiled = built;
  return true;
}

/** The compiled code of an inline script, with the `INLINE_INPUT` placeholder; compiled on first use without a build. */
export function inlineScriptCode(name: InlineScriptName): string {
  return (compiled[name] ??= compileInlineScript(name));
}
