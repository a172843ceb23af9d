/**
 * The script loader of server-rendered pages (decision 084): an inline script that server-rendered pages carry in
 * place of the app's `<script type="module">` and its modulepreload links (src/server/modules/web/head-tags.ts
 * `deferredScripts` inlines it, compiled, with its input as JSON: decision 131). It adds them once the page's largest
 * image (`image`, the `src` of the `<img>` the head preloads) has loaded and been painted, two frames later, so on a
 * slow network that image does not share the bandwidth with ~80 KB of scripts. When that image is already there (it
 * loaded while the page was parsing) or there is none, the scripts still wait for the first paint (the image decoded,
 * then two frames): a script requested before the page's first paint delays it in Lighthouse's simulated throttling.
 * After `maxWaitMs` they load whatever happens (a page opened in a background tab gets no frames), at once if the
 * image fails.
 *
 * Runs in the page's global scope with no imports: only `document`, `setTimeout` and `requestAnimationFrame` are used.
 */

export interface DeferredScriptsInput {
  /** The app's entry script (`/assets/index-….js`). */
  entry: string;
  /** Scripts to `modulepreload` along with it, in order. */
  preload: string[];
  /** The `src` of the page's largest image, or null. */
  image: string | null;
  /** The longest wait in milliseconds. */
  maxWaitMs: number;
}

export default function loadScriptsAfterLargestImage(input: DeferredScriptsInput): void {
  let done = false;
  function go() {
    if (done) return;
    done = true;
    for (const href of input.preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = input.entry;
    document.head.appendChild(script);
  }
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(go, 0)));
  setTimeout(go, input.maxWaitMs);
  let image: HTMLImageElement | null = null;
  const all = document.querySelectorAll<HTMLImageElement>('#root img');
  for (let i = 0; i < all.length; i++) {
    if (input.image && all[i].getAttribute('src') === input.image) {
      image = all[i];
      break;
    }
  }
  // Decoded, then painted: an image that loaded while the page was still parsing has not been painted yet either.
  const ready = () => {
    if (image && image.decode) image.decode().then(painted, painted);
    else painted();
  };
  if (!image || image.complete) ready();
  else {
    image.addEventListener('load', ready);
    image.addEventListener('error', go);
  }
}
