import { describe, expect, it } from 'vitest';
import { lifecycleState, modalZIndex, stackReducer, topEntry, type ModalStack } from './stack';

const open = (id: number, name: 'success' | 'wallet' | 'sign-in', props: Record<string, unknown> = {}) =>
  ({ type: 'open', id, name, props, queryKeys: [], opener: null }) as const;

describe('modal stack', () => {
  it('computes z-index 1000 + 2 per position, the backdrop one below its dialog', () => {
    expect(modalZIndex(0)).toEqual({ dialog: 1000, backdrop: 999 });
    expect(modalZIndex(1)).toEqual({ dialog: 1002, backdrop: 1001 });
    expect(modalZIndex(3)).toEqual({ dialog: 1006, backdrop: 1005 });
    // Each layer, backdrop included, sits above the whole layer below it.
    expect(modalZIndex(1).backdrop).toBeGreaterThan(modalZIndex(0).dialog);
  });

  it('stacks modals in opening order and never stacks the same one twice', () => {
    let stack: ModalStack = [];
    stack = stackReducer(stack, open(1, 'wallet'));
    stack = stackReducer(stack, open(2, 'success'));
    expect(stack.map((entry) => entry.name)).toEqual(['wallet', 'success']);
    stack = stackReducer(stack, open(3, 'wallet', { tab: 'withdraw' }));
    expect(stack.map((entry) => [entry.id, entry.name])).toEqual([
      [1, 'wallet'],
      [2, 'success'],
    ]);
    expect(stack[0]?.props).toEqual({ tab: 'withdraw' });
  });

  it('moves through open → opened → closing → closed', () => {
    let stack: ModalStack = stackReducer([], open(1, 'success'));
    expect(lifecycleState(stack, 1)).toBe('open');
    stack = stackReducer(stack, { type: 'opened', id: 1 });
    expect(lifecycleState(stack, 1)).toBe('opened');
    stack = stackReducer(stack, { type: 'close', id: 1 });
    expect(lifecycleState(stack, 1)).toBe('closing');
    // A closing entry does not go back to opened.
    expect(stackReducer(stack, { type: 'opened', id: 1 })).toBe(stack);
    stack = stackReducer(stack, { type: 'closed', id: 1 });
    expect(lifecycleState(stack, 1)).toBe('closed');
    expect(stack).toEqual([]);
  });

  it('opens a new entry of a name whose previous one is closing', () => {
    let stack: ModalStack = stackReducer([], open(1, 'success'));
    stack = stackReducer(stack, { type: 'close', id: 1 });
    stack = stackReducer(stack, open(2, 'success'));
    expect(stack.map((entry) => [entry.id, entry.state])).toEqual([
      [1, 'closing'],
      [2, 'open'],
    ]);
  });

  it('finds the top entry that is not closing', () => {
    let stack: ModalStack = stackReducer([], open(1, 'wallet'));
    stack = stackReducer(stack, open(2, 'success'));
    expect(topEntry(stack)?.id).toBe(2);
    stack = stackReducer(stack, { type: 'close', id: 2 });
    expect(topEntry(stack)?.id).toBe(1);
    expect(topEntry([])).toBeUndefined();
  });

  it('returns the same stack when an action changes nothing', () => {
    const stack = stackReducer([], open(1, 'wallet'));
    expect(stackReducer(stack, { type: 'opened', id: 99 })).toBe(stack);
    expect(stackReducer(stack, { type: 'closed', id: 99 })).toBe(stack);
  });
});
