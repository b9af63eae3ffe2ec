// Makes each variant app an installable PWA: a web app manifest and icons drawn from the
// variant's own data (apps/*/src/variant.ts), and the portal's service worker built into the app
// with the list of files that make up its shell.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, runnerImport } from 'vite';

const MANIFEST_FILE = 'manifest.webmanifest';
const SERVICE_WORKER_FILE = 'sw.js';
/** Chromium's install prompt wants 192 and 512 px; iOS takes a 180 px apple-touch-icon. */
const ICON_SIZES = [192, 512];
const APPLE_ICON_SIZE = 180;
const SERVICE_WORKER_ENTRY = '@cgm-portal/portal/service-worker';

const escapeXml = (text) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A square icon: the variant's brand colour behind the first letters of its logo. */
export function iconSvg(variant, { maskable = false } = {}) {
  const background = variant.theme.brand['600'] ?? variant.theme.sidebarBg;
  const letters = variant.logoText.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 2);
  // A maskable icon is cropped to a circle of 80 %: full bleed, letters inside the safe zone.
  const radius = maskable ? 0 : 96;
  const size = maskable ? 190 : 230;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" rx="${radius}" fill="${escapeXml(background)}"/>
<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="Noto Sans, DejaVu Sans, sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(letters)}</text>
</svg>`;
}

/** The web app manifest of one variant (https://www.w3.org/TR/appmanifest/). */
export function manifestOf(variant) {
  return {
    id: '/',
    name: variant.portalName,
    short_name: variant.logoText,
    lang: variant.defaultLanguage,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: variant.theme.sidebarBg,
    background_color: variant.theme.pageBg,
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

async function renderIcons(variant) {
  const { default: sharp } = await import('sharp');
  const png = (svg, size) => sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
  const plain = iconSvg(variant);
  return {
    ...Object.fromEntries(await Promise.all(ICON_SIZES.map(async (size) => [`icons/icon-${size}.png`, await png(plain, size)]))),
    'icons/maskable-512.png': await png(iconSvg(variant, { maskable: true }), 512),
    'icons/apple-touch-icon.png': await png(plain, APPLE_ICON_SIZE),
  };
}

/** The variant of the app being built, read from its own data file. */
async function loadVariant(root) {
  const file = join(root, 'src/variant.ts');
  if (!existsSync(file)) throw new Error(`pwa: ${file} is missing; every app names its variant there`);
  const { module } = await runnerImport(file);
  if (!module.variant) throw new Error(`pwa: ${file} exports no \`variant\``);
  return module.variant;
}

/**
 * The PWA plugin of a variant app. In the build it emits the manifest, the icons and `sw.js`
 * (the portal's service worker bundled alone as a classic script, given the shell's files and a
 * version, so a new build replaces the old cache). `vite dev` serves the manifest and icons
 * only: a service worker in development would serve stale modules.
 */
export function variantPwa() {
  let root;
  let variant;
  let icons;
  let outDir;
  return {
    name: 'cgm-portal:pwa',
    async configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      variant = await loadVariant(root);
    },
    transformIndexHtml() {
      return [
        { tag: 'link', attrs: { rel: 'manifest', href: `/${MANIFEST_FILE}` }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'theme-color', content: variant.theme.sidebarBg }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' }, injectTo: 'head' },
        { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: variant.logoText }, injectTo: 'head' },
      ];
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        if (path === `/${MANIFEST_FILE}`) {
          res.setHeader('Content-Type', 'application/manifest+json');
          res.end(JSON.stringify(manifestOf(variant)));
          return;
        }
        if (path.startsWith('/icons/')) {
          icons ??= await renderIcons(variant);
          const png = icons[path.slice(1)];
          if (png) {
            res.setHeader('Content-Type', 'image/png');
            res.end(png);
            return;
          }
        }
        next();
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_FILE, source: JSON.stringify(manifestOf(variant), null, 2) });
      for (const [fileName, source] of Object.entries(await renderIcons(variant))) this.emitFile({ type: 'asset', fileName, source });
    },
    async writeBundle(_options, bundle) {
      // Everything the app needs to open offline, source maps aside; '/' is the page itself.
      const shell = ['/', ...Object.keys(bundle).filter((f) => !f.endsWith('.map') && f !== 'index.html').map((f) => `/${f}`)].sort();
      const entry = createRequire(join(root, 'package.json')).resolve(SERVICE_WORKER_ENTRY);
      const version = createHash('sha256').update(shell.join('\n')).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        define: {
          __SHELL_FILES__: JSON.stringify(shell),
          __SHELL_VERSION__: JSON.stringify(`${variant.id}-${version}`),
          __APP_NAME__: JSON.stringify(variant.portalName),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          target: 'es2022',
          lib: { entry, formats: ['iife'], name: 'portalServiceWorker', fileName: () => SERVICE_WORKER_FILE },
        },
      });
    },
  };
}
