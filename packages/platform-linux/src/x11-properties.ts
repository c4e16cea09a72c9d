/**
 * Pure decoders for X11 property payloads. The client connects little-endian ('l' byte order),
 * so 32-bit items arrive little-endian.
 */

/** A format-32 list (WINDOW[], CARDINAL[], ATOM[]). */
export function decodeCardinalList(data: Buffer): number[] {
  const values: number[] = [];
  for (let offset = 0; offset + 4 <= data.length; offset += 4) values.push(data.readUInt32LE(offset));
  return values;
}

export function decodeCardinal(data: Buffer): number | null {
  return data.length >= 4 ? data.readUInt32LE(0) : null;
}

/** UTF8_STRING (possibly NUL-terminated). */
export function decodeUtf8(data: Buffer): string {
  return data.toString('utf8').replace(/\0+$/, '');
}

/** STRING is ISO-8859-1 by the ICCCM. */
export function decodeLatin1(data: Buffer): string {
  return data.toString('latin1').replace(/\0+$/, '');
}

/** WM_CLASS is two NUL-terminated strings, instance then class. */
export function decodeWmClass(data: Buffer): { instance: string; className: string } | null {
  const parts = data.toString('latin1').split('\0');
  const instance = parts[0] ?? '';
  const className = parts[1] ?? '';
  if (!instance && !className) return null;
  return { instance, className };
}

/** _NET_FRAME_EXTENTS: left, right, top, bottom. */
export function decodeFrameExtents(data: Buffer): { left: number; right: number; top: number; bottom: number } | null {
  const [left, right, top, bottom] = decodeCardinalList(data);
  if (left === undefined || right === undefined || top === undefined || bottom === undefined) return null;
  return { left, right, top, bottom };
}
