// The package as a stranger gets it: packed by npm and by pnpm from a copy of this folder that
// has never been built, checked by publint and are-the-types-wrong, installed from the tarball
// into a fresh npm project, where the README's examples run as they are written: as ES module,
// CommonJS, strict TypeScript (node16 and bundler resolution) and a Vite bundle in Chromium.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { findWorkspaceRoot, readCatalogs, WORKSPACE_MANIFEST } from '@cgm-portal/publish-manifest';
import { chromium } from 'playwright-core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = findWorkspaceRoot(PACKAGE_DIR);
const BIN = join(PACKAGE_DIR, 'node_modules', '.bin');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Files of this folder that a fresh clone does not have, or that packing itself writes. */
const NOT_IN_A_CLONE = new Set(['node_modules', 'dist', '.test-results', '.turbo', WORKSPACE_MANIFEST]);

/**
 * The child processes get the environment of a shell, not the one `pnpm test` gives Vitest:
 * the npm_* settings pnpm exports to its scripts and NODE_ENV would change how npm and pnpm pack
 * and install. How to reach the registry is kept.
 */
const REGISTRY_ACCESS = /^npm_config_(registry|.*:registry|.*proxy|cafile|ca|strict_ssl|cache|userconfig)$/i;
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => REGISTRY_ACCESS.test(key) || !/^(npm_|pnpm_|VITEST|NODE_ENV$|NODE_OPTIONS$|INIT_CWD$|TURBO_)/i.test(key),
  ),
);

async function sh(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd, env: cleanEnv, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

interface Example {
  kind: 'esm' | 'cjs' | 'ts';
  code: string;
  /** The `// → …` comments, in order: the lines the example prints. */
  expected: string[];
}

/** The README's code blocks marked `<!-- packed-example: kind -->`, verbatim. */
function readmeExamples(): Example[] {
  const readme = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
  return [...readme.matchAll(/<!-- packed-example: (\w+) -->\n```\w+\n([\s\S]*?)```/g)].map(([, kind, code = '']) => ({
    kind: kind as Example['kind'],
    code,
    expected: [...code.matchAll(/\/\/ → ?(.*)$/gm)].map(([, line = '']) => line.trim()),
  }));
}

/** The README's examples of one kind, each to be run as a file of its own. */
function examples(kind: Example['kind']): { file: string; code: string; expected: string[] }[] {
  const found = readmeExamples().filter((candidate) => candidate.kind === kind);
  if (found.length === 0) throw new Error(`README.md has no <!-- packed-example: ${kind} --> block`);
  return found.map(({ code, expected }, index) => ({ file: `readme-${kind}-${index + 1}`, code, expected }));
}

/** Writes each example as `<dir>/<file><extension>`; returns them in README order. */
function writeExamples(kinds: Example['kind'][], dir: string, extension: string) {
  const written = kinds.flatMap(examples);
  for (const { file, code } of written) writeFileSync(join(dir, `${file}${extension}`), code);
  return written;
}

function stdoutLines(stdout: string): string[] {
  return stdout.split('\n').filter((line) => line !== '');
}

/** Every file of an unpacked tarball, path → content. */
function readTree(dir: string, prefix = ''): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) readTree(dir, path).forEach((content, file) => files.set(file, content));
    else files.set(path, readFileSync(join(dir, path), 'utf8'));
  }
  return files;
}

const work = mkdtempSync(join(tmpdir(), 'glucose-metrics-pack-'));
const clone = join(work, 'repo', relative(REPO_ROOT, PACKAGE_DIR));
const consumer = join(work, 'consumer');
const tarballs: Record<'npm' | 'pnpm', string> = { npm: '', pnpm: '' };

async function pack(client: 'npm' | 'pnpm'): Promise<string> {
  // Each client packs a folder without a build: only prepack can put dist/ in the tarball.
  rmSync(join(clone, 'dist'), { recursive: true, force: true });
  const destination = join(work, client);
  mkdirSync(destination);
  await sh(client, ['pack', '--pack-destination', destination], clone);
  const [file] = readdirSync(destination).filter((name) => name.endsWith('.tgz'));
  if (!file) throw new Error(`${client} pack wrote no tarball`);
  const tarball = join(destination, file);
  mkdirSync(join(destination, 'unpacked'));
  await sh('tar', ['-xzf', tarball, '-C', join(destination, 'unpacked')], work);
  return tarball;
}

beforeAll(async () => {
  // A copy of this package where a fresh clone has it (the catalog and the sibling packages are
  // read from pnpm-workspace.yaml above it), sharing the installed node_modules.
  mkdirSync(clone, { recursive: true });
  cpSync(join(REPO_ROOT, 'pnpm-workspace.yaml'), join(work, 'repo', 'pnpm-workspace.yaml'));
  cpSync(PACKAGE_DIR, clone, {
    recursive: true,
    filter: (source) => !NOT_IN_A_CLONE.has(basename(source)) && extname(source) !== '.tgz',
  });
  symlinkSync(join(PACKAGE_DIR, 'node_modules'), join(clone, 'node_modules'));
  // The links inside node_modules are relative (../../../../tooling/...) and some tools follow
  // them from the copy's path, so the workspace packages they name are linked where they live.
  for (const tool of ['publish-manifest', 'typescript']) {
    mkdirSync(join(work, 'repo', 'tooling'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'tooling', tool), join(work, 'repo', 'tooling', tool));
  }

  tarballs.npm = await pack('npm');
  tarballs.pnpm = await pack('pnpm');

  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await sh('npm', ['install', '--no-audit', '--no-fund', tarballs.npm], consumer);
}, 300_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('is the same built tarball from npm pack and pnpm pack, with a manifest for the outside world', () => {
    const fromNpm = readTree(join(work, 'npm', 'unpacked'));
    const fromPnpm = readTree(join(work, 'pnpm', 'unpacked'));
    expect([...fromNpm.keys()].sort()).toEqual([
      'package/LICENSE',
      'package/README.md',
      'package/dist/index.cjs',
      'package/dist/index.cjs.map',
      'package/dist/index.d.cts',
      'package/dist/index.d.ts',
      'package/dist/index.js',
      'package/dist/index.js.map',
      'package/package.json',
    ]);
    expect([...fromPnpm.keys()].sort()).toEqual([...fromNpm.keys()].sort());
    for (const [file, content] of fromNpm) expect(fromPnpm.get(file), file).toBe(content);

    const manifest = JSON.parse(fromNpm.get('package/package.json') ?? '{}');
    expect(fromNpm.get('package/LICENSE')).toMatch(/^MIT License/);
    expect(manifest.license).toBe('MIT');
    // luxon with the catalog's semver range, and nothing only pnpm understands.
    expect(manifest.dependencies).toEqual({ luxon: readCatalogs(REPO_ROOT).default?.luxon });
    expect(manifest.dependencies.luxon).toMatch(/^[~^]?\d+\.\d+\.\d+$/);
    expect(JSON.stringify(manifest)).not.toMatch(/catalog:|workspace:|src\/index\.ts/);
    expect(manifest.exports['.']).toEqual({
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    });
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('leaves the workspace manifest as it was after packing', () => {
    expect(readFileSync(join(clone, 'package.json'), 'utf8')).toBe(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8'));
    expect(existsSync(join(clone, WORKSPACE_MANIFEST))).toBe(false);
  });

  it('passes publint, suggestions included', async () => {
    const tarball = readFileSync(tarballs.npm);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it('passes are-the-types-wrong for node10, node16 (CommonJS and ESM) and bundlers', async () => {
    const report = JSON.parse(await sh(join(BIN, 'attw'), [tarballs.npm, '--format', 'json'], work).catch((error: Error) => {
      throw new Error(`attw reported problems:\n${error.message}`);
    }));
    expect(report.analysis.problems).toEqual([]);
    const resolutions = report.analysis.entrypoints['.'].resolutions;
    expect(Object.keys(resolutions).sort()).toEqual(['bundler', 'node10', 'node16-cjs', 'node16-esm']);
  });
});

describe("the README's examples, in a fresh npm project with the tarball installed", () => {
  it('has ES module, CommonJS and TypeScript examples, each with the lines it prints', () => {
    expect(new Set(readmeExamples().map(({ kind }) => kind))).toEqual(new Set(['cjs', 'esm', 'ts']));
    for (const { kind, expected } of readmeExamples()) {
      expect(expected.length, kind).toBeGreaterThan(0);
      expect(expected.every((line) => line !== ''), `${kind}: a "// →" comment without its value`).toBe(true);
    }
  });

  it('runs the ES module examples from .mjs files', async () => {
    for (const { file, expected } of writeExamples(['esm'], consumer, '.mjs')) {
      expect(stdoutLines(await sh(process.execPath, [`${file}.mjs`], consumer)), file).toEqual(expected);
    }
  });

  it('runs the CommonJS example from a .cjs file: require() resolves the CommonJS build', async () => {
    for (const { file, expected } of writeExamples(['cjs'], consumer, '.cjs')) {
      expect(stdoutLines(await sh(process.execPath, [`${file}.cjs`], consumer)), file).toEqual(expected);
    }
  });

  it.each(['node16', 'bundler'] as const)(
    'type-checks the ES module and TypeScript examples in strict mode with moduleResolution %s, then runs them',
    async (resolution) => {
      const dir = join(consumer, `ts-${resolution}`);
      mkdirSync(join(dir, 'src'), { recursive: true });
      const written = writeExamples(['esm', 'ts'], join(dir, 'src'), '.ts');
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            target: 'es2022',
            module: resolution === 'node16' ? 'node16' : 'esnext',
            moduleResolution: resolution,
            lib: ['es2023', 'dom'],
            types: [],
            // The package's own declarations are checked too, as the consumer's compiler sees them.
            skipLibCheck: false,
            noEmitOnError: true,
            rootDir: 'src',
            outDir: 'out',
          },
          include: ['src'],
        }),
      );
      await sh(process.execPath, [join(PACKAGE_DIR, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], consumer);
      for (const { file, expected } of written) {
        expect(stdoutLines(await sh(process.execPath, [join(dir, 'out', `${file}.js`)], consumer)), file).toEqual(expected);
      }
    },
    120_000,
  );

  it('bundles the ES module and TypeScript examples with Vite and runs them in Chromium', async () => {
    const web = join(consumer, 'web');
    mkdirSync(web);
    const written = writeExamples(['esm', 'ts'], web, '.ts');
    writeFileSync(join(web, 'main.ts'), written.map(({ file }) => `import './${file}.ts';\n`).join(''));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>');
    await build({ root: web, configFile: false, logLevel: 'warn', build: { outDir: join(web, 'dist'), emptyOutDir: true } });
    const bundle = readdirSync(join(web, 'dist', 'assets')).filter((file) => file.endsWith('.js'));
    expect(bundle).toHaveLength(1);
    // The bundler took the ES module build, not the CommonJS one.
    expect(readFileSync(join(web, 'dist', 'assets', bundle[0] ?? ''), 'utf8')).not.toMatch(/\bmodule\.exports\b|\brequire\(/);

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const printed: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => printed.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      // The built page is served from memory under a name that never reaches the network.
      await page.route('http://glucose-metrics.test/**', async (route) => {
        const path = new URL(route.request().url()).pathname;
        const file = join(web, 'dist', path === '/' ? 'index.html' : path);
        if (!existsSync(file)) return route.fulfill({ status: 404 });
        return route.fulfill({ body: readFileSync(file), contentType: file.endsWith('.html') ? 'text/html' : 'text/javascript' });
      });
      await page.goto('http://glucose-metrics.test/');
      const expected = written.flatMap((example) => example.expected);
      await expect.poll(() => printed.length + errors.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(expected.length);
      expect(errors).toEqual([]);
      expect(printed).toEqual(expected);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
