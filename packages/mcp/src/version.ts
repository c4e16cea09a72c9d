import { createRequire } from 'node:module';

const manifest = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

export const SERVER_NAME = 'sightline';
export const SERVER_VERSION: string = manifest.version;
