import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  entryFiles,
  publishedManifest,
  readCatalogs,
  readWorkspaceVersions,
  restoreWorkspaceManifest,
  WORKSPACE_MANIFEST,
  writePublishedManifest,
} from './index.js';

const context = {
  catalogs: { default: { luxon: '~3.7.2', react: '~19.3.0' } },
  workspaceVersions: { '@cgm-portal/glucose-metrics': '0.4.1' },
};

describe('publishedManifest', () => {
  it('replaces catalog: and every form of workspace: as pnpm publish does', () => {
    const published = publishedManifest(
      {
        name: '@cgm-portal/charts',
        dependencies: { luxon: 'catalog:', '@cgm-portal/glucose-metrics': 'workspace:*', zod: '^4.1.0' },
        peerDependencies: { react: 'catalog:default', '@cgm-portal/glucose-metrics': 'workspace:^' },
        optionalDependencies: { '@cgm-portal/glucose-metrics': 'workspace:~' },
      },
      context,
    );
    expect(published.dependencies).toEqual({ luxon: '~3.7.2', '@cgm-portal/glucose-metrics': '0.4.1', zod: '^4.1.0' });
    expect(published.peerDependencies).toEqual({ react: '~19.3.0', '@cgm-portal/glucose-metrics': '^0.4.1' });
    expect(published.optionalDependencies).toEqual({ '@cgm-portal/glucose-metrics': '~0.4.1' });
  });

  it('hoists publishConfig over the workspace fields, keeps the registry settings and drops what only the repository uses', () => {
    const published = publishedManifest(
      {
        name: 'x',
        exports: { '.': './src/index.ts' },
        scripts: { build: 'tsup' },
        devDependencies: { vitest: 'catalog:' },
        publishConfig: { access: 'public', exports: { '.': './dist/index.js' }, types: './dist/index.d.ts' },
      },
      context,
    );
    expect(published).toEqual({
      name: 'x',
      exports: { '.': './dist/index.js' },
      types: './dist/index.d.ts',
      publishConfig: { access: 'public' },
    });
  });

  it('refuses a catalog entry or a workspace package that does not exist', () => {
    expect(() => publishedManifest({ dependencies: { left: 'catalog:' } }, context)).toThrow(/left: no entry in catalog "default"/);
    expect(() => publishedManifest({ dependencies: { '@cgm-portal/none': 'workspace:*' } }, context)).toThrow(/names no package/);
  });

  it('lists the files the manifest points at', () => {
    expect(
      entryFiles({
        exports: { '.': { import: { types: './dist/a.d.ts', default: './dist/a.js' } }, './extra/*': './dist/*.js' },
        main: './dist/a.cjs',
      }).sort(),
    ).toEqual(['./dist/a.cjs', './dist/a.d.ts', './dist/a.js']);
  });
});

describe('in a workspace', () => {
  function workspace() {
    const root = mkdtempSync(join(tmpdir(), 'publish-manifest-'));
    writeFileSync(
      join(root, 'pnpm-workspace.yaml'),
      [
        'packages:',
        '  - packages/*',
        '',
        '# comment',
        'onlyBuiltDependencies:',
        '  - esbuild',
        'catalog:',
        '  "@types/luxon": ^3.7.1  # quoted key',
        "  luxon: '~3.7.2'",
        'verifyDepsBeforeRun: install',
        '',
      ].join('\n'),
    );
    const dir = join(root, 'packages', 'metrics');
    mkdirSync(join(dir, 'dist'), { recursive: true });
    const manifest = `${JSON.stringify({
      name: '@x/metrics',
      version: '1.2.3',
      exports: './src/index.ts',
      dependencies: { luxon: 'catalog:' },
      publishConfig: { exports: './dist/index.js' },
    })}\n`;
    writeFileSync(join(dir, 'package.json'), manifest);
    return { root, dir, manifest };
  }

  it('reads the catalog and the versions of pnpm-workspace.yaml', () => {
    const { root } = workspace();
    expect(readCatalogs(root)).toEqual({ default: { '@types/luxon': '^3.7.1', luxon: '~3.7.2' } });
    expect(readWorkspaceVersions(root)).toEqual({ '@x/metrics': '1.2.3' });
  });

  it('refuses to write the manifest of a package that was not built', () => {
    const { dir, manifest } = workspace();
    expect(() => writePublishedManifest(dir)).toThrow(/not built, missing \.\/dist\/index\.js/);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(manifest);
  });

  it('writes the published manifest for packing and puts the workspace one back, even after an interrupted pack', () => {
    const { dir, manifest } = workspace();
    writeFileSync(join(dir, 'dist', 'index.js'), 'export {};\n');
    writePublishedManifest(dir);
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({
      exports: './dist/index.js',
      dependencies: { luxon: '~3.7.2' },
    });
    // A second prepack without postpack starts again from the workspace manifest.
    writePublishedManifest(dir);
    expect(readFileSync(join(dir, WORKSPACE_MANIFEST), 'utf8')).toBe(manifest);
    restoreWorkspaceManifest(dir);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(manifest);
  });
});
