import { describe, expect, it } from 'vitest';
import { decodeCardinalList, decodeFrameExtents, decodeLatin1, decodeUtf8, decodeWmClass } from '../src/index.js';

function words(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeUInt32LE(value, index * 4));
  return buffer;
}

describe('X11 property decoders', () => {
  it('decodes format-32 lists', () => {
    expect(decodeCardinalList(words(0x400002, 0x600007))).toEqual([0x400002, 0x600007]);
    expect(decodeCardinalList(Buffer.alloc(0))).toEqual([]);
  });

  it('decodes titles', () => {
    expect(decodeUtf8(Buffer.from('Mail — Inbox\0', 'utf8'))).toBe('Mail — Inbox');
    expect(decodeLatin1(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });

  it('decodes WM_CLASS instance and class', () => {
    expect(decodeWmClass(Buffer.from('chromium (/tmp/ud87)\0Chromium\0', 'latin1'))).toEqual({
      instance: 'chromium (/tmp/ud87)',
      className: 'Chromium',
    });
    expect(decodeWmClass(Buffer.alloc(0))).toBeNull();
  });

  it('decodes frame extents', () => {
    expect(decodeFrameExtents(words(1, 2, 24, 3))).toEqual({ left: 1, right: 2, top: 24, bottom: 3 });
    expect(decodeFrameExtents(words(1, 2))).toBeNull();
  });
});
