// Runs inside the test's network namespace (remote-link.spec.ts): Chromium 156 ignores
// --remote-debugging-address and listens on the namespace's loopback only, so this forwards
// <listen host>:<listen port> to 127.0.0.1:<DevTools port>, as a browser farm's proxy does. It also
// serves the one test page on the namespace's loopback. Usage:
//   node netns-forwarder.mjs <listen host> <listen port> <devtools port> <page port>
import { createServer as createTcpServer, connect } from 'node:net';
import { createServer as createHttpServer } from 'node:http';

const [host, listenPort, devtoolsPort, pagePort] = process.argv.slice(2);

createTcpServer((client) => {
  const upstream = connect(Number(devtoolsPort), '127.0.0.1');
  client.pipe(upstream).pipe(client);
  // Either side gone: the other goes too (a killed browser closes its clients' sockets).
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', end).on('close', end);
  upstream.on('error', end).on('close', end);
}).listen(Number(listenPort), host, () => process.stdout.write('forwarding\n'));

const PAGE = '<!doctype html><title>Remote</title><h1>Remote browser</h1><button>Go</button><input aria-label="Note">';
createHttpServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
}).listen(Number(pagePort), '127.0.0.1');
