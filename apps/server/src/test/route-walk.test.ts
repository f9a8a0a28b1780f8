import { VALIDATION } from '@dastak/core/messages';
import { expect, it } from 'vitest';
import { isCatalogueMessage } from './route-walk';

// The fuzz and hostile-input tests accept only core's sentences. A rider off duty with one task
// read 'Rider has 1 task in hand; … it …', which the plural-only pattern refused, and the fuzz
// failed at the hours its rider happened to hold a task.
it("knows core's templated sentences in the singular and the plural, and nothing else", () => {
  expect(isCatalogueMessage(VALIDATION.REQUIRED)).toBe(true);
  for (const n of [1, 3]) {
    const noun = n === 1 ? 'task' : 'tasks';
    const pronoun = n === 1 ? 'it' : 'them';
    expect(
      isCatalogueMessage(
        `Rider has ${n} ${noun} in hand; complete or reassign ${pronoun} before going off duty`,
      ),
    ).toBe(true);
  }
  expect(isCatalogueMessage('Rider has 3 tasks in hand; go away')).toBe(false);
});
