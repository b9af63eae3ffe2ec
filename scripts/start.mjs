// Starts the api-server (seeding demo data into an empty SQLite file), which also serves the
// three variant apps from their production builds. Prints every URL; Ctrl+C stops everything.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 8787);
const apiTarget = `http://127.0.0.1:${apiPort}`;
const apps = [
  { id: 'human-16-lang', port: 5171, about: 'people, 16 languages' },
  { id: 'human-7-lang', port: 5172, about: 'people, 7 languages, Chinese by default' },
  { id: 'pet-english', port: 5173, about: 'cats and dogs, English' },
];

const children = [];
function run(name, command, args, options, { optional = false } = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${name}] `;
  const forward = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) out.write(prefix + line + '\n');
    });
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (optional && !stopping) return void console.error(`${prefix}exited with code ${code}; the rest keeps running`);
    if (!stopping) {
      console.error(`${prefix}exited with code ${code}; stopping the rest`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// One Node process serves the API and the three production builds, each app on its own port
// (CGM_APPS; see apps/api-server/README.md, "Configuration"). No dev server is involved.
run('api', process.execPath, ['dist/main.js'], {
  cwd: join(root, 'apps/api-server'),
  env: {
    ...process.env,
    PORT: String(apiPort),
    CGM_SEED: process.env.CGM_SEED ?? '1',
    CGM_APPS: process.env.CGM_APPS ?? apps.map((app) => `${app.id}@${app.port}`).join(','),
  },
});

// The CGM simulator uploads a reading every 5 minutes for the demo member and the pet through
// the Nightscout API, as their phones would (CGM_SIMULATOR=0: off; CGM_SIM_SPEEDUP=10: every 30 s).
const simulating = process.env.CGM_SIMULATOR !== '0';
if (simulating) {
  run('simulator', process.execPath, ['dist/simulator.js'], { cwd: join(root, 'apps/api-server'), env: { ...process.env, CGM_SIM_API: apiTarget } }, { optional: true });
}

setTimeout(() => {
  console.info('\nCGM Portal is running:');
  console.info(`  api-server      ${apiTarget}/api`);
  for (const app of apps) console.info(`  ${app.id.padEnd(15)} http://127.0.0.1:${app.port}/   (${app.about})`);
  if (simulating) console.info('  simulator       a reading every 5 minutes for demo@ and pet@; `pnpm simulate:episode` shows an urgent low');
  console.info('\nDemo logins are printed by [api] above and listed in README.md. Ctrl+C stops everything.\n');
}, 2500);
