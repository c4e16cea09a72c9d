// Test-support surface: hand-written capture builders and the synthetic inbox generator.
export * from './capture-builder.js';
export * from './synthetic-capture.js';
export * from './test-namer.js';
