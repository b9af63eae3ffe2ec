// The browser tests' push service: https on loopback with a certificate the server under test
// trusts (NODE_EXTRA_CA_CERTS), and what it received readable over plain HTTP.
// Usage: tsx src/test-support/push-service-cli.ts <https port> <http port> <certificate dir>
import { createServer } from 'node:http';
import { startPushService } from './push-service';

const [pushPort, httpPort] = process.argv.slice(2, 4).map(Number);
const service = await startPushService({ port: pushPort, certificateDir: process.argv[4] });
createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (request.method === 'GET' && url.pathname === '/pushes') {
    const name = url.searchParams.get('name');
    const pushes = (name ? service.pushesTo(name) : service.received).map((p) => ({ ...p, body: p.body.toString('base64') }));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(pushes));
    return;
  }
  if (request.method === 'GET' && url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  response.writeHead(404).end();
}).listen(httpPort, '127.0.0.1', () => console.info(`push service on ${service.origin}, what it received at http://127.0.0.1:${httpPort}/pushes`));
