import { describe, expect, it } from 'vitest';
import { createBackgroundTasks } from './background';

describe('background tasks', () => {
  it('run after the caller, log failures and settle once everything, even later work, is done', async () => {
    const errors: string[] = [];
    const tasks = createBackgroundTasks({ error: (_details, message) => errors.push(message) });
    const done: string[] = [];
    tasks.run('first', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push('first');
      tasks.run('second', async () => {
        done.push('second');
      });
    });
    tasks.run('broken', () => Promise.reject(new Error('boom')));
    expect(done).toEqual([]);
    await tasks.settled();
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual(['broken failed']);
  });
});
