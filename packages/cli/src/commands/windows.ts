import type { CliIo } from '../cli-io.js';
import { emitResult, type GlobalOptions } from '../program/emit.js';
import { withInProcessDriver } from './in-process.js';

/** `sightline windows`: the native browser windows this platform sees, for `bind --pid --window`. */
export async function runWindows(io: CliIo, globals: GlobalOptions): Promise<number> {
  const result = await withInProcessDriver((driver) => driver.listBrowserWindows({ session: globals.session }));
  return emitResult(io, globals, result);
}
