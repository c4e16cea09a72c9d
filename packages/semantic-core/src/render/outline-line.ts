import type { LineRef, OutlineLine } from '../compose/compose-types.js';
import { lineLead } from './outline-format.js';

/** ` [ref=p1:5]` or ` [cref=p1:3]`: the tag that ends a line with a ref (nothing without one). */
export function refTag(ref: LineRef | null): string {
  return ref ? ` [${ref.kind}=${ref.id}]` : '';
}

/** A structured outline line; its text is derived from the fields, once. */
export function outlineLine(node: number, identity: string, depth: number, body: string, ref: LineRef | null): OutlineLine {
  return { node, identity, depth, body, ref, text: `${lineLead(depth)}${body}${refTag(ref)}` };
}

/** The line as it prints without its ref tag: diff context lines and the base of removed ones. */
export function lineWithoutRef(line: OutlineLine): string {
  return `${lineLead(line.depth)}${line.body}`;
}
