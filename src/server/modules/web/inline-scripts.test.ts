import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  compileInlineScript,
  compileInlineScripts,
  INLINE_INPUT,
  INLINE_SCRIPTS,
  INLINE_SCRIPTS_FILE,
  inlineScriptCode,
  useBuiltInlineScripts,
} from './inline-scripts.js';
import { deferredScripts, tapKeeper } from './head-tags.js';

describe('inline scripts compiled from their typed sources (decision 131)', () => {
  it('compiles each source to one minified IIFE that takes its input once and cannot end its script element', () => {
    for (const name of INLINE_SCRIPTS) {
      const code = compileInlineScript(name);
      expect(code.startsWith('(()=>{')).toBe(true);
      expect(code.split(INLINE_INPUT)).toHaveLength(2);
      expect(code).not.toMatch(/<\/script|<!--/i);
      // Minified: no comments, no indentation.
      expect(code).not.toMatch(/\/\*|\n\s/);
    }
  });

  it('compiles a closing tag in a string to its escaped form, and refuses a comment opener', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-'));
    const source = (text: string) =>
      fs.writeFileSync(
        path.join(dir, 'tap-keeper.ts'),
        `export default function run(out: string[]): void { out.push(${JSON.stringify(text)}); }`,
      );
    source('</script><script>alert(1)');
    const code = compileInlineScript('tap-keeper', dir);
    expect(code).not.toMatch(/<\/script/i);
    const out: string[] = [];
    vm.runInNewContext(code.replace(INLINE_INPUT, 'out'), { out });
    expect(out).toEqual(['</script><script>alert(1)']);
    // "<!--" inside a script element changes how the HTML parser finds its end.
    source('<!-- x');
    expect(() => compileInlineScript('tap-keeper', dir)).toThrow(/could end its script element/);
    fs.rmSync(dir, { recursive: true });
  });

  it("inlines the code a build wrote, with the response's nonce and the input as script-safe JSON", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-dist-'));
    expect(useBuiltInlineScripts(dist)).toBe(false);
    fs.mkdirSync(path.join(dist, '.vite'));
    // A build without one of the scripts is not used.
    fs.writeFileSync(path.join(dist, INLINE_SCRIPTS_FILE), JSON.stringify({ 'tap-keeper': 'x' }));
    expect(useBuiltInlineScripts(dist)).toBe(false);
    const built = { ...compileInlineScripts(), 'tap-keeper': `/*built*/(${INLINE_INPUT})` };
    fs.writeFileSync(path.join(dist, INLINE_SCRIPTS_FILE), JSON.stringify(built));
    expect(useBuiltInlineScripts(dist)).toBe(true);
    expect(inlineScriptCode('tap-keeper')).toBe(built['tap-keeper']);
    expect(tapKeeper('n"1')).toBe('<script nonce="n&quot;1">/*built*/(null)</script>');
    const loader = deferredScripts({ entry: "/a</script>$'", preload: [], image: null, nonce: 'n' });
    expect(loader).toContain(`{"entry":"/a\\u003c/script\\u003e$'","preload":[],"image":null,"maxWaitMs":2500}`);
    fs.rmSync(dist, { recursive: true });
  });
});
