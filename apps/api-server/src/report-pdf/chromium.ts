/** Debian's Chromium (TOOLCHAIN.md): never a downloaded browser. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * How headless Chromium is launched, by the PDF printer and by the browser tests alike: no
 * sandbox or GPU in containers, and nothing fetched in the background while it works.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
