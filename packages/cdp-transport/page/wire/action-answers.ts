// Wire shapes of the action path's page methods (page/actions/ → src/actions/).

export interface PlainDescription {
  role: string;
  name: string;
}

export type ProbeReading = 'changed' | 'unchanged' | 'unknown';

export type SelectKind = 'native' | 'option' | 'custom';

/** `missing`: values matching no option (nothing changed); `tooMany`: several for a single select. */
export type SelectOutcome = { missing: string[] } | { tooMany: true } | { notSelect: true } | { changed: boolean };

export interface Activation {
  key: 'Enter' | 'Space';
  /** An ARIA-role control: the page's key handling decides what the key does. */
  custom: boolean;
}

/** What `waitRef(handle)` answers (page/wait-checks.ts → src/wait/). */
export type RefWaitState = 'gone' | { visible: boolean; enabled: boolean; checked: boolean };
