import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isEntryPage, scriptSafeJson } from './ssr.js';
import { canonicalPath, deferredScripts, injectHead, tapKeeper } from './head-tags.js';

/**
 * Runs the loader of `deferredScripts` against a minimal document: `#root` holds one image (`complete` and `decode`
 * as given); timers and animation frames run only when the test says so (`painted` runs two frames and the 0 ms timer). Returns what the loader appended to the head.
 */
function runLoader(html: string, image: { src: string; complete: boolean; decode?: () => Promise<void> } | null) {
  const code = /<script nonce="[^"]*">([\s\S]*)<\/script>$/.exec(html)![1];
  const appended: Record<string, string>[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: { ms: number; fn: () => void }[] = [];
  let frames: (() => void)[] = [];
  const img = image && {
    complete: image.complete,
    decode: image.decode,
    getAttribute: (name: string) => (name === 'src' ? image.src : null),
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  };
  const document = {
    head: { appendChild: (el: Record<string, string>) => appended.push(el) },
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: (selector: string) => (selector === '#root img' && img ? [img] : []),
  };
  vm.runInNewContext(code, {
    document,
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
  });
  return {
    appended,
    fire: (type: string) => listeners[type]?.(),
    frame: () => {
      const now = frames;
      frames = [];
      now.forEach((f) => f());
    },
    painted() {
      this.frame();
      this.frame();
      timers.filter((x) => x.ms === 0).forEach((x) => x.fn());
    },
    timers,
  };
}

describe('server rendering helpers (decision 035)', () => {
  it('embeds JSON that cannot close its script element and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & <!-- \u2028 $&' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('renders only the entry pages', () => {
    for (const p of ['/', '/search', '/search/keyword', '/deps', '/deps/departamento', '/cat', '/product'])
      expect(isEntryPage(p)).toBe(true);
    // The store's content pages too (decision 066).
    for (const p of ['/aviso', '/politicas_compras', '/pagos_envios', '/faq', '/glosario'])
      expect(isEntryPage(p)).toBe(true);
    for (const p of ['/micarrito', '/login', '/admin', '/somos']) expect(isEntryPage(p)).toBe(false);
  });

  it('canonical paths keep what selects products and drop sort, lang and page 1', () => {
    const c = (u: string, codigo?: string) => canonicalPath(new URL(u, 'http://x'), codigo);
    expect(c('/?lang=en')).toBe('/');
    expect(c('/search/keyword?q=gorra&sort=price_asc&page=1&lang=en')).toBe('/search/keyword?q=gorra');
    expect(c('/search?departamento=hombre&page=2')).toBe('/search?departamento=hombre&page=2');
    expect(c('/product?codigo=MH01', 'MH01')).toBe('/product?codigo=MH01');
    expect(c('/micarrito')).toBeNull();
  });

  it('puts the markup and state into the shell, keeping "$&" in a product literal', () => {
    const html = injectHead(
      '<html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div></body></html>',
      { lang: 'en', head: '<title>$& x</title>' },
      { html: '<p>$&</p>', stateJson: '{}', nonce: 'abc', preloadScripts: ['/assets/r.js'] },
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>$& x</title>');
    expect(html).toContain(
      '<div id="root"><p>$&</p></div><script id="vitrina-state" type="application/json" nonce="abc">{}</script>',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/r.js">');
  });

  it('loads the scripts only once the largest image has loaded and two frames have passed (decision 084)', () => {
    const html = deferredScripts({
      entry: '/assets/index-a.js',
      preload: ['/assets/routes-b.js', '/assets/es-c.js'],
      image: '/uploads/s/files/x-1600.webp',
      nonce: 'n0nce',
    });
    expect(html.startsWith('<script nonce="n0nce">')).toBe(true);
    const page = runLoader(html, { src: '/uploads/s/files/x-1600.webp', complete: false });
    expect(page.appended).toEqual([]);
    page.fire('load');
    page.frame();
    expect(page.appended).toEqual([]);
    page.frame();
    // The second frame's timeout (0 ms) adds them; the 2.5 s cap is the other timer.
    expect(page.timers.map((x) => x.ms).sort()).toEqual([0, 2500]);
    page.timers.find((x) => x.ms === 0)!.fn();
    expect(page.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/routes-b.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/es-c.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-a.js' },
    ]);
    // Only once, whatever fires later.
    page.timers.find((x) => x.ms === 2500)!.fn();
    page.fire('error');
    expect(page.appended).toHaveLength(3);
  });

  it('waits for the first paint without that image or when it is already there, and loads after 2.5 s at the latest', async () => {
    const input = { entry: '/assets/i.js', preload: [], image: '/uploads/a-480.webp', nonce: 'n' };
    const script = [{ tag: 'script', type: 'module', crossOrigin: '', src: '/assets/i.js' }];
    // No image, or another one: two frames.
    for (const image of [null, { src: '/uploads/other.webp', complete: false }]) {
      const page = runLoader(deferredScripts(input), image);
      page.frame();
      expect(page.appended).toEqual([]);
      page.painted();
      expect(page.appended).toEqual(script);
    }
    // Loaded while the page was parsing: decoded first, then two frames (otherwise Lighthouse sees the
    // scripts requested before the first paint).
    let decoded = () => {};
    const early = runLoader(deferredScripts(input), {
      src: '/uploads/a-480.webp',
      complete: true,
      decode: () => new Promise<void>((resolve) => (decoded = resolve)),
    });
    early.painted();
    expect(early.appended).toEqual([]);
    decoded();
    await Promise.resolve();
    early.painted();
    expect(early.appended).toEqual(script);
    // A complete image that cannot be decoded (broken) does not hold them either.
    const broken = runLoader(deferredScripts(input), {
      src: '/uploads/a-480.webp',
      complete: true,
      decode: () => Promise.reject(new Error('EncodingError')),
    });
    await new Promise((r) => setImmediate(r));
    broken.painted();
    expect(broken.appended).toEqual(script);
    const slow = runLoader(deferredScripts(input), { src: '/uploads/a-480.webp', complete: false });
    expect(slow.appended).toHaveLength(0);
    slow.timers.find((x) => x.ms === 2500)!.fn();
    expect(slow.appended).toEqual(script);
    // A load error does not wait for frames.
    const failed = runLoader(deferredScripts(input), { src: '/uploads/a-480.webp', complete: false });
    failed.fire('error');
    expect(failed.appended).toEqual(script);
    // A path cannot end the script element.
    expect(deferredScripts({ ...input, entry: '/a</script><script>x' })).not.toContain('</script><script>x');
  });

  it('keeps taps on buttons that need scripts until the app takes them, and lets the browser handle the rest (085)', () => {
    const html = tapKeeper('n0nce');
    expect(html.startsWith('<script nonce="n0nce">')).toBe(true);
    let listener: ((e: unknown) => void) | null = null;
    const document = {
      addEventListener: (type: string, fn: (e: unknown) => void, capture: boolean) => {
        expect([type, capture]).toEqual(['click', true]);
        listener = fn;
      },
      removeEventListener: () => (listener = null),
    };
    const window: { __vitrinaTaps?: { take(): unknown[] } } = {};
    vm.runInNewContext(/<script nonce="[^"]*">([\s\S]*)<\/script>$/.exec(html)![1], { window, document });
    /** A click on something inside `button` (null: not in a button of #root) or `link`; says whether it was stopped. */
    const click = (button: object | null, link: object | null = null) => {
      let stopped = 0;
      listener?.({
        target: { closest: (sel: string) => (sel === '#root button' ? button : sel === '#root a[href]' ? link : null) },
        preventDefault: () => stopped++,
        stopPropagation: () => stopped++,
      });
      return stopped === 2;
    };
    const language = { type: 'button', disabled: false, form: null };
    const addToCart = { type: 'submit', disabled: false, form: null };
    const search = { type: 'submit', disabled: false, form: { hasAttribute: (a: string) => a === 'action' } };
    const disabled = { type: 'button', disabled: true, form: null };
    const cartLink = { href: '/micarrito' };
    expect(click(null, cartLink)).toBe(false); // a link navigates by itself while nothing is kept
    expect(click(language)).toBe(true);
    expect(click(addToCart)).toBe(true);
    expect(click(search)).toBe(false); // the browser submits a form with an action itself
    expect(click(disabled)).toBe(false);
    expect(click(null)).toBe(false); // radios, anything outside #root
    expect(click(null, cartLink)).toBe(true); // behind a kept tap, a link waits its turn
    expect(window.__vitrinaTaps!.take()).toEqual([language, addToCart, cartLink]);
    // Taken: it no longer listens, and a second take has nothing.
    expect(listener).toBeNull();
    expect(window.__vitrinaTaps!.take()).toEqual([]);
  });

  it('puts the tap keeper in the head of a server-rendered page only', () => {
    const shell = '<html lang="es"><head><!--vitrina-head--></head><body><div id="root"></div></body></html>';
    const rendered = injectHead(shell, { lang: 'es', head: '' }, { html: '<p>x</p>', stateJson: '{}', nonce: 'k' });
    expect(rendered).toContain(`${tapKeeper('k')}</head>`);
    expect(injectHead(shell, { lang: 'es', head: '' })).not.toContain('__vitrinaTaps');
  });
});
