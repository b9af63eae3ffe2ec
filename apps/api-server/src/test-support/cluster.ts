import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, type ApiClient, type ApiClientOptions } from '@cgm-portal/api-client';
import { DEMO_PASSWORD } from '../seed';
import { createTestDatabase, launch, terminate } from './server';

/**
 * Several api-servers on one PostgreSQL database behind a small round-robin proxy, as a
 * deployment runs them behind nginx. The proxy sends each request to the next live server and,
 * when a server refuses or drops the connection before answering, to the next one (nginx's
 * `proxy_next_upstream error`): a client of a dead server is carried over to a living one.
 */
export interface ServerNode {
  name: string;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
  output(): string;
}

export interface Cluster {
  /** The proxy's address: what clients use. */
  baseUrl: string;
  nodes: ServerNode[];
  databaseUrl: string;
  /** Requests the proxy sent to each node, by name. */
  served: Map<string, number>;
  /** Requests the proxy carried over to another node after a connection failure. */
  retried(): number;
  client(options?: ApiClientOptions & { baseUrl?: string }): ApiClient & { token: { value: string | null } };
  signIn(email: string, loginType: 2 | 3, options?: { baseUrl?: string }): Promise<ApiClient & { token: { value: string | null } }>;
  /** SIGKILL: no draining, no goodbye, as a crashed machine. */
  kill(name: string): void;
  /** Starts a killed server again on the same database (a new port); the proxy sends to it again. */
  revive(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `count` servers on a fresh PostgreSQL database (CGM_TEST_DATABASE_URL). The first seeds
 * the demo data; the others start after it, on the same database, seeding nothing.
 */
export async function startCluster(count = 2, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Cluster> {
  const database = await createTestDatabase();
  if (!database) throw new Error('a cluster needs PostgreSQL: set CGM_TEST_DATABASE_URL');
  const nodes: ServerNode[] = [];
  const nodeEnv = (seed: boolean) => ({ DATABASE_URL: database.url, CGM_SEED: seed ? '1' : '0', CGM_TRUST_PROXY_HOPS: '1', ...env });
  for (let i = 0; i < count; i++) {
    const name = String.fromCharCode(65 + i);
    const dataDir = mkdtempSync(join(tmpdir(), `cgm-node-${name}-`));
    const started = await launch(dataDir, nodeEnv(i === 0), nodeArgs);
    nodes.push({ name, port: started.port, baseUrl: `http://127.0.0.1:${started.port}`, child: started.child, dataDir, output: started.output });
  }
  const proxy = await startProxy(nodes);
  const client: Cluster['client'] = (options = {}) => {
    const token = { value: null as string | null };
    const api = createApiClient({
      getToken: () => token.value,
      getLanguage: () => 'en',
      getTimeZone: () => 'Europe/London',
      ...options,
      baseUrl: options.baseUrl ?? proxy.baseUrl,
    });
    return Object.assign(api, { token });
  };
  return {
    baseUrl: proxy.baseUrl,
    nodes,
    databaseUrl: database.url,
    served: proxy.served,
    retried: () => proxy.retried,
    client,
    async signIn(email, loginType, options = {}) {
      const api = client(options);
      const answer = await api.login({ loginType, email, password: await api.encryptPassword(DEMO_PASSWORD) });
      if (!answer.item) throw new Error(`login of ${email} answered ${answer.code} ${answer.message}`);
      api.token.value = answer.item.token;
      return api;
    },
    kill(name) {
      nodes.find((n) => n.name === name)!.child.kill('SIGKILL');
    },
    async revive(name) {
      const node = nodes.find((n) => n.name === name)!;
      const started = await launch(node.dataDir, nodeEnv(false), nodeArgs);
      Object.assign(node, { port: started.port, baseUrl: `http://127.0.0.1:${started.port}`, child: started.child, output: started.output });
      proxy.down.delete(name);
    },
    async stop() {
      proxy.server.closeAllConnections();
      await new Promise((resolve) => proxy.server.close(resolve));
      // Graceful stop (its drain is 15 s at most); one still running after 45 s is killed, with its log shown.
      await Promise.all(
        nodes
          .filter((n) => n.child.exitCode === null && n.child.signalCode === null)
          .map(async (n) => {
            if ((await terminate(n.child, 45_000)) === 'killed') console.warn(`server ${n.name} did not stop within 45 s of SIGTERM; killed. Its last output:\n${n.output().slice(-3000)}`);
          }),
      );
      for (const n of nodes) rmSync(n.dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

async function startProxy(nodes: ServerNode[]) {
  const served = new Map<string, number>(nodes.map((n) => [n.name, 0]));
  const down = new Set<string>();
  let next = 0;
  const state = { retried: 0 };

  const forward = (incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, tries: number) => {
    const live = nodes.filter((n) => !down.has(n.name));
    const node = live[next++ % Math.max(live.length, 1)];
    if (!node || tries > nodes.length) {
      outgoing.writeHead(502).end();
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: node.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '127.0.0.1' },
      },
      (answer) => {
        served.set(node.name, (served.get(node.name) ?? 0) + 1);
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        // A server that dies mid-answer: the client sees a cut answer, as behind a real proxy.
        answer.on('error', () => outgoing.destroy());
      },
    );
    upstream.on('error', () => {
      if (outgoing.headersSent) return outgoing.destroy();
      // Refused or reset before an answer: this node is gone; carry the request over.
      if (node.child.exitCode !== null || node.child.signalCode !== null) down.add(node.name);
      state.retried++;
      forward(incoming, body, outgoing, tries + 1);
    });
    upstream.end(body);
  };

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), outgoing, 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    down,
    get retried() {
      return state.retried;
    },
  };
}
