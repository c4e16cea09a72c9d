import type { PageCapture } from '../model/page-capture.js';
import type { ClassifiedPage } from '../compose/compose-types.js';
import { classifyTable } from './classify-table.js';
import { tableClassifiedPage } from './classified-page.js';

/**
 * classify → rank for a whole capture: one O(n) pass into a `NodeTable` (see classify-table.ts),
 * read through a page that makes `SemanticNode` objects only for the nodes asked for.
 */
export function classifyPage(capture: PageCapture): ClassifiedPage {
  return tableClassifiedPage(capture, classifyTable(capture));
}
