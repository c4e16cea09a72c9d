import type { SelectKind, SelectOutcome } from '../wire/action-answers.js';

const norm = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** What `select` means for a node: a native select, an option of one, or a custom listbox. */
export function selectKind(node: Node): SelectKind {
  if (node instanceof HTMLSelectElement) return 'native';
  if (node instanceof HTMLOptionElement) return 'option';
  return 'custom';
}

function matches(option: HTMLOptionElement, value: string): boolean {
  return option.value === value || norm(option.label) === norm(value) || norm(option.textContent) === norm(value);
}

/**
 * Chooses options of a `<select>` by value, else label, else text, then fires `input` and `change`
 * like a user's choice. On an `<option>` (SPEC §6 decision): every value must name that option,
 * which is then chosen through its select.
 */
export function selectOptions(node: Node, values: string[]): SelectOutcome {
  let select: HTMLSelectElement | null;
  let picked: HTMLOptionElement[] = [];
  const missing: string[] = [];
  if (node instanceof HTMLOptionElement) {
    select = node.parentElement?.closest('select') ?? null;
    if (!select) return { notSelect: true };
    for (const value of values) if (!matches(node, value)) missing.push(value);
    if (node.disabled) missing.push(...values);
    picked = [node];
  } else if (node instanceof HTMLSelectElement) {
    select = node;
    const options = Array.from(select.options);
    for (const value of values) {
      const option = options.find((o) => o.value === value) ?? options.find((o) => norm(o.label) === norm(value)) ?? options.find((o) => norm(o.textContent) === norm(value));
      if (!option || option.disabled) missing.push(value);
      else if (!picked.includes(option)) picked.push(option);
    }
  } else {
    return { notSelect: true };
  }
  if (missing.length > 0) return { missing: [...new Set(missing)] };
  if (!select.multiple && picked.length > 1) return { tooMany: true };
  const options = Array.from(select.options);
  const before = options.map((o) => o.selected);
  if (select.multiple) for (const o of options) o.selected = picked.includes(o);
  else select.selectedIndex = options.indexOf(picked[0]!);
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return { changed: options.some((o, i) => o.selected !== before[i]) };
}

/** The `[role=option]` elements inside a custom listbox (through open shadow roots), in document order. */
function ariaOptions(listbox: Node): Element[] {
  const all: Element[] = [];
  const visit = (root: Element | ShadowRoot | Document): void => {
    for (const element of root.querySelectorAll('*')) {
      if (element.getAttribute('role') === 'option') all.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  if (listbox instanceof Element || listbox instanceof Document) visit(listbox);
  return all;
}

function findAriaOption(all: Element[], value: string): Element | undefined {
  return (
    all.find((o) => o.getAttribute('data-value') === value || o.getAttribute('value') === value) ??
    all.find((o) => norm(o.getAttribute('aria-label')) === norm(value)) ??
    all.find((o) => norm(o.textContent) === norm(value))
  );
}

/** Values that name no enabled option of a custom listbox. */
export function missingOptions(listbox: Node, values: string[]): string[] {
  const all = ariaOptions(listbox);
  return values.filter((value) => {
    const option = findAriaOption(all, value);
    return !option || option.getAttribute('aria-disabled') === 'true';
  });
}

/** The enabled options of a custom listbox that `values` name, in the order of `values`. */
export function optionElements(listbox: Node, values: string[]): Element[] {
  const all = ariaOptions(listbox);
  const picked: Element[] = [];
  for (const value of values) {
    const option = findAriaOption(all, value);
    if (option && option.getAttribute('aria-disabled') !== 'true') picked.push(option);
  }
  return picked;
}
