/** Accessibility states the outline can print (SPEC §4), as the accessibility tree reports them. */
export interface NodeStates {
  checked?: boolean | 'mixed';
  disabled?: boolean;
  expanded?: boolean;
  focused?: boolean;
  selected?: boolean;
  pressed?: boolean | 'mixed';
  required?: boolean;
  level?: number;
  invalid?: boolean;
}

export const STATE_ORDER = [
  'checked',
  'disabled',
  'expanded',
  'focused',
  'selected',
  'pressed',
  'required',
  'level',
  'invalid',
] as const satisfies readonly (keyof NodeStates)[];
