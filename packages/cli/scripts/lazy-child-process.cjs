// commander requires node:child_process when it loads, for executable subcommands, which sightline
// does not use; loading it (with net, dgram and the stream internals) cost every CLI call ~10 ms.
// The bundle gives commander this stand-in, which loads the real module on first use.
'use strict';
let real;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose: required lazily, on first use
module.exports = new Proxy({}, { get: (_, key) => (real ??= require('node:child_process'))[key] });
