// The browser tests' mailbox: a real SMTP server on loopback, its mails readable over HTTP.
// Usage: tsx src/test-support/mail-sink-cli.ts <smtp port> <http port>
import { serveMails, startMailSink } from './mail-sink';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const sink = await startMailSink(smtpPort);
await serveMails(sink, httpPort!);
console.info(`mail sink: SMTP on 127.0.0.1:${sink.smtpPort}, mails at http://127.0.0.1:${httpPort}/mails`);
