import { describe, expect, it } from 'vitest';
import { requestStrategy, shellCacheName, staleCaches } from './shell-cache';

const origin = 'http://127.0.0.1:5171';
const shell = new Set(['/', '/assets/index-abc.js', '/manifest.webmanifest']);
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('requestStrategy', () => {
  it('serves pages network-first and the built files from the cache', () => {
    expect(requestStrategy(get('/home', 'navigate'), origin, shell)).toBe('page');
    expect(requestStrategy(get('/report/agp?from=1', 'navigate'), origin, shell)).toBe('page');
    expect(requestStrategy(get('/assets/index-abc.js'), origin, shell)).toBe('shell');
  });

  it('never answers data from the cache: the API, live stream and sockets go to the network', () => {
    expect(requestStrategy(get('/api/live'), origin, shell)).toBe('network');
    expect(requestStrategy(get('/api/v1/entries.json', 'navigate'), origin, shell)).toBe('network');
    expect(requestStrategy(get('/socket.io/?EIO=4'), origin, shell)).toBe('network');
    expect(requestStrategy(get('/pebble'), origin, shell)).toBe('network');
    expect(requestStrategy({ method: 'POST', url: `${origin}/assets/index-abc.js`, mode: 'cors' }, origin, shell)).toBe('network');
  });

  it('leaves other origins and files outside the shell alone', () => {
    expect(requestStrategy({ method: 'GET', url: 'https://files.example/a.png', mode: 'no-cors' }, origin, shell)).toBe('network');
    expect(requestStrategy(get('/assets/old-build.js'), origin, shell)).toBe('network');
  });
});

describe('staleCaches', () => {
  it('drops the shells of older builds and nothing of anyone else', () => {
    const current = shellCacheName('human-16-lang-new');
    expect(staleCaches([shellCacheName('human-16-lang-old'), current, 'other-app-cache'], current)).toEqual([shellCacheName('human-16-lang-old')]);
  });
});
