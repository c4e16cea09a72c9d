import { startDemoServer } from '@sightline/demo-app';
import { measureCliOverhead } from './cli-overhead.js';

/** `node bench/dist/cli-overhead-main.js [runs]`: only the CLI overhead row, printed as JSON. */
const runs = Number(process.argv[2] ?? 15);
const fixture = await startDemoServer();
try {
  console.log(JSON.stringify(await measureCliOverhead(fixture.urls.app, runs), null, 2));
} finally {
  await fixture.close();
}
