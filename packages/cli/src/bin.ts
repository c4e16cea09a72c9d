#!/usr/bin/env node
import { main } from './main.js';

// `sightline snapshot | head` closes the pipe early; that is not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

// No top-level await: the bundled bin is CommonJS (see scripts/bundle-client.mjs).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
