/** A page the benchmark measures, with the visible targets every tool's output should contain. */
export interface BenchPage {
  /** Stable id used in results, e.g. `inbox-25000`, `mail-app`, `data-table`. */
  id: string;
  /** Human label for tables and charts. */
  label: string;
  /** `inbox`: the SPEC §8 size series; `app`: the harness mail client; `site`: a real-site look-alike. */
  kind: 'inbox' | 'app' | 'site';
  url: string;
  /**
   * Strings that are on screen (in the 1280×800 viewport) right after load. A tool's output
   * "holds what is on screen" when each of them appears in it.
   */
  targets: string[];
}
