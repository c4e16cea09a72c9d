import { afterAll, beforeAll, expect } from 'vitest';
import { expectLanded, laneTask, startLane, type Lane } from '../src/lane.js';
import { startTodoMvc } from '../src/servers/todomvc-server.js';

/**
 * TodoMVC (npm `todomvc`, the VanillaJS implementation): add, complete, filter, rename by
 * double-click, delete through the "×" that only shows while the row is hovered, and targets
 * below the first screen. End states are read from the app's DOM and its localStorage over the
 * side channel; every action's event target is checked by the capture-phase recorder.
 */
const APP = 'todomvc';
let lane: Lane;
let app: Awaited<ReturnType<typeof startTodoMvc>>;

beforeAll(async () => {
  app = await startTodoMvc();
  lane = await startLane('apps-todomvc');
});
afterAll(async () => {
  await lane?.close();
  await app?.close();
});

const STORE = 'todos-vanillajs';

/** Test setup, not an agent action: opens the app with exactly these todos (through its own storage). */
async function openWith(todos: Array<{ title: string; completed?: boolean }>): Promise<void> {
  await lane.open(app.vanilla);
  const data = JSON.stringify({ todos: todos.map((todo, index) => ({ id: index + 1, title: todo.title, completed: todo.completed ?? false })) });
  // The marker lives in the document being replaced: the wait below ends only in the reloaded one
  // (with no todos, the old document met the rest of the condition before the reload had begun).
  await lane.side.evaluate(`localStorage.setItem(${JSON.stringify(STORE)}, ${JSON.stringify(data)}); window.__beforeReload = true; location.hash = ''; location.reload(); 1`);
  // The "learn" sidebar comes from an XHR after load (todomvc-common's base.js) and moves the whole
  // app when it lands: a pointer left on a row would then be over <body>. Wait for it too.
  await lane.side.waitFor(`!window.__beforeReload && document.readyState === 'complete' && document.body.classList.contains('learn-bar') && document.querySelectorAll('#todo-list li').length === ${todos.length}`, 'the seeded todos and the learn sidebar');
}

const stored = () => lane.side.evaluate<Array<{ title: string; completed: boolean }>>(`JSON.parse(localStorage.getItem(${JSON.stringify(STORE)})).todos`);
const rowOf = (title: string) => `[...document.querySelectorAll('#todo-list li')].find((li) => li.querySelector('label').textContent === ${JSON.stringify(title)})`;

laneTask(APP, 'add a todo (type + Enter)', () => lane, async () => {
  await openWith([]);
  const field = await lane.find('textbox', 'What needs to be done?');
  await lane.side.expectTarget('new', `document.getElementById('new-todo')`);
  await lane.act('browser_type', { ref: field.ref, text: 'buy milk', submit: true });
  await lane.side.waitFor(`document.querySelectorAll('#todo-list li').length === 1`, 'one todo in the list');
  await expectLanded(lane.side, 'input', 'new');
  expect(await stored()).toEqual([expect.objectContaining({ title: 'buy milk', completed: false })]);
});

laneTask(APP, 'complete a todo (checkbox drawn by ::after)', () => lane, async () => {
  await openWith([{ title: 'buy milk' }, { title: 'walk the dog' }]);
  const toggle = await lane.findNear('walk the dog', 'checkbox');
  await lane.side.expectTarget('toggle', `${rowOf('walk the dog')}.querySelector('.toggle')`);
  await lane.act('browser_click', { ref: toggle.ref });
  await lane.side.waitFor(`${rowOf('walk the dog')}.classList.contains('completed')`, '"walk the dog" completed');
  await expectLanded(lane.side, 'click', 'toggle');
  expect(await stored()).toEqual([
    expect.objectContaining({ title: 'buy milk', completed: false }),
    expect.objectContaining({ title: 'walk the dog', completed: true }),
  ]);
});

laneTask(APP, 'filter to Active (link)', () => lane, async () => {
  await openWith([{ title: 'buy milk' }, { title: 'walk the dog', completed: true }]);
  const active = await lane.find('link', 'Active');
  await lane.side.expectTarget('filter', `[...document.querySelectorAll('#filters a')].find((a) => a.textContent === 'Active')`);
  await lane.act('browser_click', { ref: active.ref });
  await lane.side.waitFor(`location.hash === '#/active'`, 'the #/active route');
  await expectLanded(lane.side, 'click', 'filter');
  await lane.side.waitFor(`document.querySelectorAll('#todo-list li').length === 1`, 'only the active todo listed');
  expect(await lane.side.evaluate<string[]>(`[...document.querySelectorAll('#todo-list li label')].map((l) => l.textContent)`)).toEqual(['buy milk']);
});

laneTask(APP, 'rename a todo (double-click, retype, Enter)', () => lane, async () => {
  await openWith([{ title: 'buy milk' }, { title: 'walk the dog' }]);
  // The todo's title (a <label> of no control) is the ref holding the text: double-click it, as a user would.
  const title = await lane.findHolding('buy milk');
  await lane.side.expectTarget('label', `${rowOf('buy milk')}.querySelector('label')`);
  await lane.act('browser_click', { ref: title.ref, double: true });
  await lane.side.waitFor(`document.querySelector('#todo-list li.editing .edit')`, 'the row in edit mode');
  await expectLanded(lane.side, 'dblclick', 'label');
  // Edit mode: the title became a focused text field holding the old title.
  const editor = await lane.findBy('the focused textbox', (shot) => shot.refs.find((ref) => ref.role === 'textbox' && ref.states?.focused === true && ref.value === 'buy milk'));
  await lane.side.expectTarget('edit', `document.querySelector('#todo-list li.editing .edit')`);
  await lane.act('browser_type', { ref: editor.ref, text: 'buy oat milk', replace: true, submit: true });
  await lane.side.waitFor(`!document.querySelector('#todo-list li.editing')`, 'edit mode closed');
  await expectLanded(lane.side, 'input', 'edit');
  expect((await stored()).map((todo) => todo.title)).toEqual(['buy oat milk', 'walk the dog']);
});

laneTask(APP, 'delete a todo (× shown only on row hover)', () => lane, async () => {
  await openWith([{ title: 'buy milk' }, { title: 'walk the dog' }]);
  // The "×" is display:none until the row is hovered: point at the row (its checkbox), then look again.
  const toggle = await lane.findNear('walk the dog', 'checkbox');
  await lane.side.expectTarget('row', rowOf('walk the dog'));
  await lane.act('browser_hover', { ref: toggle.ref });
  await expectLanded(lane.side, 'mouseover', 'row');
  const destroy = await lane.findNear('walk the dog', 'button');
  await lane.side.expectTarget('destroy', `${rowOf('walk the dog')}.querySelector('.destroy')`);
  await lane.act('browser_click', { ref: destroy.ref });
  await lane.side.waitFor(`document.querySelectorAll('#todo-list li').length === 1`, 'one todo left');
  await expectLanded(lane.side, 'click', 'destroy');
  expect((await stored()).map((todo) => todo.title)).toEqual(['buy milk']);
});

const MANY = Array.from({ length: 40 }, (_, index) => ({ title: `errand ${index + 1}`, completed: index % 3 === 0 }));

laneTask(APP, 'complete a todo below the first screen', () => lane, async () => {
  await openWith(MANY);
  expect(await lane.side.evaluate<boolean>(`${rowOf('errand 38')}.getBoundingClientRect().top > innerHeight`)).toBe(true);
  const toggle = await lane.findNear('errand 38', 'checkbox');
  await lane.side.expectTarget('toggle', `${rowOf('errand 38')}.querySelector('.toggle')`);
  await lane.act('browser_click', { ref: toggle.ref });
  await lane.side.waitFor(`${rowOf('errand 38')}.classList.contains('completed')`, '"errand 38" completed');
  await expectLanded(lane.side, 'click', 'toggle');
  expect((await stored()).filter((todo) => todo.completed).map((todo) => todo.title)).toContain('errand 38');
});

laneTask(APP, 'clear completed (button below the first screen)', () => lane, async () => {
  await openWith(MANY);
  const clear = await lane.find('button', /^Clear completed/);
  await lane.side.expectTarget('clear', `document.getElementById('clear-completed')`);
  await lane.act('browser_click', { ref: clear.ref });
  await lane.side.waitFor(`document.querySelectorAll('#todo-list li').length === ${MANY.filter((todo) => !todo.completed).length}`, 'completed todos gone');
  await expectLanded(lane.side, 'click', 'clear');
  expect((await stored()).every((todo) => !todo.completed)).toBe(true);
});
