// Writes the JSON Schema of PageCapture next to the build output, so a team with its own
// collector can validate what it feeds the core without importing TypeScript.
import { writeFileSync } from 'node:fs';
import { pageCaptureJsonSchema } from '../dist/index.js';

const schema = { $id: 'https://sightline.dev/schemas/page-capture.schema.json', title: 'PageCapture', ...pageCaptureJsonSchema() };
writeFileSync(new URL('../dist/page-capture.schema.json', import.meta.url), JSON.stringify(schema, null, 2) + '\n');
