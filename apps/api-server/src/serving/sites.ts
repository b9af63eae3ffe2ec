import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadBuiltApp, type BuiltApp } from './built-app';

/**
 * Which built app answers where. `CGM_APPS` lists `<app>@<port>` or `<app>@<host name>`, comma-
 * separated, e.g. `human-16-lang@5171,pet-english@5173` (a listener per port) or
 * `human-16-lang@cgm.example.org,pet-english@paws.example.org` (one listener, chosen by the
 * Host header, as behind a reverse proxy). Every listener also answers the API on its own
 * origin, so an app and its API are one origin, as uploaders and the CSP expect.
 */
export interface SiteRule {
  app: string;
  port?: number;
  host?: string;
}

const APP_ID = /^[a-z0-9][a-z0-9-]*$/;

export function parseSites(value: string | undefined): SiteRule[] {
  if (!value?.trim()) return [];
  return value.split(',').map((entry) => {
    const [app, where, extra] = entry.trim().split('@');
    if (!app || !where || extra !== undefined || !APP_ID.test(app)) {
      throw new Error(`CGM_APPS: "${entry.trim()}" is not <app>@<port> or <app>@<host name>`);
    }
    if (/^\d+$/.test(where)) {
      const port = Number(where);
      // 0 picks a free port, as PORT=0 does (tests); the chosen one is printed.
      if (port > 65535) throw new Error(`CGM_APPS: port ${where} is out of range`);
      return { app, port };
    }
    if (!/^[a-z0-9.-]+$/i.test(where)) throw new Error(`CGM_APPS: "${where}" is not a host name`);
    return { app, host: where.toLowerCase() };
  });
}

export interface Sites {
  /** The extra ports to listen on, each with its one app. */
  ports: Map<number, BuiltApp>;
  /** Host name → app, on the main port. */
  hosts: Map<string, BuiltApp>;
}

/** Loads every named app's `dist/` from `appsDir/<app>/dist`. */
export function loadSites(rules: SiteRule[], appsDir: string): Sites {
  const loaded = new Map<string, BuiltApp>();
  const load = (app: string) => {
    let built = loaded.get(app);
    if (!built) {
      const dist = join(appsDir, app, 'dist');
      if (!existsSync(dist)) throw new Error(`CGM_APPS names ${app}, but ${dist} does not exist: build it first`);
      built = loadBuiltApp(app, dist);
      loaded.set(app, built);
    }
    return built;
  };
  const sites: Sites = { ports: new Map(), hosts: new Map() };
  for (const rule of rules) {
    if (rule.port !== undefined) sites.ports.set(rule.port, load(rule.app));
    else sites.hosts.set(rule.host!, load(rule.app));
  }
  return sites;
}

/** Paths the server answers itself, on every listener: the API, Nightscout's extras, health. */
export function isServerPath(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/pebble' ||
    pathname.startsWith('/socket.io/') ||
    pathname === '/healthz' ||
    pathname === '/readyz' ||
    pathname === '/metrics'
  );
}

/** The app a request on the main port is for, by its Host header (port stripped). */
export function appForHost(sites: Sites, hostHeader: string | null | undefined): BuiltApp | undefined {
  if (!hostHeader) return undefined;
  const host = hostHeader.replace(/:\d+$/, '').toLowerCase();
  return sites.hosts.get(host);
}
