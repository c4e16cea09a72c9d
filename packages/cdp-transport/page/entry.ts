// Entry of the in-page collector, bundled by scripts/bundle-page-script.mjs into one expression that
// runs in an isolated world (Page.createIsolatedWorld) and leaves `globalThis.__sightline`.
import { Collector } from './collector.js';

declare global {
  var __sightline: Collector | undefined;
}

if (!globalThis.__sightline) globalThis.__sightline = new Collector();
