/** ANSI styling that collapses to plain text when colour is off. */
export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
}

function wrap(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity = (text: string): string => text;

export const plainPalette: Palette = { bold: identity, dim: identity, cyan: identity, green: identity, yellow: identity, red: identity };

export const ansiPalette: Palette = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  cyan: wrap(36, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  red: wrap(31, 39),
};

/** Colour only on a TTY, never with NO_COLOR set (https://no-color.org), always with FORCE_COLOR. */
export function useColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== '') return true;
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

export function paletteFor(stream: { isTTY?: boolean }, env?: Record<string, string | undefined>): Palette {
  return useColor(stream, env) ? ansiPalette : plainPalette;
}
