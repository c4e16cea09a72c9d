import type { BenchPage } from '../pages/types.js';

export interface ToolContext {
  /** `http://127.0.0.1:<port>` of the shared Chromium. */
  httpEndpoint: string;
  /** Browser-level `ws://…/devtools/browser/<id>`. */
  wsEndpoint: string;
  port: number;
  page: BenchPage;
  /** CDP target id of the one page tab that shows `page` (the browser has no other page tab). */
  targetId: string;
  /** URL the tab actually shows (after redirects). */
  tabUrl: string;
}

export interface Capture {
  /** What the caller (an agent) receives: the text whose size and content are scored. */
  text: string;
  /** Tool-specific facts kept for the report (e.g. Sightline's timing_ms and omitted counts). */
  detail?: Record<string, unknown>;
}

export interface ToolSession {
  /** One snapshot. `timeoutMs` lets tools that can cancel do so; the runner also races a timer. */
  snapshot(timeoutMs: number): Promise<Capture>;
  close(): Promise<void>;
}

export interface BenchTool {
  id: string;
  label: string;
  /** One line for the README/report: exactly what is called. */
  invocation: string;
  /** null when the tool can run here; otherwise why it cannot (recorded, never faked). */
  probe(): Promise<string | null>;
  open(context: ToolContext): Promise<ToolSession>;
}
