// Preloaded into the Node-RED process (node --import): its stdin is a pipe from the lane, which
// closes when the lane's process ends however it ends (even SIGKILL of the test runner). Node-RED
// then ends too and removes its fresh user directory: no lane run leaves a server or files behind.
import { rmSync } from 'node:fs';
import { basename } from 'node:path';

const at = process.argv.indexOf('--userDir');
const userDir = at > 0 ? process.argv[at + 1] : undefined;
const end = () => {
  // Only the lane's own temporary directory (see node-red-server.ts).
  if (userDir && basename(userDir).startsWith('sightline-node-red-')) rmSync(userDir, { recursive: true, force: true });
  process.exit(0);
};
process.stdin.on('end', end);
process.stdin.on('error', end);
process.stdin.resume();
