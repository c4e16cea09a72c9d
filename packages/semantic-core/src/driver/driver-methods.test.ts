import { describe, expectTypeOf, it } from 'vitest';
import type { ActionResponse, Failure, SnapshotResponse, BindResponse } from '../contract/responses.js';
import type { TabsResponse } from '../contract/tabs.js';
import type { DriverAnswer, DriverMethod } from './driver-methods.js';

// Checked by `pnpm typecheck`: the one Driver type answers with the contract's response types.
describe('DriverMethod and DriverAnswer', () => {
  it('name every verb but close, with real result types', () => {
    expectTypeOf<'close'>().not.toExtend<DriverMethod>();
    expectTypeOf<'snapshot' | 'click' | 'bind' | 'tabs' | 'listTabs'>().toExtend<DriverMethod>();
    expectTypeOf<DriverAnswer<'snapshot'>>().toEqualTypeOf<SnapshotResponse | Failure>();
    expectTypeOf<DriverAnswer<'click'>>().toEqualTypeOf<ActionResponse | Failure>();
    expectTypeOf<DriverAnswer<'bind'>>().toEqualTypeOf<BindResponse | Failure>();
    expectTypeOf<DriverAnswer<'tabs'>>().toEqualTypeOf<TabsResponse | Failure>();
  });
});
