/** What `__sightline.waitRef(handle)` answers (page/wait-checks.ts): the wire shape, declared on the Node side. */
export type RefWaitState = 'gone' | { visible: boolean; enabled: boolean; checked: boolean };
