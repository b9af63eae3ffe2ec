// The manifest a published package ships, written over package.json just before packing.
//
// Why rewrite package.json instead of relying on `publishConfig`: `npm pack`/`npm publish` apply
// no `publishConfig` field but registry settings, and ship `catalog:` and `workspace:` specifiers
// verbatim; only `pnpm pack` rewrites them. Written in `prepack` (after the build) and put back in
// `postpack`, one manifest is shipped whichever client packs, while the workspace keeps reading
// `./src/index.ts` through the plain `exports` that Vite, Vitest, tsc, tsup and tsx already use,
// with no custom resolution condition to configure in each of them.
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Where the workspace copy of package.json waits while the published one is on disk. */
export const WORKSPACE_MANIFEST = 'package.workspace.json';

/** publishConfig keys that configure the registry client, not the package: they stay there. */
const REGISTRY_SETTINGS = new Set(['access', 'registry', 'tag', 'provenance']);
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/** The folder holding pnpm-workspace.yaml, searched upwards from `dir`. */
export function findWorkspaceRoot(dir) {
  for (let current = resolve(dir); ; current = dirname(current)) {
    if (existsSync(join(current, 'pnpm-workspace.yaml'))) return current;
    if (dirname(current) === current) throw new Error(`no pnpm-workspace.yaml above ${dir}`);
  }
}

/**
 * The top-level blocks of pnpm-workspace.yaml this tool needs: `packages:` (a list) and
 * `catalog:` (a map). The file keeps to this flat shape; a YAML library would be the one
 * dependency of this tool, and an optional peer of Vite and tsup that reshuffles the lockfile.
 */
export function readWorkspaceFile(root) {
  const blocks = {};
  let current = null;
  for (const line of readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n')) {
    const text = line.replace(/\s+#.*$/, '').replace(/^#.*$/, '');
    if (text.trim() === '') continue;
    const top = /^([A-Za-z]\w*):\s*$/.exec(text);
    if (top) {
      current = top[1];
      blocks[current] = current === 'packages' ? [] : {};
      continue;
    }
    if (!/^\s/.test(text)) {
      current = null;
      continue;
    }
    if (current === 'packages') {
      blocks.packages.push(unquote(text.trim().replace(/^-\s*/, '')));
    } else if (current === 'catalog') {
      const entry = /^\s+("[^"]+"|'[^']+'|[^:\s]+):\s*(.+)$/.exec(text);
      if (!entry) throw new Error(`pnpm-workspace.yaml: cannot read catalog line "${line}"`);
      blocks.catalog[unquote(entry[1])] = unquote(entry[2].trim());
    } else if (current === 'catalogs') {
      throw new Error('pnpm-workspace.yaml: named catalogs are not supported by publish-manifest');
    }
  }
  return { packages: blocks.packages ?? [], catalog: blocks.catalog ?? {} };
}

function unquote(text) {
  return /^(["']).*\1$/.test(text) ? text.slice(1, -1) : text;
}

/** The catalogs by name; pnpm calls the plain `catalog:` block "default". */
export function readCatalogs(root) {
  return { default: readWorkspaceFile(root).catalog };
}

/**
 * The published form of `manifest`, as pnpm's publish manifest would be: publishConfig's fields
 * hoisted, `catalog:` replaced by the catalog's range and `workspace:` by the sibling's version.
 * Scripts and devDependencies concern only this repository and are left out.
 * `workspaceVersions` maps each workspace package name to its version.
 */
export function publishedManifest(manifest, { catalogs, workspaceVersions }) {
  const { scripts: _scripts, devDependencies: _devDependencies, publishConfig = {}, ...published } = manifest;
  const registrySettings = {};
  for (const [key, value] of Object.entries(publishConfig)) {
    if (REGISTRY_SETTINGS.has(key)) registrySettings[key] = value;
    else published[key] = value;
  }
  if (Object.keys(registrySettings).length > 0) published.publishConfig = registrySettings;
  for (const field of DEPENDENCY_FIELDS) {
    if (!published[field]) continue;
    published[field] = Object.fromEntries(
      Object.entries(published[field]).map(([name, spec]) => [name, publishedRange(name, spec, { catalogs, workspaceVersions })]),
    );
  }
  return published;
}

function publishedRange(name, spec, { catalogs, workspaceVersions }) {
  if (spec.startsWith('catalog:')) {
    const catalogName = spec.slice('catalog:'.length) || 'default';
    const range = catalogs[catalogName]?.[name];
    if (!range) throw new Error(`${name}: no entry in catalog "${catalogName}" of pnpm-workspace.yaml`);
    return String(range);
  }
  if (spec.startsWith('workspace:')) {
    const version = workspaceVersions[name];
    if (!version) throw new Error(`${name}: "${spec}" names no package of this workspace`);
    const range = spec.slice('workspace:'.length);
    if (range === '*') return version;
    if (range === '^' || range === '~') return `${range}${version}`;
    return range;
  }
  return spec;
}

/** Every file the published manifest points at (exports, main, types...). */
export function entryFiles(manifest) {
  const files = [];
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.startsWith('./') && !value.includes('*')) files.push(value);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  ['exports', 'main', 'module', 'types', 'typings', 'bin'].forEach((field) => visit(manifest[field]));
  return files;
}

/** Name → version of every package of the workspace (its `packages:` globs are `group/*`). */
export function readWorkspaceVersions(root) {
  const patterns = readWorkspaceFile(root).packages;
  const versions = {};
  for (const pattern of patterns) {
    const groupDir = join(root, pattern.replace(/\/\*$/, ''));
    if (!existsSync(groupDir)) continue;
    for (const entry of readdirSync(groupDir)) {
      const file = join(groupDir, entry, 'package.json');
      if (!existsSync(file)) continue;
      const { name, version } = JSON.parse(readFileSync(file, 'utf8'));
      if (name && version) versions[name] = version;
    }
  }
  return versions;
}

/**
 * prepack: puts the workspace manifest aside and writes the published one in its place. A copy
 * left aside by an interrupted pack is put back first, so the published manifest is always
 * derived from the workspace one. Refuses when an entry file is missing: a pack must never ship
 * a package without its build.
 */
export function writePublishedManifest(packageDir) {
  const manifestPath = join(packageDir, 'package.json');
  const asidePath = join(packageDir, WORKSPACE_MANIFEST);
  if (existsSync(asidePath)) renameSync(asidePath, manifestPath);
  const source = readFileSync(manifestPath, 'utf8');
  const root = findWorkspaceRoot(packageDir);
  const published = publishedManifest(JSON.parse(source), {
    catalogs: readCatalogs(root),
    workspaceVersions: readWorkspaceVersions(root),
  });
  const missing = entryFiles(published).filter((file) => !existsSync(join(packageDir, file)));
  if (missing.length > 0) throw new Error(`${published.name}: not built, missing ${missing.join(', ')}`);
  writeFileSync(asidePath, source);
  // Written beside and renamed, so a tool reading package.json meanwhile never sees half a file.
  // No final newline: pnpm re-serialises the manifest so, and both clients then ship one file.
  const next = join(packageDir, 'package.json.next');
  writeFileSync(next, JSON.stringify(published, null, 2));
  renameSync(next, manifestPath);
  return published;
}

/** postpack: puts the workspace manifest back. */
export function restoreWorkspaceManifest(packageDir) {
  const asidePath = join(packageDir, WORKSPACE_MANIFEST);
  if (existsSync(asidePath)) renameSync(asidePath, join(packageDir, 'package.json'));
}

/**
 * Why a publish from this client must stop, or null. `npm publish <folder>` reads package.json
 * again after postpack and would send the workspace manifest (`catalog:`, `./src/index.ts`) to
 * the registry as the version's metadata; `pnpm publish` packs, then publishes the tarball, whose
 * manifest is the published one. So does `npm publish <file>.tgz`, which runs no script.
 */
export function publisherProblem(userAgent = '') {
  if (userAgent.startsWith('pnpm/')) return null;
  return 'Publish with `pnpm changeset publish` (or `pnpm publish`), or pack first and run `npm publish <file>.tgz`: `npm publish` from this folder would send the workspace manifest to the registry.';
}
